// The background-TRIM probe: small-write latency after one large discard, on a device, a lent fd
// or a simulated drive.
#include "jobkind.h"
#include "jobsupport.h"
#include "simulate/simulatedprobetarget.h"
#include "sweep/measurementpriority.h"

#include <algorithm>

namespace trimscope {

namespace {

struct PreparedProbe
{
    DriveInfo drive;
    UniqueFd fd;
    std::unique_ptr<probe::WriteProbeTarget> target;
    probe::BackgroundProbeRequest request;
    probe::BackgroundProbePlan plan;
};

Error openProbeTarget(PreparedProbe &prepared, const JobTarget &target)
{
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target)) {
        const Expected<SimulatedProfile> profile = simulatedProfile(*simulated);
        if (!profile)
            return profile.error();
        prepared.drive = profile->drive;
        prepared.target = std::make_unique<SimulatedProbeTarget>(*profile, 1);
        return {};
    }
    Expected<AdmittedDevice> admitted = admitTarget(target);
    if (!admitted)
        return admitted.error();
    prepared.drive = admitted->drive();
    prepared.fd = std::move(admitted->fd);
    prepared.target =
        std::make_unique<probe::FdWriteProbeTarget>(prepared.fd.get(), prepared.drive.sizeBytes);
    return {};
}

Expected<JobBody> prepareProbe(const probe::BackgroundProbeRequest &request,
                               const JobTarget &target)
{
    auto prepared = std::make_shared<PreparedProbe>();
    if (const Error error = openProbeTarget(*prepared, target); error.isError())
        return error;
    Expected<probe::BackgroundProbePlan> plan = probe::planBackgroundProbe(
        request, prepared->target->sizeBytes(), servedNoDiscard(prepared->drive));
    if (!plan)
        return plan.error();
    prepared->request = request;
    prepared->plan = *plan;
    return JobBody([prepared](const CancelToken &cancel, const JobReporter &report) {
        const double bound = prepared->plan.maxWaitSeconds;
        if (report.progress)
            report.progress({0, bound, 0, 2 * prepared->plan.trials, QStringLiteral("probe"), 0});
        // "probe wait-for-quiet (3/8)": the trial and what it does; the ETA is what is left of
        // the bound, which the probe never passes.
        const auto progress = [&](const probe::ProbeProgress &p) {
            if (report.progress)
                report.progress(
                    {std::clamp(p.elapsedSeconds / bound, 0.0, 1.0),
                     std::max(bound - p.elapsedSeconds, 0.0), std::max(p.trial - 1, 0), p.maxTrials,
                     QStringLiteral("probe ") + probe::probeStageName(p.stage), p.elapsedSeconds});
        };
        return outcomeOf(recordedRun<probe::BackgroundProbeResult>(prepared->drive, [&] {
            // At real-time priority, as the sweep measures: the probe judges the drive by how
            // long its 4 KiB writes take, and on a busy computer a thread at normal priority
            // also waits for a core after each write completes, which the probe cannot tell
            // from a drive at work. Beside other load the drive then never looked quiet
            // (bench/probe-wait, load 10-11: window medians 1.4-31 ms at normal priority, quiet
            // within 25 s under chrt -f 20). A simulated drive's writes are sleeps.
            const ScopedMeasurementPriority priority(!prepared->drive.simulated);
            Expected<probe::BackgroundProbeResult> result =
                probe::runBackgroundTrimProbe(*prepared->target, prepared->plan, &cancel, progress);
            if (result) {
                result->measurementPriority = priority.description();
                result->plan = prepared->request; // what was asked, for the file
            }
            return result;
        }));
    });
}

} // namespace

template <> const JobKind<probe::BackgroundProbeRequest> &jobKindOf<probe::BackgroundProbeRequest>()
{
    static const JobKind<probe::BackgroundProbeRequest> kind{
        .name = "background-probe",
        .runsOnOpenedDevice = true,
        .runsSimulated = true,
        .takesOverrides = true,
        .prepare = &prepareProbe,
    };
    return kind;
}

} // namespace trimscope
