#include "safetypolicy.h"

#include "common/units.h"

#include <QCoreApplication>

namespace trimscope {

namespace {
// A named context lupdate and the runtime agree on (a free tr() wrapper in a namespace gets the
// namespace's name from lupdate, so its strings never matched).
struct SafetyPolicy
{
    Q_DECLARE_TR_FUNCTIONS(SafetyPolicy)
};
} // namespace

namespace {

QString siblingMessage(const BlockDevice &device, const SiblingUse &use)
{
    const QString disk = QStringLiteral("/dev/") + device.parentName;
    const QString sibling = QStringLiteral("/dev/") + use.name;
    switch (use.kind) {
    case SiblingUse::Kind::HoldsRoot:
        return SafetyPolicy::tr("%1 shares its disk %2 with %3, which holds the root file system "
                                "of this computer")
            .arg(device.path, disk, sibling);
    case SiblingUse::Kind::Mounted:
        return SafetyPolicy::tr("%1 shares its disk %2 with %3, which is mounted at %4")
            .arg(device.path, disk, sibling, use.detail);
    case SiblingUse::Kind::Swap:
        return SafetyPolicy::tr("%1 shares its disk %2 with %3, which is in use as swap")
            .arg(device.path, disk, sibling);
    case SiblingUse::Kind::Held:
        return SafetyPolicy::tr("%1 shares its disk %2 with %3, which is in use by %4 (device "
                                "mapper, RAID or similar)")
            .arg(device.path, disk, sibling, use.detail);
    case SiblingUse::Kind::Claimed:
        return SafetyPolicy::tr("%1 shares its disk %2 with %3, which is in use (the kernel "
                                "refuses exclusive access: mounted, perhaps in another mount "
                                "namespace, or held by a program)")
            .arg(device.path, disk, sibling);
    }
    return {};
}

} // namespace

SafetyVerdict evaluateSafety(const BlockDevice &device, bool requireDiscard)
{
    SafetyOptions options;
    options.requireDiscard = requireDiscard;
    return evaluateSafety(device, options);
}

SafetyVerdict evaluateSafety(const BlockDevice &device, const SafetyOptions &options)
{
    const bool requireDiscard = options.requireDiscard;
    SafetyVerdict verdict;
    const auto refuse = [&](RefusalReason reason, ErrorCode code, QString message) {
        verdict.refusals.append({reason, code, std::move(message)});
    };

    // Order: the most fundamental reason first, since callers report the first.
    if (device.holdsRoot)
        refuse(RefusalReason::HoldsRoot, ErrorCode::DeviceInUse,
               SafetyPolicy::tr("%1 holds the root file system of this computer").arg(device.path));
    for (const DeviceMount &mount : device.mounts) {
        if (mount.deviceName == device.name)
            refuse(RefusalReason::Mounted, ErrorCode::DeviceInUse,
                   SafetyPolicy::tr("%1 is mounted at %2").arg(device.path, mount.mountPoint));
        else
            refuse(RefusalReason::PartitionMounted, ErrorCode::DeviceInUse,
                   SafetyPolicy::tr("%1 has a mounted partition: /dev/%2 at %3")
                       .arg(device.path, mount.deviceName, mount.mountPoint));
    }
    for (const QString &swap : device.swaps)
        refuse(RefusalReason::Swap, ErrorCode::DeviceInUse,
               SafetyPolicy::tr("%1 is in use as swap (%2)").arg(device.path, swap));
    if (!device.holders.isEmpty())
        refuse(RefusalReason::Held, ErrorCode::DeviceInUse,
               SafetyPolicy::tr("%1 is in use by %2 (device mapper, RAID or similar)")
                   .arg(device.path, device.holders.join(QStringLiteral(", "))));
    if (device.isPartition && !options.allowSiblingsOfSystemDisk) {
        for (const SiblingUse &use : device.siblingsInUse)
            refuse(RefusalReason::SiblingInUse, ErrorCode::DeviceInUse,
                   siblingMessage(device, use));
    }
    if (!options.allowOpenWriters) {
        for (const BlockDevice::Writer &writer : device.openForWriting)
            refuse(RefusalReason::OpenForWriting, ErrorCode::DeviceInUse,
                   SafetyPolicy::tr("/dev/%1 is open for writing by process %2 (%3): its data "
                                    "would be destroyed under it")
                       .arg(writer.deviceName)
                       .arg(writer.pid)
                       .arg(writer.command));
    }
    // An empty drive first: that it would be read-only too (an optical drive) is beside the point.
    if (device.noMedium)
        refuse(RefusalReason::NoMedium, ErrorCode::NoSuchDevice,
               SafetyPolicy::tr("%1 has no medium").arg(device.path));
    else if (device.sizeBytes == 0)
        refuse(RefusalReason::EmptyDevice, ErrorCode::NoSuchDevice,
               SafetyPolicy::tr("%1 has no medium or a size of zero").arg(device.path));
    if (device.readOnly)
        refuse(RefusalReason::ReadOnly, ErrorCode::DeviceInUse,
               SafetyPolicy::tr("%1 is read-only").arg(device.path));
    if (requireDiscard && !device.supportsDiscard())
        refuse(RefusalReason::NoDiscard, ErrorCode::NoDiscardSupport,
               SafetyPolicy::tr(
                   "%1 does not support discard (TRIM): the kernel reports discard_max_bytes = 0")
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
        return SafetyPolicy::tr(
            "Safe for a destructive benchmark: not mounted, not held, not swap, supports TRIM");
    QStringList lines;
    for (const Refusal &refusal : refusals)
        lines.append(refusal.message);
    return lines.join(QLatin1Char('\n'));
}

QString refusalReasonName(RefusalReason reason)
{
    switch (reason) {
    case RefusalReason::NoMedium:
        return QStringLiteral("no-medium");
    case RefusalReason::EmptyDevice:
        return QStringLiteral("empty");
    case RefusalReason::ReadOnly:
        return QStringLiteral("read-only");
    case RefusalReason::HoldsRoot:
        return QStringLiteral("holds-root");
    case RefusalReason::Mounted:
        return QStringLiteral("mounted");
    case RefusalReason::PartitionMounted:
        return QStringLiteral("partition-mounted");
    case RefusalReason::Held:
        return QStringLiteral("held");
    case RefusalReason::Swap:
        return QStringLiteral("swap");
    case RefusalReason::NoDiscard:
        return QStringLiteral("no-discard");
    case RefusalReason::SiblingInUse:
        return QStringLiteral("sibling-in-use");
    case RefusalReason::OpenForWriting:
        return QStringLiteral("open-for-writing");
    }
    return QStringLiteral("unknown");
}

} // namespace trimscope
