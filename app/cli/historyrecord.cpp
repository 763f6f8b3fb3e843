// The collector: `trimscope-cli history record` and trimscope-history-record (the same without
// Qt Gui, historyrecordmain.cpp). Reads every physical drive's health (as root directly,
// otherwise as udisks2 passes it on: no password either way), its discard counters, where TRIM
// reaches and fstrim's last run, writes the day into the history and delivers the alerts that
// are new. The deciding is core/history's; this file only reads and delivers.
#include "historyrecord.h"

#include "alertcommand.h"
#include "argumentparsing.h"
#include "audit/systemsnapshot.h"
#include "clioutput.h"
#include "commands.h"
#include "common/childprocess.h"
#include "common/kernelfile.h"
#include "device/deviceprobe.h"
#include "history/alertwords.h"
#include "history/historycollect.h"
#include "history/historysimulate.h"
#include "historybus.h"
#include "metrics/metricsassembly.h"
#include "unattendedhealth.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <algorithm>

namespace trimscope::cli {

namespace {
using namespace trimscope::history;

struct CliHistoryRecord
{
    Q_DECLARE_TR_FUNCTIONS(CliHistory)
};

const QStringList kJournalDirs{QStringLiteral("/var/log/journal"),
                               QStringLiteral("/run/log/journal")};

QString readSysText(const QString &path)
{
    return QString::fromUtf8(readKernelFile(path, 4096).value_or(QByteArray())).trimmed();
}

QString wwidOf(const QString &name)
{
    const QString base = QStringLiteral("/sys/class/block/") + name;
    const QString direct = readSysText(base + QStringLiteral("/wwid"));
    return direct.isEmpty() ? readSysText(base + QStringLiteral("/device/wwid")) : direct;
}

FoundDrive findDrive(const BlockDevice &disk)
{
    FoundDrive found;
    found.disk = disk;
    found.wwid = wwidOf(disk.name);
    // virtio disks have no WWN; their serial number is in sysfs only.
    if (found.disk.serial.isEmpty())
        found.disk.serial =
            readSysText(QStringLiteral("/sys/class/block/%1/serial").arg(disk.name));
    // A card reader's medium swapped since the last reading starts a new series: its counters
    // hold the card before's discards too (noted in the attachment ledger as the watch does).
    found.discards = readDiscardCounters(disk);
    if (disk.rotational && !disk.supportsDiscard()) {
        // No wear to speak of, and reading SMART would wake a sleeping disk.
        found.healthError = CliHistoryRecord::tr("a rotational disk without TRIM: not read, so "
                                                 "that it is not woken up");
        return found;
    }
    // No password, and the drive asked nothing beyond udisksd's own polling: root reads the
    // drive itself, anyone else takes what udisksd read on its own last poll (through D-Bus,
    // loaded only here: historybus.h).
    auto read = [&]() -> Expected<health::DriveHealth> {
        if (readsDriveHealthItself())
            return health::readDriveHealth(disk.path, {});
        const auto bus = historyBus();
        return bus ? (*bus)->readUdisksHealth(disk.path)
                   : Expected<health::DriveHealth>(bus.error());
    }();
    if (read)
        found.health = std::move(read).value();
    else
        found.healthError = read.error().message;
    return found;
}

std::optional<AlertThresholds> thresholdsFrom(const QCommandLineParser &parser,
                                              const QCommandLineOption &wear,
                                              const QCommandLineOption &temperature,
                                              const QCommandLineOption &spare,
                                              const QCommandLineOption &stale)
{
    AlertThresholds t;
    bool ok = true;
    if (parser.isSet(wear)) {
        t.wearSteps.clear();
        for (const QString &step : parser.value(wear).split(QLatin1Char(','))) {
            bool good = false;
            t.wearSteps.append(step.toDouble(&good));
            ok = ok && good;
        }
    }
    const auto number = [&](const QCommandLineOption &o, auto &target) {
        if (!parser.isSet(o))
            return;
        bool good = false;
        const double v = parser.value(o).toDouble(&good);
        ok = ok && good && v >= 0;
        target = std::remove_reference_t<decltype(target)>(v);
    };
    number(temperature, t.temperatureWarningCelsius);
    double spareValue = 0;
    number(spare, spareValue);
    if (parser.isSet(spare))
        t.spareThresholdPercent = spareValue;
    number(stale, t.fstrimStaleDays);
    return ok ? std::optional(t) : std::nullopt;
}

// fstrim.service's runs as the journal kept them (the last 35 days: a missed weekly run or
// four). Nothing where no journal is kept or this user may not read it: the amounts and times
// of the runs then stay unknown.
QList<audit::FstrimRun> readFstrimJournal()
{
    const bool kept = std::any_of(kJournalDirs.cbegin(), kJournalDirs.cend(), [](const QString &d) {
        return !QDir(d).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty();
    });
    const QString journalctl = QStandardPaths::findExecutable(QStringLiteral("journalctl"));
    if (!kept || journalctl.isEmpty())
        return {};
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    environment.insert(QStringLiteral("SYSTEMD_PAGER"), QString());
    process.setProcessEnvironment(environment);
    killWithParent(process);
    process.start(journalctl, audit::fstrimJournalArguments(35), QIODevice::ReadOnly);
    if (!process.waitForFinished(10000)) {
        process.kill();
        process.waitForFinished(1000);
        return {};
    }
    return audit::parseFstrimJournal(process.readAllStandardOutput());
}

struct Delivery
{
    bool notify = false;
    QString command;
    double waitSeconds = 0;
};

void deliver(const QList<AlertMessage> &messages, const Delivery &how)
{
    QList<quint32> ids;
    for (const AlertMessage &m : messages) {
        printError(m.text.summary);
        if (how.notify) {
            // "Open TrimScope" only where this run stays to answer it (--notify-wait).
            const auto bus = historyBus();
            const auto id = bus ? (*bus)->notifyDesktop(m, how.waitSeconds > 0)
                                : Expected<quint32>(bus.error());
            if (id)
                ids.append(*id);
            else
                printError(id.error());
        }
        if (!how.command.isEmpty()) {
            if (const Error e = runAlertCommand(how.command, m); e.isError())
                printError(e);
        }
    }
    // Ids come only from notifications sent through the bus, so it is loaded already.
    if (!ids.isEmpty())
        (*historyBus())
            ->openOnAction(ids, QStringLiteral("/dev/") + messages.constFirst().driveName,
                           how.waitSeconds);
}

// The alerts of one drive that are new since the last delivery, delivered and remembered.
void alertDrive(HistoryStore &store, qint64 id, const DriveState &previous,
                const DriveState &current, const AlertThresholds &thresholds,
                const DriveReading &reading, const Delivery &delivery)
{
    const QList<Alert> conditions = evaluateAlerts(previous, current, thresholds);
    QList<AlertMessage> messages;
    const QString label = QStringLiteral("%1 (%2)").arg(reading.model, reading.name);
    for (const Alert &a : newAlerts(conditions, store.sentAlerts(id)))
        messages.append({a, reading.key, reading.name, alertText(a, label)});
    deliver(messages, delivery);
    if (const Error e = store.setSentAlerts(id, standingAlerts(conditions)); e.isError())
        printError(e);
}

int recordSimulated(HistoryStore &store, const QString &profile, int days,
                    const AlertThresholds &thresholds, const Delivery &delivery)
{
    const QList<DriveReading> readings = simulatedHistory(profile, QDate::currentDate(), days);
    if (readings.isEmpty()) {
        printError(CliHistoryRecord::tr("unknown simulated drive '%1' (trimscope-cli profiles)")
                       .arg(profile));
        return ExitRefused;
    }
    // Day by day, as a collector running daily would have: each day against the one before.
    // Days already in the history were alerted on when they were recorded: a second fill sends
    // nothing again.
    QSet<QDate> recordedBefore;
    if (const auto known = store.findDrive(readings.constFirst().key)) {
        for (const HistoryDay &d : store.days(known->id))
            recordedBefore.insert(d.day);
    }
    DriveState previous;
    for (const DriveReading &r : readings) {
        const auto id = store.record(r);
        if (!id) {
            printError(id.error());
            return ExitFailure;
        }
        DriveState current;
        current.day = r.day;
        current.trimReach = previous.trimReach;
        current.now = r.day.day.startOfDay();
        for (const HistoryEvent &e : r.events) {
            if (e.kind == EventKind::TrimReach)
                current.trimReach = trimReachFrom(e);
        }
        if (!recordedBefore.contains(r.day.day))
            alertDrive(store, *id, previous, current, thresholds, r, delivery);
        previous = current;
    }
    printOut(CliHistoryRecord::tr("Recorded %1 days of the simulated drive %2 in %3\n")
                 .arg(readings.size())
                 .arg(profile, store.path()));
    return ExitOk;
}

} // namespace

int runHistoryRecord(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption dbOption(
        QStringLiteral("db"),
        CliHistoryRecord::tr("The history file (default: %1).").arg(HistoryStore::defaultPath()),
        QStringLiteral("PATH"));
    const QCommandLineOption simulateOption(
        QStringLiteral("simulate"),
        CliHistoryRecord::tr("Fill the history with made-up days of a simulated drive."),
        QStringLiteral("PROFILE"));
    const QCommandLineOption daysOption(QStringLiteral("days"),
                                        CliHistoryRecord::tr("With --simulate: how many days."),
                                        QStringLiteral("N"), QStringLiteral("365"));
    const QCommandLineOption notifyOption(
        QStringLiteral("notify"),
        CliHistoryRecord::tr("Show new alerts as desktop notifications."));
    const QCommandLineOption waitOption(
        QStringLiteral("notify-wait"),
        CliHistoryRecord::tr("Offer \"Open TrimScope\" on a notification and wait this long "
                             "for it (0: not offered)."),
        QStringLiteral("SECONDS"), QStringLiteral("0"));
    const QCommandLineOption commandOption(
        QStringLiteral("alert-command"),
        CliHistoryRecord::tr("Run PROGRAM for each new alert with the arguments RULE STATE "
                             "DRIVE-KEY DRIVE-NAME SUMMARY BODY (no shell)."),
        QStringLiteral("PROGRAM"));
    const QCommandLineOption wearOption(
        QStringLiteral("wear-steps"),
        CliHistoryRecord::tr("Wear percentages that raise an alert (default 80,90,100)."),
        QStringLiteral("LIST"));
    const QCommandLineOption temperatureOption(
        QStringLiteral("temperature-warning"),
        CliHistoryRecord::tr("Alert above this temperature in °C (default 70)."),
        QStringLiteral("CELSIUS"));
    const QCommandLineOption spareOption(
        QStringLiteral("spare-threshold"),
        CliHistoryRecord::tr("Alert under this available spare (default: the drive's own)."),
        QStringLiteral("PERCENT"));
    const QCommandLineOption staleOption(
        QStringLiteral("fstrim-stale-days"),
        CliHistoryRecord::tr("Alert when fstrim has not run for this many days (default 14)."),
        QStringLiteral("N"));
    parser.addOptions({dbOption, simulateOption, daysOption, notifyOption, waitOption,
                       commandOption, wearOption, temperatureOption, spareOption, staleOption});
    // trimscope-cli answers --help itself (its usage line); trimscope-history-record lists the
    // options from here.
    parser.setApplicationDescription(CliHistoryRecord::tr(
        "Adds today's reading of every drive to the drive history and sends "
        "the alerts that are new (the same as trimscope-cli history record)."));
    // Not addHelpOption(): the --help-all it adds would be taken as no option and record.
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")},
                                        CliHistoryRecord::tr("Show these options."));
    parser.addOption(helpOption);
    if (!parseOptionsOnly(parser, QStringLiteral("history record"), args))
        return ExitRefused;
    if (parser.isSet(helpOption)) {
        printOut(parser.helpText());
        return ExitOk;
    }
    const auto thresholds =
        thresholdsFrom(parser, wearOption, temperatureOption, spareOption, staleOption);
    bool daysOk = false;
    const int simulatedDays = parser.value(daysOption).toInt(&daysOk);
    if (!thresholds || !daysOk || simulatedDays <= 0) {
        printError(CliHistoryRecord::tr("the thresholds and --days need numbers"));
        return ExitRefused;
    }

