#include "preparejob.h"

#include "device/admission.h"
#include "diagnosejob.h"
#include "fsbench/privatemount.h"
#include "recovery/recoveryrunner.h"
#include "report/resultfile.h"
#include "simulate/simulatedfsbench.h"
#include "simulate/simulatedprobetarget.h"
#include "simulate/simulatedsweep.h"
#include "stall/simulatedstall.h"
#include "stall/stallrunner.h"
#include "sweep/sweeprunner.h"
#include "sweep/trimmeddata.h"

#include <QCoreApplication>
#include <QElapsedTimer>

namespace trimscope {

using namespace trimscope::fsbench;
using namespace trimscope::recovery;

namespace {

struct JobText
{
    Q_DECLARE_TR_FUNCTIONS(JobText)
};

// A cancelled run states its cancellation as an error too, as the helper's Completed does.
template <class Result> JobOutcome outcomeOf(const Result &result)
{
    const Error error = result.stopReason == StopReason::Cancelled && !result.error.isError()
                            ? makeError(ErrorCode::Cancelled, JobText::tr("cancelled"))
                            : result.error;
    return {result.stopReason, error, AnyResult(result)};
}

TargetKind kindOf(const JobTarget &target)
{
    return TargetKind(target.index());
}

// The target's device: opened here, or lent to us already open.
Expected<AdmittedDevice> admit(const JobTarget &target, const AdmissionRules &rules)
{
    if (const auto *device = std::get_if<DeviceTarget>(&target))
        return admitForWriting(device->path, rules);
    const auto &opened = std::get<OpenedDeviceTarget>(target);
    return admitOpenedForWriting(std::move(*opened.fd), opened.path, rules);
}

QString devicePath(const JobTarget &target)
{
    return std::get<DeviceTarget>(target).path;
}

// The medium the helper's prompt named, which every kind's admission holds the device to.
DeviceIdentity approvedMedium(const JobTarget &target)
{
    const auto *device = std::get_if<DeviceTarget>(&target);
    return device ? device->approved : DeviceIdentity();
}

// The admission rules a target asks for beyond the defaults.
AdmissionRules rulesFor(const JobTarget &target)
{
    AdmissionRules rules;
    if (const auto *device = std::get_if<DeviceTarget>(&target)) {
        rules.allowSiblingsOfSystemDisk = device->allowSiblingsOfSystemDisk;
        rules.approved = device->approved;
        rules.allowOpenWriters = device->allowOpenWriters;
    }
    return rules;
}

// An override of the safety policy that root asked for in so many words.
bool asksForOverride(const JobTarget &target)
{
    const AdmissionRules rules = rulesFor(target);
    return rules.allowSiblingsOfSystemDisk || rules.allowOpenWriters;
}

// ---- sweep -------------------------------------------------------------------------------

Expected<JobBody> prepareKind(const SweepPlan &plan, const JobTarget &target)
{
    Expected<PreparedSweep> prepared = [&]() -> Expected<PreparedSweep> {
        if (const auto *simulated = std::get_if<SimulatedTarget>(&target))
            return prepareSimulatedSweep(simulated->profileId, plan, simulated->timeScale);
        if (const auto *opened = std::get_if<OpenedDeviceTarget>(&target))
            return prepareOpenedDeviceSweep(std::move(*opened->fd), opened->path, plan);
        return prepareDeviceSweep(devicePath(target), plan, DeviceProbe(), rulesFor(target));
    }();
    if (!prepared)
        return prepared.error();
    // std::function must be copyable; the body owns the device through this pointer alone.
    auto sweep = std::make_shared<PreparedSweep>(std::move(prepared).value());
    return JobBody([sweep](const CancelToken &cancel, const JobReporter &report) {
        // Pre-writing wears an SSD: say what this plan writes before it starts.
        if (report.note)
            report.note(JobText::tr("The sweep %1.").arg(prewritePlanText(sweep->plan)));
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

// ---- background probe --------------------------------------------------------------------

struct PreparedProbe
{
    DriveInfo drive;
    UniqueFd fd;
    std::unique_ptr<probe::WriteProbeTarget> target;
    probe::BackgroundProbePlan plan;
};

Expected<JobBody> prepareKind(const probe::BackgroundProbeRequest &request, const JobTarget &target)
{
    auto prepared = std::make_shared<PreparedProbe>();
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target)) {
        const std::optional<SimulatedProfile> profile = findSimulatedProfile(simulated->profileId);
        if (!profile)
            return makeError(
                ErrorCode::NoSuchDevice,
                JobText::tr("there is no simulated drive '%1'").arg(simulated->profileId));
        prepared->drive = profile->drive;
        prepared->target = std::make_unique<SimulatedProbeTarget>(*profile, 1);
    } else {
        Expected<AdmittedDevice> admitted = admit(target, rulesFor(target));
        if (!admitted)
            return admitted.error();
        prepared->drive = admitted->drive();
        prepared->fd = std::move(admitted->fd);
        prepared->target = std::make_unique<probe::FdWriteProbeTarget>(prepared->fd.get(),
                                                                       prepared->drive.sizeBytes);
    }
    Expected<probe::BackgroundProbePlan> plan =
        probe::planBackgroundProbe(request, prepared->target->sizeBytes());
    if (!plan)
        return plan.error();
    prepared->plan = *plan;
    return JobBody([prepared](const CancelToken &cancel, const JobReporter &report) {
        report.progress({0, prepared->plan.maxSeconds, 0, 1, QStringLiteral("probe"), 0});
        QElapsedTimer clock;
        clock.start();
        RunRecord record;
        record.start(prepared->drive);
        Expected<probe::BackgroundProbeResult> run =
            probe::runBackgroundTrimProbe(*prepared->target, prepared->plan, &cancel);
        probe::BackgroundProbeResult result = run ? *run : probe::BackgroundProbeResult();
        if (!run)
            record.stopWith(run.error());
        record.finish(double(clock.nsecsElapsed()) / 1e9);
        static_cast<RunRecord &>(result) = record;
        return outcomeOf(result);
    });
}

// ---- filesystem experiments --------------------------------------------------------------

// "ext4 discard delete", "ext4 nodiscard mkfs".
JobProgress fsBenchProgress(const FsBenchProgress &progress)
{
    return {progress.fraction,
            progress.etaSeconds,
            progress.runIndex,
            progress.runCount,
            QStringList{progress.filesystem, progress.variant, phaseName(progress.phase)}.join(
                QLatin1Char(' ')),
            0};
}

// Mounts a crashed run left behind under the root come off first (their pid is gone).
void cleanUpStaleMounts(const QString &root, const JobReporter &report)
{
    const StaleMountCleanup stale = cleanupStaleMounts(root);
    if (!report.note)
        return;
    for (const QString &point : stale.unmounted)
        report.note(JobText::tr("unmounted %1, left behind by an earlier run").arg(point));
    for (const QString &failure : stale.failures)
        report.note(failure);
}

// A simulated drive replays recorded discards against its latency model; nothing is mounted.
Expected<JobBody> prepareSimulatedFsBench(const FsBenchPlan &plan, const SimulatedTarget &target)
{
    const std::optional<SimulatedProfile> profile = findSimulatedProfile(target.profileId);
    if (!profile)
        return makeError(ErrorCode::NoSuchDevice,
                         JobText::tr("there is no simulated drive '%1'").arg(target.profileId));
    if (profile->drive.discardMaxBytes == 0)
        return makeError(
            ErrorCode::NoDiscardSupport,
            JobText::tr("%1 does not support discard (TRIM).").arg(profile->drive.displayName()));
    if (const Error error = checkTreeFitsDevice(plan.tree, profile->drive.sizeBytes);
        error.isError())
        return error;
    const double timeScale = target.timeScale;
    return JobBody([plan, profile = *profile, timeScale](const CancelToken &cancel,
                                                         const JobReporter &report) {
        return outcomeOf(
            simulateFsBench(profile, plan, timeScale, cancel, [&](const FsBenchProgress &progress) {
                report.progress(fsBenchProgress(progress));
            }));
    });
}

Expected<JobBody> prepareKind(const FsBenchPlan &plan, const JobTarget &target)
{
    if (const Error error = validateFsBenchPlan(plan); error.isError())
        return error;
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target))
        return prepareSimulatedFsBench(plan, *simulated);
    Expected<FsBenchTarget> device =
        prepareFsBenchTarget(devicePath(target), DeviceProbe(), approvedMedium(target));
    if (!device)
        return device.error();
    if (const Error error = checkTreeFitsDevice(plan.tree, device->drive.sizeBytes);
        error.isError())
        return error;
    return JobBody([plan, device = *device](const CancelToken &cancel, const JobReporter &report) {
        cleanUpStaleMounts(plan.mountRoot, report);
        return outcomeOf(runFsBench(device, plan, cancel, [&](const FsBenchProgress &progress) {
            report.progress(fsBenchProgress(progress));
        }));
    });
}

Expected<JobBody> prepareKind(const MkfsTimingPlan &plan, const JobTarget &target)
{
    if (const Error error = validateMkfsTimingPlan(plan); error.isError())
        return error;
    Expected<FsBenchTarget> device =
        prepareFsBenchTarget(devicePath(target), DeviceProbe(), approvedMedium(target));
    if (!device)
        return device.error();
    return JobBody([plan, device = *device](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(runMkfsTiming(device, plan, cancel, [&](const FsBenchProgress &progress) {
            report.progress(fsBenchProgress(progress));
        }));
    });
}

// ---- write recovery ----------------------------------------------------------------------

// "precondition", "fob", "fill 2", ...
JobProgress recoveryProgress(const RecoveryProgress &progress)
{
    QString phase = recoveryPhaseName(progress.phase);
    if (progress.phase == RecoveryPhase::Fill && progress.fillPass > 0)
        phase += QLatin1Char(' ') + QString::number(progress.fillPass);
    return {
        progress.fraction, progress.etaSeconds, progress.phaseIndex, progress.phaseCount, phase, 0};
}

// A recovery routine on its admitted device, the plan checked against the drive first.
template <class Plan, class Run>
Expected<JobBody> prepareRecoveryKind(const Plan &plan, const JobTarget &target,
                                      bool requireDiscard,
                                      Error (*validate)(const Plan &, const DriveInfo &), Run run)
{
    auto device = prepareRecoveryDevice(devicePath(target), requireDiscard, DeviceProbe(), {},
                                        approvedMedium(target));
    if (!device)
        return device.error();
    std::shared_ptr<DeviceRecoveryTarget> held(std::move(device).value());
    if (const Error error = validate(plan, held->drive()); error.isError())
        return error;
    return JobBody([plan, held, run](const CancelToken &cancel, const JobReporter &report) {
        return outcomeOf(run(*held, plan, cancel, [&](const RecoveryProgress &progress) {
            report.progress(recoveryProgress(progress));
        }));
    });
}

Expected<JobBody> prepareKind(const RecoveryPlan &plan, const JobTarget &target)
{
    return prepareRecoveryKind(plan, target, /*requireDiscard=*/true, &validateRecoveryPlan,
                               &runRecoveryTest);
}

Expected<JobBody> prepareKind(const FillCurvePlan &plan, const JobTarget &target)
{
    return prepareRecoveryKind(plan, target, /*requireDiscard=*/plan.trimFirst,
                               &validateFillCurvePlan, &runFillCurve);
}

// ---- stall test --------------------------------------------------------------------------

// "fill", "baseline", "small", "medium", "region".
JobProgress stallProgress(const stall::StallProgress &progress)
{
    return {progress.fraction,
            progress.etaSeconds,
            progress.discardsDone,
            progress.discardsPlanned,
            progress.filling ? QStringLiteral("fill") : stall::stallPhaseName(progress.phase),
            0};
}

Expected<JobBody> prepareKind(const stall::StallPlan &request, const JobTarget &target)
{
    if (const auto *simulated = std::get_if<SimulatedTarget>(&target)) {
        const std::optional<SimulatedProfile> profile = findSimulatedProfile(simulated->profileId);
        if (!profile)
            return makeError(
                ErrorCode::NoSuchDevice,
                JobText::tr("there is no simulated drive '%1'").arg(simulated->profileId));
        const stall::StallPlan plan = stall::resolveStallPlan(request, profile->drive.sizeBytes);
        if (const Error error = stall::validateStallPlan(plan, profile->drive.sizeBytes);
            error.isError())
            return error;
        return JobBody([plan, id = simulated->profileId, scale = simulated->timeScale,
                        drive = profile->drive](const CancelToken &cancel,
                                                const JobReporter &report) {
            QElapsedTimer clock;
            clock.start();
            RunRecord record;
            record.start(drive);
            Expected<stall::StallResult> run = stall::simulateStallTest(
                id, plan, scale, cancel, [&](const stall::StallProgress &progress) {
                    report.progress(stallProgress(progress));
                });
            stall::StallResult result = run ? *run : stall::StallResult();
            if (run) {
                record.stopReason = result.stopReason;
                record.error = result.error;
            } else {
                record.stopWith(run.error());
            }
            record.finish(double(clock.nsecsElapsed()) / 1e9);
            static_cast<RunRecord &>(result) = record;
            return outcomeOf(result);
        });
    }
    auto device =
        stall::prepareStallDevice(devicePath(target), DeviceProbe(), {}, approvedMedium(target));
    if (!device)
        return device.error();
    std::shared_ptr<stall::StallDevice> held(std::move(device).value());
    const stall::StallPlan plan = stall::resolveStallPlan(request, held->sizeBytes());
    if (const Error error = stall::validateStallPlan(plan, held->sizeBytes()); error.isError())
        return error;
    return JobBody([plan, held](const CancelToken &cancel, const JobReporter &report) {
        QElapsedTimer clock;
        clock.start();
        RunRecord record;
        record.start(held->drive());
        stall::StallResult result =
            stall::runStallTest(*held, plan, cancel, [&](const stall::StallProgress &progress) {
                report.progress(stallProgress(progress));
            });
        record.stopReason = result.stopReason;
        record.error = result.error;
        record.finish(double(clock.nsecsElapsed()) / 1e9);
        static_cast<RunRecord &>(result) = record;
        return outcomeOf(result);
    });
}

// ---- diagnosis ---------------------------------------------------------------------------

Expected<JobBody> prepareKind(const DiagnosePlan &plan, const JobTarget &target)
{
    return prepareDiagnosis(plan, target);
}

// Kinds that need nothing but an fd run anywhere; the others need the node.
bool needsNode(const JobPlan &plan)
{
    return !std::holds_alternative<SweepPlan>(plan) &&
           !std::holds_alternative<probe::BackgroundProbeRequest>(plan) &&
           !std::holds_alternative<DiagnosePlan>(plan);
}

// The diagnosis runs its filesystem experiment on the node; on a simulated drive it runs without
// one. A lent fd cannot serve the several phases it opens the device for.
bool runsOnOpenedDevice(const JobPlan &plan)
{
    return !needsNode(plan) && !std::holds_alternative<DiagnosePlan>(plan);
}

// Kinds a simulated drive models besides those: the filesystem experiment (a replay).
bool modelledOnSimulatedDrives(const JobPlan &plan)
{
    // The filesystem experiment replays recorded discards; the stall test has a model of its own.
    return std::holds_alternative<FsBenchPlan>(plan) ||
           std::holds_alternative<stall::StallPlan>(plan);
}

// What a person calls the kinds a simulated drive cannot run ("the recovery job" read as a word
// of the program in German).
QString kindTitle(const JobPlan &plan)
{
    if (std::holds_alternative<MkfsTimingPlan>(plan))
        return JobText::tr("mkfs timing");
    if (std::holds_alternative<RecoveryPlan>(plan))
        return JobText::tr("write-recovery test");
    if (std::holds_alternative<FillCurvePlan>(plan))
        return JobText::tr("sequential fill");
    return jobKind(plan);
}

} // namespace

