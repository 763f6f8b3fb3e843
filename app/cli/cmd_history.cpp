// trimscope-cli history: the drive over time, from the history the collector
// (`history record`, historyrecord.cpp) writes. Days as a table or JSON, with the lifespan from
// the last 30 and 90 days beside the one from the average since new.
#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "health/healthwords.h"
#include "history/historylifespan.h"
#include "history/historystore.h"
#include "historyrecord.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <optional>

namespace trimscope::cli {

namespace {
using namespace trimscope::history;

struct CliHistory
{
    Q_DECLARE_TR_FUNCTIONS(CliHistory)
};

QString cell(const std::optional<double> &v, QString (*format)(double))
{
    return v ? format(*v) : QStringLiteral("-");
}
QString bytes(double v)
{
    return formatBytes(quint64(v));
}
QString number(double v)
{
    return formatNumber(v, 4);
}
QString percent(double v)
{
    return formatPercent(v);
}

QString temperatures(const HistoryDay &d)
{
    const auto lo = d.value(Metric::TemperatureMinCelsius);
    const auto hi = d.value(Metric::TemperatureMaxCelsius);
    if (!lo || !hi)
        return QStringLiteral("-");
    return QStringLiteral("%1–%2").arg(formatNumber(*lo, 3), formatNumber(*hi, 3));
}

QString dayTable(const QList<HistoryDay> &days)
{
    QString out = CliHistory::tr("Day         Power-on h  Writes      Reads       Wear  Spare  "
                                 "Temp °C  Media  CRC  Realloc  Pending  Warn  Discards  "
                                 "Discarded\n");
    QDate previous;
    for (const HistoryDay &d : days) {
        if (previous.isValid() && previous.daysTo(d.day) > 1)
            out += CliHistory::tr("            (%n day(s) not recorded)\n", nullptr,
                                  int(previous.daysTo(d.day) - 1));
        previous = d.day;
        out += QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8  %9  %10  %11  %12  %13  %14\n")
                   .arg(d.day.toString(Qt::ISODate))
                   .arg(cell(d.value(Metric::PowerOnHours), number), 10)
                   .arg(cell(d.value(Metric::HostWritesBytes), bytes), -10)
                   .arg(cell(d.value(Metric::HostReadsBytes), bytes), -10)
                   .arg(cell(d.value(Metric::PercentUsed), percent), 4)
                   .arg(cell(d.value(Metric::AvailableSparePercent), percent), 5)
                   .arg(temperatures(d), 7)
                   .arg(cell(d.value(Metric::MediaErrors), number), 5)
                   .arg(cell(d.value(Metric::CrcErrors), number), 3)
                   .arg(cell(d.value(Metric::ReallocatedSectors), number), 7)
                   .arg(cell(d.value(Metric::PendingSectors), number), 7)
                   .arg(cell(d.value(Metric::CriticalWarningBits), number), 4)
                   .arg(cell(d.value(Metric::DiscardCount), number), 8)
                   .arg(cell(d.value(Metric::DiscardBytes), bytes));
    }
    return out;
}

// fstrim's runs since `from`: when, how much of this drive's filesystems, how long, how it ended;
// "unknown" for what neither the journal nor systemd said (the amount where no journal is kept).
QString fstrimLines(const QList<HistoryEvent> &runs, QDate from)
{
    QString out;
    for (const HistoryEvent &e : runs) {
        if (e.at.toLocalTime().date() < from)
            continue;
        const QJsonObject &d = e.details;
        const QString amount =
            d.contains(QStringLiteral("bytes"))
                ? formatBytes(quint64(d.value(QStringLiteral("bytes")).toDouble()))
                : CliHistory::tr("unknown");
        const QString duration = d.contains(QStringLiteral("seconds"))
                                     ? CliHistory::tr("%1 s").arg(formatNumber(
                                           d.value(QStringLiteral("seconds")).toDouble(), 3))
                                     : CliHistory::tr("unknown");
        const QString ended = !d.contains(QStringLiteral("succeeded")) ? CliHistory::tr("unknown")
                              : d.value(QStringLiteral("succeeded")).toBool()
                                  ? CliHistory::tr("succeeded")
                                  : CliHistory::tr("failed");
        out += CliHistory::tr("fstrim %1: trimmed %2, took %3, %4\n")
                   .arg(e.at.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), amount,
                        duration, ended);
    }
    return out;
}

// `unknownText`: why `e` is unknown, in the user's language (core's unknownReason is English, for
// the JSON).
QString lifespanLine(const QString &label, const health::LifespanEstimate &e,
                     const QString &unknownText)
{
    if (!e.years)
        return CliHistory::tr("%1 unknown (%2)\n").arg(label, unknownText);
    return CliHistory::tr("%1 about %2 years in total at %3 a day (over %4 days)\n")
        .arg(label, formatNumber(*e.years, 3), formatBytes(quint64(e.input.writeRate->bytesPerDay)),
             formatNumber(e.input.writeRate->days, 3));
}

QJsonObject dayJson(const HistoryDay &d)
{
    QJsonObject o{{QStringLiteral("day"), d.day.toString(Qt::ISODate)}};
    for (const MetricInfo &m : metricInfos()) {
        if (const auto v = d.value(m.metric))
            o.insert(QLatin1String(m.column), *v);
    }
    if (!d.smartStatus.isEmpty())
        o.insert(QStringLiteral("smart_status"), d.smartStatus);
    return o;
}

QJsonObject driveJson(const HistoryStore &store, const DriveRecord &drive,
                      const QList<HistoryDay> &days, const QList<WindowLifespan> &windows,
                      const health::LifespanEstimate &sinceNew)
{
    QJsonArray dayArray, eventArray, windowArray;
    for (const HistoryDay &d : days)
        dayArray.append(dayJson(d));
    for (const HistoryEvent &e : store.events(drive.id))
        eventArray.append(QJsonObject{{QStringLiteral("at"), e.at.toString(Qt::ISODate)},
                                      {QStringLiteral("kind"), eventKindName(e.kind)},
                                      {QStringLiteral("details"), e.details}});
    for (const WindowLifespan &w : windows) {
        QJsonObject o = w.estimate.toJson();
        o.insert(QStringLiteral("window_days"), w.windowDays);
        windowArray.append(o);
    }
    return {{QStringLiteral("key"), drive.key},
            {QStringLiteral("model"), drive.model},
            {QStringLiteral("serial"), drive.serial},
            {QStringLiteral("name"), drive.lastName},
            {QStringLiteral("capacity_bytes"), drive.capacityBytes},
            {QStringLiteral("days"), dayArray},
            {QStringLiteral("events"), eventArray},
            {QStringLiteral("lifespan_since_new"), sinceNew.toJson()},
            {QStringLiteral("lifespan_recent"), windowArray}};
}
} // namespace

