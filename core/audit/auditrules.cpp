#include "auditrules.h"

namespace trimscope::audit {

const QList<Rule> &auditRules()
{
    // Order is only the order of discovery; the report sorts by severity afterwards.
    static const QList<Rule> rules = {
        {"discards-blocked-crypt", &ruleCryptDiscardsBlocked},
        {"discards-blocked-layer", &ruleLayerDiscardsBlocked},
        {"disk-no-discard", &ruleDiskNoDiscard},
        {"disk-rotational-discard", &ruleRotationalDiscardCapable},
        {"controller-ide-mode", &ruleControllerIdeMode},
        {"lvm-issue-discards", &ruleLvmIssueDiscards},
        {"partition-align-1mib", &rulePartitionAlign1MiB},
        {"partition-align-granularity", &rulePartitionAlignGranularity},
        {"mount-online-discard", &ruleMountOnlineDiscard},
        {"btrfs-async-discard", &ruleBtrfsAsyncDiscard},
        {"mount-strictatime", &ruleMountStrictAtime},
        {"fstab-notrim", &ruleFstabNoTrim},
        {"fill-level-high", &ruleFillLevelHigh},
        {"swap-on-ssd", &ruleSwapOnSsd},
        {"swap-discard", &ruleSwapDiscard},
        {"fstrim-timer-disabled", nullptr, &ruleFstrimTimerDisabled},
        {"fstrim-timer-stale", nullptr, &ruleFstrimTimerStale},
        {"fstrim-timer-last-run", nullptr, &ruleFstrimTimerLastRun},
        {"fstrim-cron", nullptr, &ruleFstrimCron},
        {"seen-through-udisks", nullptr, &ruleSeenThroughUdisks},
    };
    return rules;
}

Finding makeFinding(Severity severity, const QString &subject, const QString &title,
                    const QString &explanation, const QString &fix)
{
    return Finding{QString(), severity, subject, title, explanation, fix};
}

bool usesOnlineDiscard(const AuditTarget &target)
{
    if (target.kind == AuditTarget::Kind::Swap)
        return target.fstabOptions.contains(QStringLiteral("discard"));
    for (const QString &option : target.mountOptions) {
        if (option == QLatin1String("discard") || option.startsWith(QLatin1String("discard=")))
            return true;
    }
    return false;
}

// fstrim --all (what fstrim.timer runs) only helps filesystems whose discards reach the drive.
bool periodicTrimWanted(const AuditTarget &target)
{
    return target.kind == AuditTarget::Kind::Filesystem && target.stack.discardsReachDisk() &&
           !usesOnlineDiscard(target) &&
           !target.fstabOptions.contains(QStringLiteral("X-fstrim.notrim"));
}

} // namespace trimscope::audit
