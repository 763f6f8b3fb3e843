// The write tests on the device's node through fio: write recovery after TRIM, and the
// sequential fill curve.
#include "jobkind.h"
#include "jobsupport.h"
#include "recovery/recoveryrunner.h"

#include <QCoreApplication>

namespace trimscope {

using namespace trimscope::recovery;

namespace {

// A recovery routine on its admitted device, the plan checked against the drive first.
template <class Plan, class Run>
Expected<JobBody> prepareRecoveryKind(const Plan &plan, const JobTarget &target,
                                      bool requireDiscard,
                                      Error (*validate)(const Plan &, const DriveInfo &), Run run)
{
    auto device = prepareRecoveryDevice(devicePathOf(target), requireDiscard, DeviceProbe(), {},
                                        approvedMediumOf(target));
    if (!device)
        return device.error();
    std::shared_ptr<DeviceRecoveryTarget> held(std::move(device).value());
    if (const Error error = validate(plan, held->drive()); error.isError())
        return error;
    return JobBody([plan, held, run](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(run(*held, plan, cancel, progressTo(report, &recoveryJobProgress)));
    });
}

Expected<JobBody> prepareRecovery(const RecoveryPlan &plan, const JobTarget &target)
{
    return prepareRecoveryKind(plan, target, /*requireDiscard=*/true, &validateRecoveryPlan,
                               &runRecoveryTest);
}

Expected<JobBody> prepareFillCurve(const FillCurvePlan &plan, const JobTarget &target)
{
    return prepareRecoveryKind(plan, target, /*requireDiscard=*/plan.trimFirst,
                               &validateFillCurvePlan, &runFillCurve);
}

} // namespace

template <> const JobKind<RecoveryPlan> &jobKindOf<RecoveryPlan>()
{
    static const JobKind<RecoveryPlan> kind{
        .name = "recovery",
        .title = QT_TRANSLATE_NOOP("JobText", "write-recovery test"),
        .prepare = &prepareRecovery,
    };
    return kind;
}

template <> const JobKind<FillCurvePlan> &jobKindOf<FillCurvePlan>()
{
    static const JobKind<FillCurvePlan> kind{
        .name = "fill-curve",
        .title = QT_TRANSLATE_NOOP("JobText", "sequential fill"),
        .prepare = &prepareFillCurve,
    };
    return kind;
}

} // namespace trimscope