Error jobRunsOn(const JobPlan &plan, TargetKind target)
{
    if (target == TargetKind::Device || (target == TargetKind::Simulated && !needsNode(plan)) ||
        (target == TargetKind::OpenedDevice && runsOnOpenedDevice(plan)))
        return {};
    if (target == TargetKind::Simulated && modelledOnSimulatedDrives(plan))
        return {};
    return makeError(ErrorCode::Unsupported,
                     target == TargetKind::Simulated
                         ? JobText::tr("Simulated drives run the TRIM benchmark, the "
                                       "filesystem experiment (replayed), the "
                                       "background-TRIM probe, the stall test and the "
                                       "diagnosis; the %1 needs a real drive.")
                               .arg(kindTitle(plan))
                         : JobText::tr("The %1 job needs the device itself (mkfs, mount or fio "
                                       "open it by name): run it as root or through the "
                                       "TrimScope helper.")
                               .arg(jobKind(plan)));
}

Expected<JobBody> prepareJob(const JobPlan &plan, const JobTarget &target)
{
    if (const Error error = jobRunsOn(plan, kindOf(target)); error.isError())
        return error;
    // The filesystem experiments and write tests re-admit their device by rules of their own;
    // the override is not carried there, so it is refused rather than dropped.
    if (asksForOverride(target) && (needsNode(plan) || std::holds_alternative<DiagnosePlan>(plan)))
        return makeError(ErrorCode::InvalidArgument,
                         JobText::tr("The %1 job does not take the overrides for partitions "
                                     "beside partitions in use or devices open for writing; only "
                                     "the TRIM benchmark and the background-TRIM probe do.")
                             .arg(jobKind(plan)));
    return std::visit([&](const auto &kindPlan) { return prepareKind(kindPlan, target); }, plan);
}

} // namespace trimscope
