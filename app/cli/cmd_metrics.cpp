// trimscope-cli metrics: drive health, TRIM reach and fstrim runs for Prometheus (node_exporter's
// textfile collector) or, as JSON, for any other collector. Read-only: the reading happens here,
// everything else in core/metrics.
#include "argumentparsing.h"
#include "audit/systemsnapshot.h"
#include "clioutput.h"
#include "commands.h"
#include "device/deviceprobe.h"
#include "history/historycollect.h"
#include "inputfiles.h"
#include "metrics/metricsassembly.h"
#include "common/atomicfile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace trimscope::cli {

namespace {

using namespace trimscope::metrics;

class CliMetricsText
{
    Q_DECLARE_TR_FUNCTIONS(CliMetrics)
};

// node_exporter's textfile collector reads *.prom; the temporary file QSaveFile writes next to
// it has another suffix, so a half-written file is never read.
const QString kTextfileName = QStringLiteral("trimscope.prom");

HealthReading readHealth(const BlockDevice &disk)
{
    HealthReading reading;
    if (disk.rotational && !disk.supportsDiscard()) {
        // A hard disk has no wear to speak of, and reading SMART would wake a sleeping one every
        // time the timer fires.
        reading.error =
            makeError(ErrorCode::Unsupported,
                      CliMetricsText::tr("a rotational disk without TRIM; not read, so that it "
                                         "is not woken up"));
        return reading;
    }
    auto read = health::readDriveHealth(disk.path, health::LifespanAssumptions{});
    if (!read && read.error().code == ErrorCode::PermissionDenied) {
        reading.error =
            makeError(ErrorCode::PermissionDenied,
                      CliMetricsText::tr("reading health needs root (run as root or through "
                                         "trimscope-metrics.service; `trimscope-cli health "
                                         "DEVICE` asks the helper)"));
        return reading;
    }
    if (read)
        reading.health = std::move(read).value();
    else
        reading.error = read.error();
    return reading;
}

// The history collector's rules as gauges. The history, where there is one, gives the day
// before for the rules about growth; it is only read (a file that is not there is not made).
void addAlertGauges(TrimMetrics &metrics, const QMap<QString, HealthReading> &health,
                    const QString &historyPath)
{
    const QString path = historyPath.isEmpty() ? history::HistoryStore::defaultPath() : historyPath;
    std::unique_ptr<history::HistoryStore> store;
    if (QFileInfo::exists(path)) {
        auto opened = history::HistoryStore::open(path);
        if (opened)
            store = std::move(opened).value();
        else
            metrics.notes.append(CliMetricsText::tr("the history %1 could not be read, so the "
                                                    "alerts about growth are 0: %2")
                                     .arg(path, opened.error().message));
    }
    history::addAlertGauges(metrics, health, store.get(), history::AlertThresholds{});
}

Error loadSweeps(const QStringList &paths, QList<SavedSweep> &sweeps)
{
    for (const QString &path : paths) {
        auto sweep = readResultFileOf<SweepResult>(path);
        if (!sweep)
            return sweep.error();
        sweeps.append({path, std::move(sweep).value()});
    }
    return {};
}

} // namespace

int runMetrics(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption textfileOption(
        QStringLiteral("textfile"),
        CliMetricsText::tr(
            "Write DIR/trimscope.prom atomically (node_exporter's textfile directory) "
            "instead of printing."),
        QStringLiteral("DIR"));
    const QCommandLineOption jsonOption(
        QStringLiteral("json"),
        CliMetricsText::tr("Write the same facts as JSON to FILE ('-': print)."),
        QStringLiteral("FILE"));
    const QCommandLineOption sweepOption(
        QStringLiteral("sweep"),
        CliMetricsText::tr(
            "A saved sweep of one of the drives: adds the advice and the predicted cost of "
            "online discard (repeatable)."),
        QStringLiteral("FILE"));
    const QCommandLineOption snapshotOption(
        QStringLiteral("snapshot"),
        CliMetricsText::tr(
            "Take filesystems and fstrim runs from a saved audit snapshot instead of this "
            "machine."),
        QStringLiteral("FILE"));
    const QCommandLineOption historyOption(
        QStringLiteral("history"),
        CliMetricsText::tr("The drive history the alert rules compare with (default: %1, when "
                           "it exists).")
            .arg(history::HistoryStore::defaultPath()),
        QStringLiteral("PATH"));
    parser.addOptions({textfileOption, jsonOption, sweepOption, snapshotOption, historyOption});
    if (!parseOptionsOnly(parser, QStringLiteral("metrics"), args))
        return ExitRefused;
    const QString textfile = parser.isSet(textfileOption)
                                 ? QDir(parser.value(textfileOption)).filePath(kTextfileName)
                                 : QString();
    const QString jsonPath = parser.value(jsonOption);
    for (const QString &path : {textfile, jsonPath == QLatin1String("-") ? QString() : jsonPath}) {
        if (const Error error = checkResultPathWritable(path); error.isError()) {
            printError(error);
            return ExitRefused;
        }
    }

    MetricsInputs inputs;
    if (const Error error = loadSweeps(parser.values(sweepOption), inputs.sweeps);
        error.isError()) {
        printError(error);
        return ExitRefused;
    }
    if (parser.isSet(snapshotOption)) {
        auto snapshot = readSnapshotFile(parser.value(snapshotOption));
        if (!snapshot) {
            printError(snapshot.error());
            return ExitRefused;
        }
        inputs.snapshot = std::move(snapshot).value();
    } else {
        inputs.snapshot = audit::SystemSnapshot::capture();
    }
    inputs.disks = DeviceProbe::sysfsOnly().listDisks();
    for (const BlockDevice &disk : std::as_const(inputs.disks)) {
        if (isPhysicalDrive(disk))
            inputs.health.insert(disk.name, readHealth(disk));
    }
    // The discard counters since boot (what `watch` reads): of this machine's drives, and of the
    // devices its filesystems are mounted from unless the filesystems come from a saved snapshot.
    const QStringList counted = parser.isSet(snapshotOption)
                                    ? counterNames(inputs.disks, audit::SystemSnapshot())
                                    : counterNames(inputs.disks, inputs.snapshot);
    for (const QString &name : counted) {
        if (const Expected<watch::CounterSnapshot> read = watch::readCounters({name}))
            inputs.counters.devices.insert(name, read->devices.value(name));
    }
    inputs.now = QDateTime::currentDateTimeUtc();
    inputs.toolVersion = QStringLiteral(TRIMSCOPE_VERSION);
    TrimMetrics metrics = assembleMetrics(inputs);
    addAlertGauges(metrics, inputs.health, parser.value(historyOption));

    // What is missing goes to stderr (the journal, for the timer): the output itself only says
    // health_readable 0.
    for (const QString &note : metrics.notes)
        printError(note);

    const QByteArray json = QJsonDocument(toJson(metrics)).toJson(QJsonDocument::Indented);
    if (!jsonPath.isEmpty() && jsonPath != QLatin1String("-")) {
        if (const Error error = writeFileAtomically(jsonPath, json); error.isError()) {
            printError(error);
            return ExitFailure;
        }
    }
    if (!textfile.isEmpty()) {
        if (const Error error = writeFileAtomically(textfile, toPrometheusText(metrics));
            error.isError()) {
            printError(error);
            return ExitFailure;
        }
    }
    if (jsonPath == QLatin1String("-"))
        printOut(QString::fromUtf8(json));
    else if (textfile.isEmpty())
        printOut(QString::fromUtf8(toPrometheusText(metrics)));
    return ExitOk;
}

} // namespace trimscope::cli