    const QString path =
        parser.isSet(dbOption) ? parser.value(dbOption) : HistoryStore::defaultPath();
    auto opened = HistoryStore::open(path);
    if (!opened) {
        printError(opened.error());
        return ExitFailure;
    }
    HistoryStore &store = **opened;
    if (!store.movedAsideReason().isEmpty())
        printError(store.movedAsideReason());

    const Delivery delivery{parser.isSet(notifyOption), parser.value(commandOption),
                            parser.value(waitOption).toDouble()};
    if (parser.isSet(simulateOption))
        return recordSimulated(store, parser.value(simulateOption), simulatedDays, *thresholds,
                               delivery);

    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QDate today = QDate::currentDate();
    metrics::MetricsInputs inputs;
    for (const BlockDevice &disk : DeviceProbe::sysfsOnly().listDisks()) {
        if (metrics::isPhysicalDrive(disk))
            inputs.disks.append(disk);
    }
    inputs.snapshot = audit::SystemSnapshot::capture();
    inputs.now = now;
    const metrics::TrimMetrics trim = metrics::assembleMetrics(inputs);

    const QList<audit::FstrimRun> journalRuns =
        journalMayHaveNewRun(trim.fstrim, lastJournalRun(store)) ? readFstrimJournal()
                                                                 : QList<audit::FstrimRun>();

