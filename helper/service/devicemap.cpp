#include "devicemap.h"

#include "device/safetypolicy.h"
#include "report/resultfile.h"

namespace trimscope::helper {

namespace {

QStringList mountPointsOf(const BlockDevice &device)
{
    QStringList points;
    for (const DeviceMount &mount : device.mounts)
        points << mount.mountPoint;
    return points;
}

} // namespace

QVariantMap deviceToMap(const BlockDevice &device)
{
    const SafetyVerdict verdict = evaluateSafety(device);
    QStringList refusals;
    for (const Refusal &refusal : verdict.refusals)
        refusals << refusal.message;
    return {
        {QStringLiteral("path"), device.path},
        {QStringLiteral("name"), device.name},
        {QStringLiteral("vendor"), device.vendor},
        {QStringLiteral("model"), device.model},
        {QStringLiteral("serial"), device.serial},
        {QStringLiteral("firmware"), device.firmware},
        {QStringLiteral("transport"), device.transport},
        {QStringLiteral("size"), QVariant::fromValue(qulonglong(device.sizeBytes))},
        {QStringLiteral("logical_block_size"), QVariant::fromValue(uint(device.logicalBlockSize))},
        {QStringLiteral("physical_block_size"),
         QVariant::fromValue(uint(device.physicalBlockSize))},
        {QStringLiteral("discard_granularity"),
         QVariant::fromValue(qulonglong(device.discardGranularity))},
        {QStringLiteral("discard_max_bytes"),
         QVariant::fromValue(qulonglong(device.discardMaxBytes))},
        {QStringLiteral("rotational"), device.rotational},
        {QStringLiteral("read_only"), device.readOnly},
        {QStringLiteral("removable"), device.removable},
        {QStringLiteral("partitions"), device.partitions},
        {QStringLiteral("holders"), device.holders},
        {QStringLiteral("mount_points"), mountPointsOf(device)},
        {QStringLiteral("swaps"), device.swaps},
        {QStringLiteral("holds_root"), device.holdsRoot},
        {QStringLiteral("benchmark_allowed"), verdict.allowed()},
        {QStringLiteral("refusals"), refusals},
    };
}

QVariantMap healthToMap(const health::DriveHealth &health)
{
    return {{QStringLiteral("json"), QString::fromUtf8(resultToJsonBytes(health))}};
}

} // namespace trimscope::helper
