// The TRIM benchmark: a sweep of discard sizes, on a device, a lent fd or a simulated drive.
#include "jobkind.h"
#include "jobsupport.h"
#include "simulate/simulatedsweep.h"
#include "sweep/sweeprunner.h"
#include "sweep/sweepsetup.h"
#include "sweep/trimmeddata.h"

#include <QCoreApplication>

namespace trimscope {

namespace {

// The catalogue context every kind's job speaks in (jobsupport.cpp's too).
Expected<PreparedSweep> prepareSweepTarget(const SweepPlan &plan, const JobTarget &target)
{
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target))
        return prepareSimulatedSweep(simulated->profileId, plan, simulated->timeScale);
    if (const auto *opened = std::get_if<OpenedDeviceTarget>(&target))
        return prepareOpenedDeviceSweep(std::move(*opened->fd), opened->path, plan);
    return prepareDeviceSweep(devicePathOf(target), plan, DeviceProbe(), admissionRulesFor(target));
}

Expected<JobBody> prepareSweep(const SweepPlan &plan, const JobTarget &target)
{
    Expected<PreparedSweep> prepared = prepareSweepTarget(plan, target);
    if (!prepared)
        return prepared.error();
    // std::function must be copyable; the body owns the device through this pointer alone.
    auto sweep = std::make_shared<PreparedSweep>(std::move(prepared).value());
    return JobBody([sweep](const CancelToken &cancel, const JobReporter &report) {
        // Pre-writing wears an SSD: say what this plan writes before it starts.
        if (report.note)
            report.note(
                JobText::tr("The sweep %1.").arg(prewritePlanText(sweep->plan, sweep->drive)));
        SweepRunner runner(*sweep->target, sweep->plan, sweep->drive, cancel);
        runner.onSample = report.sample;
        runner.onProgress = [&](const SweepProgress &progress) {
            report.progress({progress.fraction, progress.etaSeconds, progress.samplesDone,
                             progress.samplesPlanned, QString(), progress.elapsedSeconds});
        };
        // Simulated "discards" are sleeps that gain nothing from real-time priority.
        runner.raisePriority = !sweep->drive.simulated;
        return outcomeOf(runner.run());
    });
}

} // namespace

template <> const JobKind<SweepPlan> &jobKindOf<SweepPlan>()
{
    static const JobKind<SweepPlan> kind{
        .name = "sweep",
        .runsOnOpenedDevice = true,
        .runsSimulated = true,
        .takesOverrides = true,
        .prepare = &prepareSweep,
    };
    return kind;
}

} // namespace trimscope
