#include "safetypolicy.h"

#include "common/units.h"

#include <QCoreApplication>

namespace trimscope {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("SafetyPolicy", text);
}
} // namespace

SafetyVerdict evaluateSafety(const BlockDevice &device, bool requireDiscard)
{
    SafetyVerdict verdict;
    const auto refuse = [&](RefusalReason reason, ErrorCode code, QString message) {
        verdict.refusals.append({reason, code, std::move(message)});
    };

    // Order: the most fundamental reason first, since callers report the first.
    if (device.holdsRoot)
        refuse(RefusalReason::HoldsRoot, ErrorCode::DeviceInUse,
               tr("%1 holds the root file system of this computer").arg(device.path));
    for (const DeviceMount &mount : device.mounts) {
        if (mount.deviceName == device.name)
            refuse(RefusalReason::Mounted, ErrorCode::DeviceInUse,
                   tr("%1 is mounted at %2").arg(device.path, mount.mountPoint));
        else
            refuse(RefusalReason::PartitionMounted, ErrorCode::DeviceInUse,
                   tr("%1 has a mounted partition: /dev/%2 at %3")
                       .arg(device.path, mount.deviceName, mount.mountPoint));
    }
    for (const QString &swap : device.swaps)
        refuse(RefusalReason::Swap, ErrorCode::DeviceInUse,
               tr("%1 is in use as swap (%2)").arg(device.path, swap));
    if (!device.holders.isEmpty())
        refuse(RefusalReason::Held, ErrorCode::DeviceInUse,
               tr("%1 is in use by %2 (device mapper, RAID or similar)")
                   .arg(device.path, device.holders.join(QStringLiteral(", "))));
    if (device.readOnly)
        refuse(RefusalReason::ReadOnly, ErrorCode::DeviceInUse,
               tr("%1 is read-only").arg(device.path));
    if (device.sizeBytes == 0)
        refuse(RefusalReason::EmptyDevice, ErrorCode::NoSuchDevice,
               tr("%1 has no medium or a size of zero").arg(device.path));
    if (requireDiscard && !device.supportsDiscard())
        refuse(RefusalReason::NoDiscard, ErrorCode::NoDiscardSupport,
               tr("%1 does not support discard (TRIM): the kernel reports discard_max_bytes = 0")
                   .arg(device.path));
    return verdict;
}

Error SafetyVerdict::firstError() const
{
    if (refusals.isEmpty())
        return {};
    return Error{refusals.first().code, refusals.first().message};
}

QString SafetyVerdict::summary() const
{
    if (allowed())
        return tr("Safe for a destructive benchmark: not mounted, not held, not swap, supports TRIM");
    QStringList lines;
    for (const Refusal &refusal : refusals)
        lines.append(refusal.message);
    return lines.join(QLatin1Char('\n'));
}

QString refusalReasonName(RefusalReason reason)
{
    switch (reason) {
    case RefusalReason::EmptyDevice: return QStringLiteral("empty");
    case RefusalReason::ReadOnly: return QStringLiteral("read-only");
    case RefusalReason::HoldsRoot: return QStringLiteral("holds-root");
    case RefusalReason::Mounted: return QStringLiteral("mounted");
    case RefusalReason::PartitionMounted: return QStringLiteral("partition-mounted");
    case RefusalReason::Held: return QStringLiteral("held");
    case RefusalReason::Swap: return QStringLiteral("swap");
    case RefusalReason::NoDiscard: return QStringLiteral("no-discard");
    }
    return QStringLiteral("unknown");
}

} // namespace trimscope
