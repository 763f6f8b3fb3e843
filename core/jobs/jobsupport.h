#pragma once

#include "common/expected.h"
#include "device/admission.h"
#include "jobprogress.h"
#include "jobtarget.h"
#include "report/resultfile.h"
#include "simulate/simulatedprofiles.h"

#include <QCoreApplication>
#include <QElapsedTimer>

// What the kinds' files (sweepjob.cpp, stalljob.cpp, ...) share: one way each to end a job, to
// find a simulated drive, to admit a device and to stamp a result with its run record.

namespace trimscope {

// The translation context of the texts every kind of job shares (and of those of the sweep and
// of preparing a job).
struct JobText
{
    Q_DECLARE_TR_FUNCTIONS(JobText)
};

namespace fsbench {
struct FsBenchProgress;
}
namespace recovery {
struct RecoveryProgress;
}

// The error a cancelled run states (as the helper's Completed does), translated.
Error cancelledError();

// How a job ended, from its result: a cancelled run states its cancellation as an error too.
template <class Result> JobOutcome outcomeOf(const Result &result)
{
    const Error error = result.stopReason == StopReason::Cancelled && !result.error.isError()
                            ? cancelledError()
                            : result.error;
    return {result.stopReason, error, AnyResult(result)};
}

// The simulated drive a target names; NoSuchDevice naming it when there is none.
Expected<SimulatedProfile> simulatedProfile(const SimulatedTarget &target);

// The admission rules a target asks for beyond the defaults.
AdmissionRules admissionRulesFor(const JobTarget &target);
// The target's device for writing: opened here, or lent to us already open.
Expected<AdmittedDevice> admitTarget(const JobTarget &target);
// The node of a target this process opens itself.
QString devicePathOf(const JobTarget &target);
// The medium the helper's prompt named, which every kind's admission holds the device to.
DeviceIdentity approvedMediumOf(const JobTarget &target);
// Whether the kernel counts no discard served by this whole drive since it appeared (boot,
// hot-plug, a loop device attached: watch::attachmentServedNoDiscard): such a drive owes no TRIM
// work. False where the count cannot tell (a partition, a device stacked on others, a simulated
// drive, a kernel before 4.19, an attachment first seen after it may have discarded), so the
// caller assumes the worst.
bool servedNoDiscard(const DriveInfo &drive);

// Runs a measurement whose core routine leaves the run record to its caller, and stamps the
// result with it: the drive, when it ran and for how long, and how it ended (the routine's own
// stop reason, or the error it failed with before it had a result).
template <class Result, class Run> Result recordedRun(const DriveInfo &drive, Run run)
{
    QElapsedTimer clock;
    clock.start();
    RunRecord record;
    record.start(drive);
    Expected<Result> ran = run();
    Result result = ran ? *ran : Result();
    if (ran) {
        record.stopReason = result.stopReason;
        record.error = result.error;
    } else {
        record.stopWith(ran.error());
    }
    record.finish(double(clock.nsecsElapsed()) / 1e9);
    static_cast<RunRecord &>(result) = record;
    return result;
}

// A core routine's progress callback that reports to the job's reporter, mapped by `toJob`.
template <class Progress>
std::function<void(const Progress &)> progressTo(const JobReporter &report,
                                                 JobProgress (*toJob)(const Progress &))
{
    return [&report, toJob](const Progress &progress) { report.progress(toJob(progress)); };
}

// The filesystem experiments' progress: "ext4 discard delete", "ext4 nodiscard mkfs".
JobProgress fsBenchJobProgress(const fsbench::FsBenchProgress &progress);
// The write tests' progress: "precondition", "fob", "fill 2", ...
JobProgress recoveryJobProgress(const recovery::RecoveryProgress &progress);

} // namespace trimscope
