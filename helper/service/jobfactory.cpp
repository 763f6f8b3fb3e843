#include "jobfactory.h"

#include "helperprotocol.h"
#include "joboptions.h"
#include "recovery/recoveryrunner.h"
#include "report/resultfile.h"
#include "sweep/sweeprunner.h"
#include "sweep/sweepsetup.h"
#include "sweepoptions.h"

#include <memory>

namespace trimscope::helper {

using namespace trimscope::fsbench;
using namespace trimscope::recovery;

namespace {

template <class Result> JobOutcome outcomeOf(const Result &result)
{
    return {result.stopReason, result.error, resultToJsonBytes(result)};
}

template <class Plan> Expected<JobPlan> asJobPlan(Expected<Plan> plan)
{
    if (!plan)
        return plan.error();
    return JobPlan(std::move(plan).value());
}

// "ext4 discard delete", "ext4 nodiscard mkfs".
JobProgress fsBenchProgress(const FsBenchProgress &progress)
{
    return {progress.fraction, progress.etaSeconds, progress.runIndex, progress.runCount,
            QStringList{progress.filesystem, progress.variant, phaseName(progress.phase)}.join(
                QLatin1Char(' '))};
}

// "precondition", "fob", "fill 2", ...
JobProgress recoveryProgress(const RecoveryProgress &progress)
{
    QString phase = recoveryPhaseName(progress.phase);
    if (progress.phase == RecoveryPhase::Fill && progress.fillPass > 0)
        phase += QLatin1Char(' ') + QString::number(progress.fillPass);
    return {progress.fraction, progress.etaSeconds, progress.phaseIndex, progress.phaseCount,
            phase};
}

Expected<JobBody> prepareSweep(const SweepPlan &plan, const QString &path)
{
    Expected<PreparedSweep> prepared = prepareDeviceSweep(path, plan);
    if (!prepared)
        return prepared.error();
    // std::function must be copyable; the body owns the device through this pointer alone.
    auto sweep = std::make_shared<PreparedSweep>(std::move(prepared).value());
    return JobBody([sweep](const CancelToken &cancel, const JobReporter &report) {
        SweepRunner runner(*sweep->target, sweep->plan, sweep->drive, cancel);
        runner.onSample = report.sample;
        runner.onProgress = [&](const SweepProgress &progress) {
            report.progress({progress.fraction, progress.etaSeconds, progress.samplesDone,
                             progress.samplesPlanned, QString()});
        };
        runner.raisePriority = true; // the helper always measures real devices
        const SweepResult result = runner.run();
        return JobOutcome{result.stopReason, result.error, resultToJsonBytes(result)};
    });
}

Expected<JobBody> prepareFsBench(const FsBenchPlan &plan, const QString &path)
{
    Expected<FsBenchTarget> target = prepareFsBenchTarget(path);
    if (!target)
        return target.error();
    if (const Error error = checkTreeFitsDevice(plan.tree, target->drive.sizeBytes);
        error.isError())
        return error;
    return JobBody([plan, target = *target](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(runFsBench(target, plan, cancel, [&](const FsBenchProgress &progress) {
            report.progress(fsBenchProgress(progress));
        }));
    });
}

Expected<JobBody> prepareMkfsTiming(const MkfsTimingPlan &plan, const QString &path)
{
    Expected<FsBenchTarget> target = prepareFsBenchTarget(path);
    if (!target)
        return target.error();
    return JobBody([plan, target = *target](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(runMkfsTiming(target, plan, cancel, [&](const FsBenchProgress &progress) {
            report.progress(fsBenchProgress(progress));
        }));
    });
}

Expected<std::shared_ptr<DeviceRecoveryTarget>> prepareRecoveryTarget(const QString &path,
                                                                      bool requireDiscard)
{
    auto target = prepareRecoveryDevice(path, requireDiscard);
    if (!target)
        return target.error();
    return std::shared_ptr<DeviceRecoveryTarget>(std::move(target).value());
}

Expected<JobBody> prepareRecovery(const RecoveryPlan &plan, const QString &path)
{
    auto target = prepareRecoveryTarget(path, /*requireDiscard=*/true);
    if (!target)
        return target.error();
    if (const Error error = validateRecoveryPlan(plan, (*target)->drive()); error.isError())
        return error;
    return JobBody([plan, target = *target](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(
            runRecoveryTest(*target, plan, cancel, [&](const RecoveryProgress &progress) {
                report.progress(recoveryProgress(progress));
            }));
    });
}

Expected<JobBody> prepareFillCurve(const FillCurvePlan &plan, const QString &path)
{
    auto target = prepareRecoveryTarget(path, /*requireDiscard=*/plan.trimFirst);
    if (!target)
        return target.error();
    if (const Error error = validateFillCurvePlan(plan, (*target)->drive()); error.isError())
        return error;
    return JobBody([plan, target = *target](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(runFillCurve(*target, plan, cancel, [&](const RecoveryProgress &progress) {
            report.progress(recoveryProgress(progress));
        }));
    });
}

} // namespace

QStringList jobKinds()
{
    return {QString::fromLatin1(kJobSweep), QString::fromLatin1(kJobFsBench),
            QString::fromLatin1(kJobMkfsTiming), QString::fromLatin1(kJobRecovery),
            QString::fromLatin1(kJobFillCurve)};
}

Expected<JobPlan> jobPlanFromOptions(const QString &kind, const QVariantMap &options)
{
    if (kind == QLatin1String(kJobSweep))
        return asJobPlan(sweepPlanFromOptions(options));
    if (kind == QLatin1String(kJobFsBench))
        return asJobPlan(fsBenchPlanFromOptions(options));
    if (kind == QLatin1String(kJobMkfsTiming))
        return asJobPlan(mkfsTimingPlanFromOptions(options));
    if (kind == QLatin1String(kJobRecovery))
        return asJobPlan(recoveryPlanFromOptions(options));
    if (kind == QLatin1String(kJobFillCurve))
        return asJobPlan(fillCurvePlanFromOptions(options));
    return makeError(ErrorCode::InvalidArgument,
                     QStringLiteral("unknown job kind '%1'; known kinds: %2")
                         .arg(kind, jobKinds().join(QStringLiteral(", "))));
}

Expected<JobBody> prepareJob(const JobPlan &plan, const QString &devicePath)
{
    return std::visit(
        [&](const auto &kindPlan) -> Expected<JobBody> {
            using Plan = std::decay_t<decltype(kindPlan)>;
            if constexpr (std::is_same_v<Plan, SweepPlan>)
                return prepareSweep(kindPlan, devicePath);
            else if constexpr (std::is_same_v<Plan, FsBenchPlan>)
                return prepareFsBench(kindPlan, devicePath);
            else if constexpr (std::is_same_v<Plan, MkfsTimingPlan>)
                return prepareMkfsTiming(kindPlan, devicePath);
            else if constexpr (std::is_same_v<Plan, RecoveryPlan>)
                return prepareRecovery(kindPlan, devicePath);
            else
                return prepareFillCurve(kindPlan, devicePath);
        },
        plan);
}

} // namespace trimscope::helper
