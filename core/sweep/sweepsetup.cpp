#include "sweepsetup.h"

#include "device/admission.h"

namespace trimscope {

DeviceGeometry geometryOf(const DriveInfo &drive)
{
    return {drive.sizeBytes, drive.logicalBlockSize, drive.discardGranularity};
}

namespace {

// The plan laid out on an admitted device, which it keeps open for the run.
Expected<PreparedSweep> prepareAdmitted(Expected<AdmittedDevice> admitted, const SweepPlan &plan)
{
    if (!admitted)
        return admitted.error();
    PreparedSweep prepared;
    prepared.drive = admitted->drive();
    Expected<ResolvedPlan> resolved = resolvePlan(plan, geometryOf(prepared.drive));
    if (!resolved)
        return resolved.error();
    prepared.plan = std::move(*resolved);
    prepared.fd = std::move(admitted->fd);
    prepared.target = std::make_unique<FdDiscardTarget>(prepared.fd.get());
    return prepared;
}

} // namespace

Expected<PreparedSweep> prepareDeviceSweep(const QString &path, const SweepPlan &plan,
                                           const DeviceProbe &probe, AdmissionRules rules)
{
    if (const Error error = validatePlanBounds(plan); error.isError())
        return error;
    rules.keepOpen = true;
    return prepareAdmitted(admitForWriting(path, rules, probe), plan);
}

Expected<PreparedSweep> prepareOpenedDeviceSweep(UniqueFd fd, const QString &path,
                                                 const SweepPlan &plan, const DeviceProbe &probe)
{
    if (const Error error = validatePlanBounds(plan); error.isError())
        return error;
    return prepareAdmitted(admitOpenedForWriting(std::move(fd), path, AdmissionRules(), probe),
                           plan);
}

} // namespace trimscope
