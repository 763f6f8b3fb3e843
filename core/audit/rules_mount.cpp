// Rules about how a filesystem or swap area is mounted and filled.
#include "auditrules.h"
#include "systemsnapshot.h"
#include "common/shellquote.h"

namespace trimscope::audit {

namespace {

// Filesystems whose synchronous discard costs a TRIM per freed extent, on the delete path.
bool hasSyncDiscardCost(const AuditTarget &target)
{
    static const QStringList types = {QStringLiteral("ext4"), QStringLiteral("ext3"),
                                      QStringLiteral("xfs"), QStringLiteral("jfs"),
                                      QStringLiteral("btrfs")};
    // btrfs "discard=async" batches discards in the background: the recommended mode.
    return types.contains(target.fsType) && target.mountOptions.contains(QStringLiteral("discard"));
}

QString fstabFix(const AuditTarget &target, const QStringList &options)
{
    return AuditText::tr("In /etc/fstab:\n  %1")
        .arg(replaceColumn(target.fstabLine, 3, options.join(QLatin1Char(','))));
}

} // namespace

QList<Finding> ruleMountOnlineDiscard(const AuditContext &context, const AuditTarget &target)
{
    if (target.kind != AuditTarget::Kind::Filesystem || !hasSyncDiscardCost(target))
        return {};
    // A remount alone lasts until the next boot: the line that mounts the filesystem then must
    // say nodiscard, also where discard comes from a default and not from the line.
    const QString remount = shellCommand(
        {QStringLiteral("sudo"), QStringLiteral("mount"), QStringLiteral("-o"),
         QStringLiteral("remount,nodiscard")},
        {target.subject});
    QString fix =
        target.fstabLine.isEmpty()
            ? AuditText::tr("%1\n(until the next boot only: no line in /etc/fstab mounts %2, so "
                            "add nodiscard to the options of whatever mounts it at boot)")
                  .arg(remount, shellQuoted(target.subject))
            : fstabFix(target, withDiscardOption(target.fsType, target.fstabOptions, false)) +
                  QLatin1Char('\n') + remount;
    // Without online discard, something must trim periodically instead.
    if (!context.snapshot.contains(
            QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer")))
        fix += QStringLiteral("\nsudo systemctl enable --now fstrim.timer");
    return {makeFinding(
        Severity::Advice, target.subject,
        AuditText::tr("%1 is mounted with online discard").arg(target.subject),
        AuditText::tr("Every delete sends TRIM at once; on many SSDs deleting many files becomes "
                      "dozens of times slower. A weekly fstrim frees the same space in one batch."),
        fix)};
}

QList<Finding> ruleMountStrictAtime(const AuditContext &, const AuditTarget &target)
{
    if (target.kind != AuditTarget::Kind::Filesystem)
        return {};
    for (const char *option : {"noatime", "relatime", "lazytime"}) {
        if (target.mountOptions.contains(QLatin1String(option)))
            return {};
    }
    QStringList options = withoutOption(target.fstabOptions, QStringLiteral("strictatime"));
    options =
        withOption(withoutOption(options, QStringLiteral("relatime")), QStringLiteral("noatime"));
    return {makeFinding(
        Severity::Advice, target.subject,
        AuditText::tr("%1 updates access times on every read").arg(target.subject),
        AuditText::tr("strictatime turns reads into writes; noatime (or the default relatime) "
                      "avoids most of them."),
        target.fstabLine.isEmpty()
            ? shellCommand({QStringLiteral("sudo"), QStringLiteral("mount"), QStringLiteral("-o"),
                            QStringLiteral("remount,noatime")},
                           {target.subject})
            : fstabFix(target, options))};
}

QList<Finding> ruleFstabNoTrim(const AuditContext &, const AuditTarget &target)
{
    if (!target.fstabOptions.contains(QStringLiteral("X-fstrim.notrim")) ||
        !target.stack.discardsReachDisk())
        return {};
    const bool online = usesOnlineDiscard(target);
    return {makeFinding(
        online ? Severity::Info : Severity::Warning, target.subject,
        AuditText::tr("fstrim.timer skips %1 (X-fstrim.notrim)").arg(target.subject),
        online ? AuditText::tr("It is trimmed by its discard mount option instead.")
               : AuditText::tr("Nothing else trims it: freed space is never reported to the SSD."),
        online ? QString()
               : fstabFix(target,
                          withoutOption(target.fstabOptions, QStringLiteral("X-fstrim.notrim"))))};
}

QList<Finding> ruleFillLevelHigh(const AuditContext &, const AuditTarget &target)
{
    if (!target.usedFraction || *target.usedFraction <= 0.8)
        return {};
    return {makeFinding(
        Severity::Warning, target.subject,
        AuditText::tr("%1 is %2 % full")
            .arg(target.subject)
            .arg(qRound(*target.usedFraction * 100)),
        AuditText::tr("Above 80 % the SSD has little free, trimmed space left for garbage "
                      "collection, and sustained writes slow down."),
        shellCommand({QStringLiteral("sudo"), QStringLiteral("du"), QStringLiteral("-xh"),
                      QStringLiteral("--max-depth=2")},
                     {target.subject}) +
            QStringLiteral(" | sort -h | tail -n 20"))};
}

QList<Finding> ruleSwapOnSsd(const AuditContext &, const AuditTarget &target)
{
    if (target.kind != AuditTarget::Kind::Swap)
        return {};
    return {makeFinding(
        Severity::Info, target.subject, AuditText::tr("Swap on SSD: %1").arg(target.subject),
        AuditText::tr("Fine for occasional swapping; constant swapping wears the flash, and more "
                      "RAM helps more than a faster disk."),
        QStringLiteral("echo vm.swappiness=10 | sudo tee /etc/sysctl.d/90-swappiness.conf"))};
}

QList<Finding> ruleSwapDiscard(const AuditContext &, const AuditTarget &target)
{
    // The kernel discards swap only on block devices; swap files cannot use the option.
    if (target.kind != AuditTarget::Kind::Swap || target.fsType != QLatin1String("partition") ||
        target.fstabLine.isEmpty() || usesOnlineDiscard(target) ||
        !target.stack.discardsReachDisk())
        return {};
    return {makeFinding(
        Severity::Advice, target.subject,
        AuditText::tr("Swap %1 does not discard freed pages").arg(target.subject),
        AuditText::tr("With discard, swapon trims the area once and the kernel trims freed swap "
                      "clusters, keeping the SSD's free pool large."),
        fstabFix(target, withOption(target.fstabOptions, QStringLiteral("discard"))))};
}

} // namespace trimscope::audit
