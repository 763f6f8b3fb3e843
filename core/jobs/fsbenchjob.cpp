// The filesystem experiment: a tree deleted with and without online discard, fstrim; on the
// device's node, or replayed on a simulated drive.
#include "fsbench/privatemount.h"
#include "jobkind.h"
#include "jobsupport.h"
#include "simulate/simulatedfsbench.h"

#include <QCoreApplication>

namespace trimscope {

using namespace trimscope::fsbench;

namespace {

struct FsBenchJobText
{
    Q_DECLARE_TR_FUNCTIONS(JobText)
};

// Mounts a crashed run left behind under the root come off first (their pid is gone).
void cleanUpStaleMounts(const QString &root, const JobReporter &report)
{
    const StaleMountCleanup stale = cleanupStaleMounts(root);
    if (!report.note)
        return;
    for (const QString &point : stale.unmounted)
        report.note(FsBenchJobText::tr("unmounted %1, left behind by an earlier run").arg(point));
    for (const QString &failure : stale.failures)
        report.note(failure);
}

// A simulated drive replays recorded discards against its latency model; nothing is mounted.
Expected<JobBody> prepareSimulatedFsBench(const FsBenchPlan &plan, const SimulatedTarget &target)
{
    const Expected<SimulatedProfile> profile = simulatedProfile(target);
    if (!profile)
        return profile.error();
    if (profile->drive.discardMaxBytes == 0)
        return makeError(ErrorCode::NoDiscardSupport,
                         FsBenchJobText::tr("%1 does not support discard (TRIM).")
                             .arg(profile->drive.displayName()));
    if (const Error error = checkTreeFitsDevice(plan.tree, profile->drive.sizeBytes);
        error.isError())
        return error;
    const double timeScale = target.timeScale;
    return JobBody([plan, profile = *profile, timeScale](const CancelToken &cancel,
                                                         const JobReporter &report) {
        return outcomeOf(simulateFsBench(profile, plan, timeScale, cancel,
                                         progressTo(report, &fsBenchJobProgress)));
    });
}

Expected<JobBody> prepareFsBench(const FsBenchPlan &plan, const JobTarget &target)
{
    if (const Error error = validateFsBenchPlan(plan); error.isError())
        return error;
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target))
        return prepareSimulatedFsBench(plan, *simulated);
    Expected<FsBenchTarget> device = prepareFsBenchTarget(devicePathOf(target), DeviceProbe(), approvedMediumOf(target));
    if (!device)
        return device.error();
    if (const Error error = checkTreeFitsDevice(plan.tree, device->drive.sizeBytes);
        error.isError())
        return error;
    return JobBody([plan, device = *device](const CancelToken &cancel, const JobReporter &report) {
        cleanUpStaleMounts(plan.mountRoot, report);
        return outcomeOf(runFsBench(device, plan, cancel, progressTo(report, &fsBenchJobProgress)));
    });
}

} // namespace

template <> const JobKind<FsBenchPlan> &jobKindOf<FsBenchPlan>()
{
    static const JobKind<FsBenchPlan> kind{
        .name = "fsbench",
        .runsSimulated = true,
        .prepare = &prepareFsBench,
    };
    return kind;
}

} // namespace trimscope
