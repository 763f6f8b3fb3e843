// How long mkfs takes with and without its discard of the whole device; on the device's node.
#include "jobkind.h"
#include "jobsupport.h"

#include <QCoreApplication>

namespace trimscope {

using namespace trimscope::fsbench;

namespace {

Expected<JobBody> prepareMkfsTiming(const MkfsTimingPlan &plan, const JobTarget &target)
{
    if (const Error error = validateMkfsTimingPlan(plan); error.isError())
        return error;
    Expected<FsBenchTarget> device = prepareFsBenchTarget(devicePathOf(target), DeviceProbe(), approvedMediumOf(target));
    if (!device)
        return device.error();
    return JobBody([plan, device = *device](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(
            runMkfsTiming(device, plan, cancel, progressTo(report, &fsBenchJobProgress)));
    });
}

} // namespace

template <> const JobKind<MkfsTimingPlan> &jobKindOf<MkfsTimingPlan>()
{
    static const JobKind<MkfsTimingPlan> kind{
        .name = "mkfs-timing",
        .title = QT_TRANSLATE_NOOP("JobText", "mkfs timing"),
        .prepare = &prepareMkfsTiming,
    };
    return kind;
}

} // namespace trimscope
