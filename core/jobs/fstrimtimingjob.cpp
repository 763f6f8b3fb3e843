// A timed fstrim of a mounted filesystem's free space: FITRIM in pieces on the filesystem the
// plan names by device number, on the device the target names. Trims free space only, so it runs
// on the system drive; root's (FITRIM needs CAP_SYS_ADMIN), through the helper for everyone else.
#include "jobkind.h"
#include "jobsupport.h"
#include "watch/fstrimrunner.h"

#include <QCoreApplication>

namespace trimscope {

using namespace trimscope::watch;

namespace {

JobProgress fstrimJobProgress(const FstrimTimingProgress &progress)
{
    return {progress.fraction,
            progress.etaSeconds,
            progress.done,
            progress.planned,
            QStringLiteral("piece %1").arg(std::min(progress.done + 1, progress.planned)),
            progress.elapsedSeconds};
}

Expected<JobBody> prepareFstrimTiming(const FstrimTimingPlan &plan, const JobTarget &target)
{
    Expected<FstrimTarget> prepared =
        prepareFstrimTarget(plan, devicePathOf(target), approvedMediumOf(target));
    if (!prepared)
        return prepared.error();
    return JobBody([plan, fs = *prepared](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(recordedRun<FstrimTimingResult>(fs.drive, [&] {
            return runFstrimTiming(fs, plan, cancel, progressTo(report, &fstrimJobProgress));
        }));
    });
}

} // namespace

template <> const JobKind<FstrimTimingPlan> &jobKindOf<FstrimTimingPlan>()
{
    static const JobKind<FstrimTimingPlan> kind{
        .name = "fstrim-timing",
        .title = QT_TRANSLATE_NOOP("JobText", "timed fstrim"),
        .risk = JobRisk::TrimsFreeSpace,
        .prepare = &prepareFstrimTiming,
    };
    return kind;
}

} // namespace trimscope
