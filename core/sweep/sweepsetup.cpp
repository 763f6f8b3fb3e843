#include "sweepsetup.h"

#include "device/devicepath.h"
#include "device/safetypolicy.h"

namespace trimscope {

DeviceGeometry geometryOf(const DriveInfo &drive)
{
    return {drive.sizeBytes, drive.logicalBlockSize, drive.discardGranularity};
}

namespace {

// Everything short of opening: path, probe, policy, plan.
Expected<PreparedSweep> checkDevice(const QString &path, const SweepPlan &plan,
                                    const DeviceProbe &probe, BlockDevice &device)
{
    if (const Error error = validatePlanBounds(plan); error.isError())
        return error;
    const Expected<QString> node = resolveDevicePath(path);
    if (!node)
        return node.error();
    Expected<BlockDevice> probed = probe.probePath(*node);
    if (!probed)
        return probed.error();
    device = *probed;
    if (const SafetyVerdict verdict = evaluateSafety(device); !verdict.allowed())
        return verdict.firstError();
    PreparedSweep prepared;
    prepared.drive = driveInfoFrom(device);
    Expected<ResolvedPlan> resolved = resolvePlan(plan, geometryOf(prepared.drive));
    if (!resolved)
        return resolved.error();
    prepared.plan = std::move(*resolved);
    return prepared;
}

} // namespace

Expected<PreparedSweep> prepareDeviceSweep(const QString &path, const SweepPlan &plan,
                                           const DeviceProbe &probe)
{
    BlockDevice device;
    Expected<PreparedSweep> prepared = checkDevice(path, plan, probe, device);
    if (!prepared)
        return prepared;
    Expected<UniqueFd> fd = openExclusiveForWriting(device);
    if (!fd)
        return fd.error();
    prepared->fd = std::move(*fd);
    prepared->target = std::make_unique<FdDiscardTarget>(prepared->fd.get());
    return prepared;
}

Expected<PreparedSweep> prepareOpenedDeviceSweep(UniqueFd fd, const QString &path,
                                                 const SweepPlan &plan, const DeviceProbe &probe)
{
    BlockDevice device;
    Expected<PreparedSweep> prepared = checkDevice(path, plan, probe, device);
    if (!prepared)
        return prepared;
    if (const Error error = verifyOpenedDevice(fd.get(), device); error.isError())
        return error;
    prepared->fd = std::move(fd);
    prepared->target = std::make_unique<FdDiscardTarget>(prepared->fd.get());
    return prepared;
}

} // namespace trimscope
