// The stall test: what running discards do to the I/O around them; on the device's node, or on a
// simulated drive's model.
#include "jobkind.h"
#include "jobsupport.h"
#include "stall/simulatedstall.h"
#include "stall/stallrunner.h"

namespace trimscope {

using namespace trimscope::stall;

namespace {

// "fill", "baseline", "small", "medium", "region".
JobProgress stallJobProgress(const StallProgress &progress)
{
    return {progress.fraction,
            progress.etaSeconds,
            progress.discardsDone,
            progress.discardsPlanned,
            progress.filling ? QStringLiteral("fill") : stallPhaseName(progress.phase),
            0};
}

Expected<JobBody> prepareSimulatedStall(const StallPlan &request, const SimulatedTarget &target)
{
    const Expected<SimulatedProfile> profile = simulatedProfile(target);
    if (!profile)
        return profile.error();
    const StallPlan plan = resolveStallPlan(request, profile->drive.sizeBytes);
    if (const Error error = validateStallPlan(plan, profile->drive.sizeBytes); error.isError())
        return error;
    return JobBody([plan, target, drive = profile->drive](const CancelToken &cancel,
                                                          const JobReporter &report) {
        return outcomeOf(recordedRun<StallResult>(drive, [&] {
            return simulateStallTest(target.profileId, plan, target.timeScale, cancel,
                                     progressTo(report, &stallJobProgress));
        }));
    });
}

Expected<JobBody> prepareStall(const StallPlan &request, const JobTarget &target)
{
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target))
        return prepareSimulatedStall(request, *simulated);
    auto device = prepareStallDevice(devicePathOf(target), DeviceProbe(), {}, approvedMediumOf(target));
    if (!device)
        return device.error();
    std::shared_ptr<StallDevice> held(std::move(device).value());
    const StallPlan plan = resolveStallPlan(request, held->sizeBytes());
    if (const Error error = validateStallPlan(plan, held->sizeBytes()); error.isError())
        return error;
    return JobBody([plan, held](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(recordedRun<StallResult>(held->drive(), [&]() -> Expected<StallResult> {
            return runStallTest(*held, plan, cancel, progressTo(report, &stallJobProgress));
        }));
    });
}

} // namespace

template <> const JobKind<StallPlan> &jobKindOf<StallPlan>()
{
    static const JobKind<StallPlan> kind{
        .name = "stall",
        .runsSimulated = true,
        .prepare = &prepareStall,
    };
    return kind;
}

} // namespace trimscope
