// btrfs's asynchronous discard (discard=async, Linux 6.2+'s default on SSDs) as one more way of
// online discard: its backlog and limits, read from its own counters, and its own verdict.
#include "auditrules.h"
#include "btrfsdiscard.h"
#include "common/units.h"
#include "systemsnapshot.h"

namespace trimscope::audit {

namespace {

// The device btrfs lists under devices/: the one the filesystem sits on.
QString topDevice(const AuditTarget &target)
{
    return target.stack.layers.isEmpty() ? QString() : target.stack.layers.constFirst().name;
}

QString limitsWords(const BtrfsDiscardStats &stats)
{
    const QString iops = stats.iopsLimit > 0
                             ? AuditText::tr("at most %1 discards a second").arg(stats.iopsLimit)
                             : AuditText::tr("no limit on discards a second");
    const QString kbps =
        stats.kbpsLimit > 0
            ? AuditText::tr("at most %1 a second").arg(formatBytes(stats.kbpsLimit * 1024))
            : AuditText::tr("no limit on bytes a second");
    return QStringLiteral("%1, %2").arg(iops, kbps);
}

} // namespace

QList<Finding> ruleBtrfsAsyncDiscard(const AuditContext &context, const AuditTarget &target)
{
    if (target.kind != AuditTarget::Kind::Filesystem || target.fsType != QLatin1String("btrfs") ||
        btrfsDiscardMode(target.mountOptions) != BtrfsDiscardMode::Async)
        return {};
    const std::optional<BtrfsDiscardStats> stats =
        btrfsDiscardIn(context.snapshot, topDevice(target));
    if (!stats)
        return {};
    const BtrfsAsyncVerdict verdict = btrfsAsyncVerdict(*stats);
    const QString backlog =
        AuditText::tr("%1 in %2 extent(s) freed and not yet discarded (%3); at these limits "
                      "that takes about %4 to go.")
            .arg(formatBytes(stats->discardableBytes))
            .arg(stats->discardableExtents)
            .arg(limitsWords(*stats), formatSeconds(verdict.drainSeconds));
    if (verdict.kind == BtrfsAsyncVerdict::Kind::Fine)
        return {makeFinding(
            Severity::Info, target.subject,
            AuditText::tr("%1 (btrfs) discards asynchronously: right as it is").arg(target.subject),
            AuditText::tr("btrfs batches the TRIM of freed space in the "
                          "background, paced by its limits, off the delete "
                          "path: no weekly fstrim needed besides. ") +
                backlog,
            QString())};
    const QString file =
        QStringLiteral("/sys/fs/btrfs/%1/discard/%2").arg(stats->fsid, verdict.tunable);
    const QString why =
        verdict.kind == BtrfsAsyncVerdict::Kind::RaiseIopsLimit
            ? AuditText::tr("Its iops_limit of %1 discards a second (the default before Linux "
                            "6.2 was 10) keeps the drive discarding a little all day, and freed "
                            "space waits long to be trimmed; Linux 6.2 and later use %2. ")
                  .arg(stats->iopsLimit)
                  .arg(kRecommendedIopsLimit)
            : AuditText::tr("Its kbps_limit holds back more than %1 of freed space; without "
                            "the limit btrfs trims it in the background at the pace of "
                            "iops_limit. ")
                  .arg(formatBytes(kMaxBacklogBytes));
    return {makeFinding(
        Severity::Advice, target.subject,
        AuditText::tr("%1 (btrfs): its async discard is throttled by %2")
            .arg(target.subject, verdict.tunable),
        why + backlog,
        AuditText::tr("echo %1 | sudo tee %2\n(until it is next mounted; to keep it, put this "
                      "line in /etc/tmpfiles.d/btrfs-discard.conf:\n  w %2 - - - - %1)")
            .arg(verdict.value)
            .arg(file))};
}

} // namespace trimscope::audit