int runHistory(const QStringList &args)
{
    if (!args.isEmpty() && args.constFirst() == QLatin1String("record"))
        return runHistoryRecord(args.mid(1));
    QCommandLineParser parser;
    const QCommandLineOption dbOption(
        QStringLiteral("db"),
        CliHistory::tr("The history file (default: %1).").arg(HistoryStore::defaultPath()),
        QStringLiteral("PATH"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), CliHistory::tr("Print JSON."));
    const QCommandLineOption daysOption(QStringLiteral("days"),
                                        CliHistory::tr("Show only the last N days (default 30)."),
                                        QStringLiteral("N"), QStringLiteral("30"));
    parser.addOptions({dbOption, jsonOption, daysOption});
    parser.addPositionalArgument(QStringLiteral("DRIVE"),
                                 CliHistory::tr("A drive: its name (sda), serial or key."));
    if (!parseArguments(parser, QStringLiteral("history"), args))
        return ExitRefused;
    bool ok = false;
    const int shown = parser.value(daysOption).toInt(&ok);
    if (!ok || shown <= 0 || parser.positionalArguments().size() > 1) {
        printError(CliHistory::tr("give at most one DRIVE, and --days a positive number"));
        return ExitRefused;
    }
    const QString path =
        parser.isSet(dbOption) ? parser.value(dbOption) : HistoryStore::defaultPath();
    if (!QFile::exists(path)) {
        // Showing creates nothing: only the collector starts a history.
        printOut(CliHistory::tr("No drive has a history in %1 yet (trimscope-cli history "
                                "record).\n")
                     .arg(path));
        return ExitOk;
    }
    auto opened = HistoryStore::open(path);
    if (!opened) {
        printError(opened.error());
        return ExitFailure;
    }
    const HistoryStore &store = **opened;
    if (!store.movedAsideReason().isEmpty())
        printError(store.movedAsideReason());
    QList<DriveRecord> drives = store.drives();
    if (!parser.positionalArguments().isEmpty()) {
        const auto one = store.findDrive(parser.positionalArguments().constFirst());
        if (!one) {
            printError(CliHistory::tr("%1 has no history in %2")
                           .arg(parser.positionalArguments().constFirst(), store.path()));
            return ExitRefused;
        }
        drives = {*one};
    }
    QJsonArray json;
    QString text;
    // The text is read by people: numbers in their locale, as `health` writes them.
    std::optional<PeopleNumbers> people;
    if (!parser.isSet(jsonOption))
        people.emplace();
    for (const DriveRecord &drive : std::as_const(drives)) {
        const QList<HistoryDay> days = store.days(drive.id);
        const health::LifespanEstimate sinceNew = lifespanSinceNew(days, drive.capacityBytes, {});
        const QList<WindowLifespan> windows{lifespanOverWindow(days, 30, drive.capacityBytes, {}),
                                            lifespanOverWindow(days, 90, drive.capacityBytes, {})};
        const QList<HistoryDay> recent = days.mid(std::max<qsizetype>(0, days.size() - shown));
        if (parser.isSet(jsonOption)) {
            json.append(driveJson(store, drive, recent, windows, sinceNew));
            continue;
        }
        text += CliHistory::tr("%1 (%2, %3), %n day(s) recorded\n", nullptr, int(days.size()))
                    .arg(drive.model, drive.lastName, drive.key);
        text += lifespanLine(CliHistory::tr("Lifespan, average since new:"), sinceNew,
                             health::lifespanUnknownText(sinceNew));
        for (const WindowLifespan &w : windows)
            text += lifespanLine(CliHistory::tr("Lifespan, last %1 days:     ").arg(w.windowDays),
                                 w.estimate, windowLifespanUnknownText(w));
        text += dayTable(recent);
        if (!recent.isEmpty())
            text +=
                fstrimLines(store.events(drive.id, EventKind::FstrimRun), recent.constFirst().day);
        text += QLatin1Char('\n');
    }
    if (parser.isSet(jsonOption))
        printOut(
            QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("history"), store.path()},
                                                        {QStringLiteral("drives"), json}})
                                  .toJson(QJsonDocument::Indented)));
    else
        printOut(drives.isEmpty() ? CliHistory::tr("No drive has a history in %1 yet "
                                                   "(trimscope-cli history record).\n")
                                        .arg(store.path())
                                  : text);
    return ExitOk;
}

} // namespace trimscope::cli