    int recorded = 0;
    int status = ExitOk;
    for (const BlockDevice &disk : std::as_const(inputs.disks)) {
        const FoundDrive found = findDrive(disk);
        DriveReading reading = readingOf(found, today);
        if (reading.key.isEmpty()) {
            printError(CliHistoryRecord::tr("%1: no WWN and no serial number, so it could not be "
                                            "told from another drive; not recorded")
                           .arg(disk.name));
            continue;
        }
        if (!found.healthError.isEmpty())
            printError(
                CliHistoryRecord::tr("%1: health not read: %2").arg(disk.name, found.healthError));
        const auto known = store.findDrive(reading.key);
        DriveState previous = known ? previousState(store, known->id, today) : DriveState{};
        DriveState current = currentState(trim, disk.name, std::nullopt, now);
        if (!current.trimReach.isEmpty() && current.trimReach != previous.trimReach)
            reading.events.append(trimReachEvent(current.trimReach, now));
        if (!current.trimReach.isEmpty())
            reading.events += fstrimEvents(trim.fstrim, journalRuns, current.trimReach.keys());
        const auto id = store.record(reading);
        if (!id) {
            printError(id.error());
            status = ExitFailure;
            continue;
        }
        ++recorded;
        const QList<HistoryDay> day = store.days(*id, today, today);
        if (!day.isEmpty())
            current.day = day.constFirst();
        alertDrive(store, *id, previous, current, *thresholds, reading, delivery);
    }
    printOut(CliHistoryRecord::tr("Recorded %1 of %2 drives in %3\n")
                 .arg(recorded)
                 .arg(inputs.disks.size())
                 .arg(store.path()));
    return status;
}

} // namespace trimscope::cli
