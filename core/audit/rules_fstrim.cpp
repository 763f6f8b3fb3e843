// Rules about periodic trimming: fstrim.timer or a cron job.
#include "auditrules.h"
#include "systemsnapshot.h"

namespace trimscope::audit {

namespace {

const QString WantsLink = QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer");
const QString StampKey = QStringLiteral("mtime:/var/lib/systemd/timers/stamp-fstrim.timer");
// fstrim.timer is weekly; a few days of slack for machines that were off.
constexpr qint64 StaleAfterDays = 10;

bool timerMasked(const SystemSnapshot &snapshot)
{
    return snapshot.valueOr(QStringLiteral("/etc/systemd/system/fstrim.timer")) ==
           QLatin1String("/dev/null");
}

bool timerEnabled(const SystemSnapshot &snapshot)
{
    return snapshot.contains(WantsLink) && !timerMasked(snapshot);
}

bool systemdRunning(const SystemSnapshot &snapshot)
{
    const auto comm = snapshot.value(QStringLiteral("/proc/1/comm"));
    return !comm || comm->trimmed() == QLatin1String("systemd");
}

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

QStringList subjectsWantingTrim(const AuditContext &context)
{
    QStringList subjects;
    for (const AuditTarget &target : context.targets) {
        if (periodicTrimWanted(target))
            subjects.append(target.subject);
    }
    return subjects;
}

const QString CronFix =
    QStringLiteral("In /etc/cron.d/fstrim:\n  30 3 * * 0 root /sbin/fstrim --all");

} // namespace

QList<Finding> ruleFstrimTimerDisabled(const AuditContext &context)
{
    const QStringList wanting = subjectsWantingTrim(context);
    if (wanting.isEmpty() || timerEnabled(context.snapshot) ||
        !cronFilesWithFstrim(context.snapshot).isEmpty())
        return {};
    QString fix = timerMasked(context.snapshot)
                      ? QStringLiteral("sudo systemctl unmask fstrim.timer && sudo systemctl "
                                       "enable --now fstrim.timer")
                      : QStringLiteral("sudo systemctl enable --now fstrim.timer");
    if (!systemdRunning(context.snapshot))
        fix = CronFix;
    return {makeFinding(
        Severity::Warning, QStringLiteral("fstrim.timer"),
        timerMasked(context.snapshot) ? AuditText::tr("fstrim.timer is masked")
                                      : AuditText::tr("No periodic TRIM is scheduled"),
        AuditText::tr("Neither fstrim.timer nor a cron job trims %1, and none of them is mounted "
                      "with discard: freed space is never reported to the SSD.")
            .arg(wanting.join(QStringLiteral(", "))),
        fix)};
}

QList<Finding> ruleFstrimTimerStale(const AuditContext &context)
{
    const SystemSnapshot &snapshot = context.snapshot;
    if (!timerEnabled(snapshot) || subjectsWantingTrim(context).isEmpty() ||
        !cronFilesWithFstrim(snapshot).isEmpty())
        return {};
    if (!systemdRunning(snapshot))
        return {makeFinding(Severity::Warning, QStringLiteral("fstrim.timer"),
                            AuditText::tr("fstrim.timer is enabled but systemd is not running"),
                            AuditText::tr("PID 1 is %1, so systemd timers never fire here.")
                                .arg(snapshot.valueOr(QStringLiteral("/proc/1/comm")).trimmed()),
                            CronFix)};
    const QDateTime lastRun = QDateTime::fromString(snapshot.valueOr(StampKey), Qt::ISODate);
    if (!lastRun.isValid())
        return {makeFinding(Severity::Advice, QStringLiteral("fstrim.timer"),
                            AuditText::tr("fstrim.timer has never run"),
                            AuditText::tr("It is enabled, but systemd has no record of a run; "
                                          "normal right after installation, not later."),
                            QStringLiteral("systemctl status fstrim.timer fstrim.service"))};
    const qint64 days = lastRun.daysTo(snapshot.capturedAt());
    if (days <= StaleAfterDays)
        return {};
    return {makeFinding(Severity::Warning, QStringLiteral("fstrim.timer"),
                        AuditText::tr("fstrim.timer last ran %1 days ago").arg(days),
                        AuditText::tr("It should run weekly; check why it did not."),
                        QStringLiteral("journalctl -u fstrim.service -n 20"))};
}

QList<Finding> ruleFstrimTimerLastRun(const AuditContext &context)
{
    const QDateTime lastRun =
        QDateTime::fromString(context.snapshot.valueOr(StampKey), Qt::ISODate);
    if (!timerEnabled(context.snapshot) || !lastRun.isValid() ||
        !systemdRunning(context.snapshot) ||
        lastRun.daysTo(context.snapshot.capturedAt()) > StaleAfterDays)
        return {};
    return {makeFinding(
        Severity::Info, QStringLiteral("fstrim.timer"),
        AuditText::tr("fstrim.timer is enabled; last run %1").arg(lastRun.toString(Qt::ISODate)),
        AuditText::tr("Mounted filesystems on SSDs are trimmed weekly."))};
}

QList<Finding> ruleFstrimCron(const AuditContext &context)
{
    const QStringList files = cronFilesWithFstrim(context.snapshot);
    if (files.isEmpty())
        return {};
    return {makeFinding(
        Severity::Info, QStringLiteral("cron"),
        AuditText::tr("fstrim runs from cron (%1)").arg(files.join(QStringLiteral(", "))),
        timerEnabled(context.snapshot)
            ? AuditText::tr("fstrim.timer is enabled too; one of the two suffices.")
            : AuditText::tr("Periodic TRIM is scheduled by cron."))};
}

} // namespace trimscope::audit
