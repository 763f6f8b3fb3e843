// Partition alignment: a start off the drive's internal boundaries costs read-modify-write on
// every write that straddles one, and loses the partial discard granules at both ends.
#include "auditrules.h"
#include "common/shellquote.h"
#include "common/units.h"

namespace trimscope::audit {

namespace {

constexpr quint64 SectorBytes = 512; // sysfs "start" is always in 512-byte units
constexpr quint64 MiB = 1024 * 1024;

QString moveFix(const StackLayer &partition, quint64 alignBytes)
{
    const quint64 alignSectors = alignBytes / SectorBytes;
    const quint64 start = partition.startSector.value_or(0);
    const quint64 aligned = (start + alignSectors - 1) / alignSectors * alignSectors;
    const QString disk = partition.lower.value(0);
    QString number = partition.name.mid(disk.size());
    if (number.startsWith(QLatin1Char('p')))
        number.remove(0, 1);
    return AuditText::tr("Back up, shrink the filesystem by %1, unmount, then move the start:\n"
                         "  echo '%2,' | %3")
        .arg(formatBytes((aligned - start) * SectorBytes))
        .arg(aligned)
        .arg(shellCommand({QStringLiteral("sudo"), QStringLiteral("sfdisk"),
                           QStringLiteral("--move-data"), QStringLiteral("/dev/") + disk,
                           QStringLiteral("-N"), number}));
}

} // namespace

QList<Finding> rulePartitionAlign1MiB(const AuditContext &, const AuditTarget &target)
{
    QList<Finding> found;
    for (const StackLayer &layer : target.stack.layers) {
        if (layer.kind != LayerKind::Partition || !layer.startSector)
            continue;
        const quint64 startBytes = *layer.startSector * SectorBytes;
        if (startBytes % MiB == 0)
            continue;
        // 4 KiB is what flash pages need; 1 MiB is the convention that covers erase blocks too.
        const bool pageAligned = startBytes % 4096 == 0;
        found.append(makeFinding(
            pageAligned ? Severity::Advice : Severity::Warning, layer.devicePath(),
            AuditText::tr("%1 does not start on a 1 MiB boundary").arg(layer.devicePath()),
            pageAligned
                ? AuditText::tr("It starts at sector %1: 4 KiB aligned, so writes are fine, but "
                                "not aligned to erase blocks as partitioning tools do since 2010.")
                      .arg(*layer.startSector)
                : AuditText::tr("It starts at sector %1, not even a multiple of 4 KiB, so most "
                                "writes touch two flash pages.")
                      .arg(*layer.startSector),
            moveFix(layer, MiB)));
    }
    return found;
}

QList<Finding> rulePartitionAlignGranularity(const AuditContext &, const AuditTarget &target)
{
    QList<Finding> found;
    for (const StackLayer &layer : target.stack.layers) {
        if (layer.kind != LayerKind::Partition || !layer.startSector)
            continue;
        const StackLayer *disk = target.stack.find(layer.lower.value(0));
        const quint64 granularity = disk ? disk->discardGranularity : 0;
        const quint64 startBytes = *layer.startSector * SectorBytes;
        if (granularity <= SectorBytes || startBytes % granularity == 0)
            continue;
        found.append(makeFinding(
            Severity::Warning, layer.devicePath(),
            AuditText::tr("%1 is not aligned to the discard granularity (%2)")
                .arg(layer.devicePath(), formatBytes(granularity)),
            AuditText::tr("The drive trims in units of %1; with this start every filesystem "
                          "block straddles two units, so many discards cannot free a whole unit.")
                .arg(formatBytes(granularity)),
            moveFix(layer, std::max(granularity, MiB))));
    }
    return found;
}

} // namespace trimscope::audit
