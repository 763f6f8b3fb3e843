#include "fstrimstatus.h"

#include "systemsnapshot.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTimeZone>

namespace trimscope::audit {

namespace {

const QString WantsLink = QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer");
const QString MaskLink = QStringLiteral("/etc/systemd/system/fstrim.timer");
const QString StampKey = QStringLiteral("mtime:/var/lib/systemd/timers/stamp-fstrim.timer");

QStringList cronFilesWithFstrim(const SystemSnapshot &snapshot)
{
    QStringList files;
    const auto &entries = snapshot.entries();
    for (auto it = entries.constBegin(); it != entries.constEnd(); ++it) {
        const bool cron = it.key().startsWith(QLatin1String("/etc/cron")) ||
                          it.key().startsWith(QLatin1String("/var/spool/cron/"));
        if (cron && it.value().contains(QLatin1String("fstrim")))
            files.append(it.key());
    }
    return files;
}

// systemd answers for a unit it knows; "not-found" means the unit file is not installed.
std::optional<QMap<QString, QString>> loadedUnit(const SystemSnapshot &snapshot,
                                                 const QString &unit)
{
    const auto text = snapshot.value(systemctlShowKey(unit));
    if (!text)
        return std::nullopt;
    QMap<QString, QString> properties = parseSystemctlShow(*text);
    if (properties.value(QStringLiteral("LoadState")) != QLatin1String("loaded"))
        return std::nullopt;
    return properties;
}

void applyTimer(FstrimStatus &status, const QMap<QString, QString> &timer)
{
    const QString fileState = timer.value(QStringLiteral("UnitFileState"));
    if (!fileState.isEmpty()) {
        status.timerMasked = fileState.startsWith(QLatin1String("masked"));
        status.timerEnabled = fileState.startsWith(QLatin1String("enabled"));
    }
    status.nextRun = parseSystemdTimestamp(timer.value(QStringLiteral("NextElapseUSecRealtime")));
    if (!status.lastRun) {
        status.lastRun = parseSystemdTimestamp(timer.value(QStringLiteral("LastTriggerUSec")));
        if (status.lastRun)
            status.lastRunSource = QStringLiteral("fstrim.timer");
    }
}

void applyService(FstrimStatus &status, const QMap<QString, QString> &service)
{
    status.lastRun = parseSystemdTimestamp(service.value(QStringLiteral("ExecMainStartTimestamp")));
    if (!status.lastRun)
        return; // not run in this boot: its Result says nothing about the last run
    status.lastRunSource = QStringLiteral("fstrim.service");
    const QString active = service.value(QStringLiteral("ActiveState"));
    if (active == QLatin1String("activating") || active == QLatin1String("deactivating"))
        return; // running now: the result is not in yet
    status.lastResult = service.value(QStringLiteral("Result"));
    if (!status.lastResult.isEmpty())
        status.lastRunSucceeded =
            status.lastResult == QLatin1String("success") && active != QLatin1String("failed");
    bool ok = false;
    const int exitStatus = service.value(QStringLiteral("ExecMainStatus")).toInt(&ok);
    if (ok)
        status.lastExitStatus = exitStatus;
}

QJsonValue timeJson(const std::optional<QDateTime> &when)
{
    return when ? QJsonValue(when->toUTC().toString(Qt::ISODate)) : QJsonValue();
}

} // namespace

QStringList systemctlShowArguments(const QString &unit)
{
    const QString properties =
        unit.endsWith(QLatin1String(".timer"))
            ? QStringLiteral("LoadState,UnitFileState,LastTriggerUSec,NextElapseUSecRealtime")
            : QStringLiteral("LoadState,ActiveState,Result,ExecMainStatus,ExecMainStartTimestamp,"
                             "ExecMainExitTimestamp");
    return {QStringLiteral("show"), unit, QStringLiteral("--timestamp=unix"), QStringLiteral("-p"),
            properties};
}

QString systemctlShowKey(const QString &unit)
{
    return QStringLiteral("cmd:systemctl ") + systemctlShowArguments(unit).join(QLatin1Char(' '));
}

QMap<QString, QString> parseSystemctlShow(const QString &text)
{
    QMap<QString, QString> properties;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq > 0)
            properties.insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    return properties;
}

std::optional<QDateTime> parseSystemdTimestamp(const QString &value)
{
    if (value.startsWith(QLatin1Char('@'))) {
        bool ok = false;
        const qint64 seconds = value.mid(1).toLongLong(&ok);
        if (!ok || seconds <= 0)
            return std::nullopt;
        return QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc());
    }
    // "Mon 2026-11-23 04:13:56 UTC": only in UTC, which capture asks for (TZ=UTC); a zone
    // abbreviation such as CET or IST is ambiguous.
    static const QRegularExpression pretty(
        QStringLiteral("^[A-Z][a-z]{2} (\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) UTC$"));
    const auto match = pretty.match(value);
    if (!match.hasMatch())
        return std::nullopt;
    QDateTime when =
        QDateTime::fromString(match.captured(1), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    if (!when.isValid())
        return std::nullopt;
    when.setTimeZone(QTimeZone::utc());
    return when;
}

QString fstrimCronFile()
{
    return QStringLiteral("/etc/cron.d/fstrim");
}

QString fstrimCronLine()
{
    return QStringLiteral("30 3 * * 0 root /sbin/fstrim --all");
}

FstrimStatus fstrimStatus(const SystemSnapshot &snapshot)
{
    FstrimStatus status;
    status.timerMasked = snapshot.valueOr(MaskLink) == QLatin1String("/dev/null");
    status.timerEnabled = snapshot.contains(WantsLink) && !status.timerMasked;
    const auto comm = snapshot.value(QStringLiteral("/proc/1/comm"));
    status.systemdRunning = !comm || comm->trimmed() == QLatin1String("systemd");
    status.cronFiles = cronFilesWithFstrim(snapshot);
    status.timerKnown = !snapshot.valueOr(kHostViewKey).contains(kHostViewNoSystemd);

    // systemd's own word, where it ran when the snapshot was taken, beats reading its files.
    if (const auto service = loadedUnit(snapshot, QStringLiteral("fstrim.service")))
        applyService(status, *service);
    if (const auto timer = loadedUnit(snapshot, QStringLiteral("fstrim.timer")))
        applyTimer(status, *timer);
    if (!status.lastRun) {
        const QDateTime stamp = QDateTime::fromString(snapshot.valueOr(StampKey), Qt::ISODate);
        if (stamp.isValid()) {
            status.lastRun = stamp;
            status.lastRunSource = QStringLiteral("stamp-file");
        }
    }
    return status;
}

QJsonObject FstrimStatus::toJson() const
{
    return {
        {QStringLiteral("timer_enabled"), timerEnabled},
        {QStringLiteral("timer_masked"), timerMasked},
        {QStringLiteral("systemd_running"), systemdRunning},
        {QStringLiteral("timer_known"), timerKnown},
        {QStringLiteral("cron_files"), QJsonArray::fromStringList(cronFiles)},
        {QStringLiteral("last_run"), timeJson(lastRun)},
        {QStringLiteral("last_run_source"), lastRunSource},
        {QStringLiteral("last_run_succeeded"),
         lastRunSucceeded ? QJsonValue(*lastRunSucceeded) : QJsonValue()},
        {QStringLiteral("last_result"), lastResult},
        {QStringLiteral("last_exit_status"),
         lastExitStatus ? QJsonValue(*lastExitStatus) : QJsonValue()},
        {QStringLiteral("next_run"), timeJson(nextRun)},
    };
}

} // namespace trimscope::audit
