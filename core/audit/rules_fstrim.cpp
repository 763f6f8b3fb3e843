// Rules about periodic trimming: fstrim.timer or a cron job.
#include "auditrules.h"
#include "fstrimstatus.h"
#include "systemsnapshot.h"

namespace trimscope::audit {

namespace {

// fstrim.timer is weekly; a few days of slack for machines that were off.
constexpr qint64 StaleAfterDays = 10;

QStringList subjectsWantingTrim(const AuditContext &context)
{
    QStringList subjects;
    for (const AuditTarget &target : context.targets) {
        if (periodicTrimWanted(target))
            subjects.append(target.subject);
    }
    return subjects;
}

const QString CronFix = QStringLiteral("In %1:\n  %2").arg(fstrimCronFile(), fstrimCronLine());

} // namespace

QList<Finding> ruleFstrimTimerDisabled(const AuditContext &context)
{
    const QStringList wanting = subjectsWantingTrim(context);
    const FstrimStatus status = fstrimStatus(context.snapshot);
    // Not known (seen from a sandbox without systemd's answer) is not off.
    if (wanting.isEmpty() || status.timerEnabled || status.cronConfigured() || !status.timerKnown)
        return {};
    QString fix = status.timerMasked
                      ? QStringLiteral("sudo systemctl unmask fstrim.timer && sudo systemctl "
                                       "enable --now fstrim.timer")
                      : QStringLiteral("sudo systemctl enable --now fstrim.timer");
    if (!status.systemdRunning)
        fix = CronFix;
    return {makeFinding(
        Severity::Warning, QStringLiteral("fstrim.timer"),
        status.timerMasked ? AuditText::tr("fstrim.timer is masked")
                           : AuditText::tr("No periodic TRIM is scheduled"),
        AuditText::tr("Neither fstrim.timer nor a cron job trims %1, and none of them is mounted "
                      "with discard: freed space is never reported to the SSD.")
            .arg(wanting.join(QStringLiteral(", "))),
        fix)};
}

QList<Finding> ruleFstrimTimerStale(const AuditContext &context)
{
    const SystemSnapshot &snapshot = context.snapshot;
    const FstrimStatus status = fstrimStatus(snapshot);
    if (!status.timerEnabled || subjectsWantingTrim(context).isEmpty() || status.cronConfigured())
        return {};
    if (!status.systemdRunning)
        return {makeFinding(Severity::Warning, QStringLiteral("fstrim.timer"),
                            AuditText::tr("fstrim.timer is enabled but systemd is not running"),
                            AuditText::tr("PID 1 is %1, so systemd timers never fire here.")
                                .arg(snapshot.valueOr(QStringLiteral("/proc/1/comm")).trimmed()),
                            CronFix)};
    if (!status.lastRun)
        return {makeFinding(Severity::Advice, QStringLiteral("fstrim.timer"),
                            AuditText::tr("fstrim.timer has never run"),
                            AuditText::tr("It is enabled, but systemd has no record of a run; "
                                          "normal right after installation, not later."),
                            QStringLiteral("systemctl status fstrim.timer fstrim.service"))};
    const qint64 days = status.lastRun->daysTo(snapshot.capturedAt());
    if (days <= StaleAfterDays)
        return {};
    return {makeFinding(Severity::Warning, QStringLiteral("fstrim.timer"),
                        AuditText::tr("fstrim.timer last ran %1 days ago").arg(days),
                        AuditText::tr("It should run weekly; check why it did not."),
                        QStringLiteral("journalctl -u fstrim.service -n 20"))};
}

QList<Finding> ruleFstrimTimerLastRun(const AuditContext &context)
{
    const FstrimStatus status = fstrimStatus(context.snapshot);
    if (!status.timerEnabled || !status.lastRun || !status.systemdRunning ||
        status.lastRun->daysTo(context.snapshot.capturedAt()) > StaleAfterDays)
        return {};
    return {makeFinding(Severity::Info, QStringLiteral("fstrim.timer"),
                        AuditText::tr("fstrim.timer is enabled; last run %1")
                            .arg(status.lastRun->toString(Qt::ISODate)),
                        AuditText::tr("Mounted filesystems on SSDs are trimmed weekly."))};
}

QList<Finding> ruleFstrimCron(const AuditContext &context)
{
    const FstrimStatus status = fstrimStatus(context.snapshot);
    const QStringList &files = status.cronFiles;
    if (files.isEmpty())
        return {};
    return {makeFinding(
        Severity::Info, QStringLiteral("cron"),
        AuditText::tr("fstrim runs from cron (%1)").arg(files.join(QStringLiteral(", "))),
        status.timerEnabled ? AuditText::tr("fstrim.timer is enabled too; one of the two suffices.")
                            : AuditText::tr("Periodic TRIM is scheduled by cron."))};
}

// Seen from the Flatpak sandbox: what the report is built on, and what it could not see.
QList<Finding> ruleSeenThroughUdisks(const AuditContext &context)
{
    const auto view = context.snapshot.value(kHostViewKey);
    if (!view)
        return {};
    QStringList unseen;
    if (view->contains(kHostViewNoUdisks))
        unseen << AuditText::tr("udisks2 did not answer, so the host's mounts, /etc/fstab and "
                                "/etc/crypttab are not in this report");
    if (view->contains(kHostViewFstabOptions))
        unseen << AuditText::tr("the mount options are those /etc/fstab gives (one changed by "
                                "hand since boot is not seen), and fill levels and swap files "
                                "are out of sight");
    if (view->contains(kHostViewNoSystemd))
        unseen << AuditText::tr("systemd did not answer, so whether fstrim.timer is enabled is "
                                "not known");
    return {makeFinding(
        Severity::Info, QStringLiteral("sandbox"),
        AuditText::tr("Seen from the sandbox through udisks2"),
        AuditText::tr("This computer was read as udisks2 and systemd describe it to the sandbox; "
                      "%1.")
            .arg(unseen.join(QStringLiteral("; "))),
        QString())};
}

} // namespace trimscope::audit
