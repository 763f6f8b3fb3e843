#include "simulatedfsbench.h"

#include "fsbench/deleteplan.h"
#include "fsbench/recordedprofiles.h"
#include "simulateddiscardtarget.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace trimscope {

using namespace trimscope::fsbench;

namespace {

struct SimText
{
    Q_DECLARE_TR_FUNCTIONS(SimulatedFsBench)
};

// Host-side phases (no discards) of the recorded run in tests/data/results/fsbench-ext4-xfs.json
// (500 files on a loop device): fixed seconds, and seconds per file for create and delete.
struct HostTimes
{
    double mkfs, mount, perFileCreate, syncAfterCreate, perFileDelete, syncAfterDelete, unmount;
};
HostTimes hostTimes(const QString &filesystem)
{
    if (filesystem == QLatin1String("xfs"))
        return {0.094, 0.060, 35e-6, 0.015, 23e-6, 0.003, 0.015};
    return {0.025, 0.013, 31e-6, 0.014, 18e-6, 0.007, 0.008};
}

constexpr quint64 kMiB = quint64(1) << 20;

// One phase of a replayed run: a host phase of a known length, or `count` discards of `bytes`,
// the first `written` of them trimming written data. The replay runs these, and its progress
// weighs each by the time it is modelled to take, so the bar moves with the time spent and the
// first estimate of the whole is already the model's.
struct ReplayStep
{
    Phase phase = Phase::Mkfs;
    double hostSeconds = 0;
    quint64 count = 0;
    quint64 bytes = 0;
    quint64 written = 0;
    bool discards = false;

    double expectedSeconds(const LatencyModel &model) const
    {
        if (!discards)
            return hostSeconds;
        return double(written) * model.seconds(bytes) +
               double(count - written) * model.emptySeconds(bytes);
    }
};

class Replay
{
public:
    Replay(const SimulatedProfile &profile, const FsBenchPlan &plan, double timeScale,
           const CancelToken &cancel, const FsBenchProgressCallback &progress)
        : m_drive(profile.drive), m_model(profile.discard), m_plan(plan), m_timeScale(timeScale),
          m_cancel(cancel), m_progress(progress), m_target(profile, plan.tree.seed, 0),
          m_started(std::chrono::steady_clock::now())
    {
        m_clock.start();
    }

    FsBenchResult run();

private:
    QList<ReplayStep> stepsOf(const DeleteRun &run, const DiscardTrace &trace) const;
    Error runStep(DeleteRun &run, const ReplayStep &step);
    // A phase that sends the step's discards one after another.
    Error discardPhase(DeleteRun &run, const ReplayStep &step);
    // Waits until `modelledSeconds` more of the model have passed since the replay began. The
    // replay keeps to one clock from its start, not to a sleep per discard: each sleep wakes a
    // little late, on a busy computer by a millisecond or more, and a sleep per discard added
    // those up, so a replay of thousands of discards took far longer than its model and the
    // ETA, right for the model, was low (tst_fsprogress etaHoldsFromTheStart beside two busy
    // loops). A late wake-up now shortens the next wait instead.
    void pace(double modelledSeconds);
    // `within` (0..1) of the step under way, whose modelled time is `stepSeconds`.
    void report(const DeleteRun &run, Phase phase, double stepSeconds, double within);

    DriveInfo m_drive;
    LatencyModel m_model;
    FsBenchPlan m_plan;
    double m_timeScale;
    const CancelToken &m_cancel;
    FsBenchProgressCallback m_progress;
    SimulatedDiscardTarget m_target;
    QElapsedTimer m_clock;
    std::chrono::steady_clock::time_point m_started;
    double m_pacedSeconds = 0; // modelled seconds since the start the replay has waited for
    QElapsedTimer m_lastReport;
    quint64 m_offset = 0;
    int m_runIndex = 0;
    int m_runCount = 0;
    double m_totalSeconds = 0;    // modelled, of every run that will replay
    double m_doneSeconds = 0;     // modelled, of the steps finished
    double m_reportedSeconds = 0; // modelled, done at the last report
};

void Replay::pace(double modelledSeconds)
{
    if (m_timeScale <= 0 || modelledSeconds <= 0)
        return;
    m_pacedSeconds += modelledSeconds;
    std::this_thread::sleep_until(m_started +
                                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(m_pacedSeconds * m_timeScale)));
}

void Replay::report(const DeleteRun &run, Phase phase, double stepSeconds, double within)
{
    if (!m_progress)
        return;
    FsBenchProgress p;
    p.filesystem = run.filesystem;
    p.variant = run.variant;
    p.phase = phase;
    p.runIndex = m_runIndex;
    p.runCount = m_runCount;
    p.phaseFraction = within;
    const double done = m_doneSeconds + stepSeconds * within;
    m_reportedSeconds = done;
    p.fraction = m_totalSeconds > 0 ? std::clamp(done / m_totalSeconds, 0.0, 1.0) : 0.0;
    // Wall time per modelled second: the time scale, until a twentieth of the work shows what
    // it really is here (sleeps overshoot; the noise model draws around the mean).
    const double elapsed = double(m_clock.nsecsElapsed()) / 1e9;
    const double pace = done > 0.05 * m_totalSeconds && done > 0 ? elapsed / done : m_timeScale;
    p.etaSeconds = std::max(0.0, (m_totalSeconds - done) * pace);
    m_progress(p);
    m_lastReport.start();
}

QList<ReplayStep> Replay::stepsOf(const DeleteRun &run, const DiscardTrace &trace) const
{
    const DeleteVariant variant = deleteVariantOf(run);
    const HostTimes host = hostTimes(run.filesystem);
    const TreeSpec &tree = m_plan.tree;
    const auto hostStep = [](Phase phase, double seconds) {
        ReplayStep step;
        step.phase = phase;
        step.hostSeconds = seconds;
        return step;
    };
    const auto discardStep = [this](Phase phase, quint64 count, quint64 bytes, quint64 written) {
        ReplayStep step;
        step.phase = phase;
        step.discards = true;
        step.count = count;
        step.bytes = std::clamp<quint64>(bytes, m_drive.logicalBlockSize, m_drive.discardMaxBytes);
        step.written = std::min(written, count);
        return step;
    };
    QList<ReplayStep> steps{hostStep(Phase::Mkfs, host.mkfs), hostStep(Phase::Mount, host.mount),
                            hostStep(Phase::Create, host.perFileCreate * tree.files),
                            hostStep(Phase::SyncAfterCreate, host.syncAfterCreate),
                            hostStep(Phase::Delete, host.perFileDelete * tree.files)};
    // Online discard: the recorded count in proportion to the tree, of the recorded size; those
    // beyond the tree's bytes trim free space again. ext4 sends them when the journal commits
    // (the sync); XFS queues them and sends them after.
    const double averageBytes = std::max(1.0, trace.averageDiscardBytes);
    const double share = double(tree.bytes) / kKernelTreeBytes;
    const auto deleteDiscards =
        quint64(std::max(1.0, std::round(trace.kernelTreeDiscards * share)));
    const auto writtenDiscards =
        std::min(deleteDiscards, quint64(std::ceil(double(tree.bytes) / averageBytes)));
    const auto discardBytes = quint64(std::llround(averageBytes));
    const bool queued = run.filesystem == QLatin1String("xfs");
    steps.append(
        variant.onlineDiscard && !queued
            ? discardStep(Phase::SyncAfterDelete, deleteDiscards, discardBytes, writtenDiscards)
            : hostStep(Phase::SyncAfterDelete, host.syncAfterDelete));
    steps.append(variant.onlineDiscard && queued
                     ? discardStep(Phase::Settle, deleteDiscards, discardBytes, writtenDiscards)
                     : hostStep(Phase::Settle, 0));
    if (variant.fstrimAfter) {
        // The whole filesystem is free again: fstrim trims the device in pieces.
        const quint64 piece = std::min(trace.fstrimPieceBytes, m_drive.discardMaxBytes);
        const quint64 pieces = (m_drive.sizeBytes + piece - 1) / piece;
        steps.append(discardStep(Phase::Fstrim, pieces, piece, pieces));
    }
    steps.append(hostStep(Phase::Unmount, host.unmount));
    return steps;
}

Error Replay::runStep(DeleteRun &run, const ReplayStep &step)
{
    const double expected = step.expectedSeconds(m_model);
    report(run, step.phase, expected, 0);
    if (step.discards) {
        if (const Error error = discardPhase(run, step); error.isError())
            return error;
    } else {
        // In slices of a hundredth of the whole, so a long phase (a kernel tree's creation)
        // moves the bar too.
        const int slices =
            m_totalSeconds > 0
                ? std::clamp(int(std::ceil(expected / (0.01 * m_totalSeconds))), 1, 100)
                : 1;
        for (int i = 1; i <= slices; ++i) {
            pace(step.hostSeconds / slices);
            if (i < slices)
                report(run, step.phase, expected, double(i) / slices);
        }
        run.phases.append({step.phase, step.hostSeconds, {}});
    }
    m_doneSeconds += expected;
    return {};
}

Error Replay::discardPhase(DeleteRun &run, const ReplayStep &step)
{
    const double expected = step.expectedSeconds(m_model);
    PhaseResult result{step.phase, 0, {}};
    for (quint64 i = 0; i < step.count; ++i) {
        if (m_cancel.isCancelled())
            return makeError(ErrorCode::Cancelled, SimText::tr("cancelled"));
        if (m_offset + step.bytes > m_drive.sizeBytes)
            m_offset = 0;
        // The tree's data was written there (free on a simulated drive): whatever the replay
        // trimmed at that offset before, this discard trims written data.
        if (i < step.written)
            m_target.prewrite(m_offset, step.bytes);
        const Expected<double> seconds = i < step.written
                                             ? m_target.timedDiscard(m_offset, step.bytes)
                                             : m_target.timedEmptyDiscard(m_offset, step.bytes);
        if (!seconds)
            return seconds.error();
        pace(*seconds);
        m_offset += step.bytes;
        result.seconds += *seconds;
        result.discards.count += 1;
        result.discards.bytes += step.bytes;
        result.discards.deviceSeconds += *seconds;
        // A few times a second, and at every hundredth of the whole: the bar moves however fast
        // the replay runs.
        const double within = double(i + 1) / double(step.count);
        if (m_lastReport.elapsed() > 200 ||
            (m_doneSeconds + expected * within - m_reportedSeconds) > 0.01 * m_totalSeconds)
            report(run, step.phase, expected, within);
    }
    run.phases.append(result);
    return {};
}

FsBenchResult Replay::run()
{
    FsBenchResult result;
    result.start(m_drive);
    result.plan = m_plan;
    result.runs = plannedDeleteRuns(m_plan);
    m_runCount = int(result.runs.size());
    Error invalid = checkFsBenchPlan(m_plan, m_drive.sizeBytes);
    if (!invalid.isError() && m_drive.discardMaxBytes == 0)
        invalid = makeError(
            ErrorCode::NoDiscardSupport,
            SimText::tr("%1 does not support discard (TRIM).").arg(m_drive.displayName()));
    if (invalid.isError())
        result.stopWith(invalid);
    // The whole schedule first: what each run will replay, and so how long all of it takes.
    // A plan refused above schedules nothing (a drive without discard has no fstrim pieces).
    QList<QList<ReplayStep>> schedule;
    for (const DeleteRun &run : std::as_const(result.runs)) {
        const std::optional<DiscardTrace> trace = recordedDiscardTrace(run.filesystem);
        const bool runs = trace && result.stopReason == StopReason::Completed;
        schedule.append(runs ? stepsOf(run, *trace) : QList<ReplayStep>());
        for (const ReplayStep &step : std::as_const(schedule.last()))
            m_totalSeconds += step.expectedSeconds(m_model);
    }
    for (DeleteRun &run : result.runs) {
        if (result.stopReason != StopReason::Completed)
            break; // the rest stay NotRun
        const std::optional<DiscardTrace> trace = recordedDiscardTrace(run.filesystem);
        if (!trace) {
            run.status = RunStatus::Skipped;
            run.message = SimText::tr("simulated drives replay recorded discards, and there is "
                                      "no record for %1")
                              .arg(run.filesystem);
        } else {
            Error error;
            for (const ReplayStep &step : std::as_const(schedule.at(m_runIndex))) {
                if (error = runStep(run, step); error.isError())
                    break;
            }
            run.status = settleRun(error, m_cancel, run.message, result);
            if (run.status == RunStatus::Measured)
                run.message = SimText::tr("simulated: the recorded discards (%1) replayed "
                                          "against this drive's latency model")
                                  .arg(trace->source);
        }
        ++m_runIndex;
    }
    result.finish(double(m_clock.nsecsElapsed()) / 1e9);
    return result;
}

} // namespace

std::optional<DiscardTrace> recordedDiscardTrace(const QString &filesystem)
{
    for (const FilesystemDeleteProfile &profile : fsbench::recordedDeleteProfiles()) {
        if (profile.filesystem != filesystem)
            continue;
        DiscardTrace trace;
        trace.filesystem = filesystem;
        trace.kernelTreeDiscards = profile.discardCount;
        trace.averageDiscardBytes = profile.averageDiscardBytes;
        trace.fstrimPieceBytes = 128 * kMiB;
        trace.source = profile.source;
        return trace;
    }
    return std::nullopt;
}

FsBenchResult simulateFsBench(const SimulatedProfile &profile, const FsBenchPlan &plan,
                              double timeScale, const CancelToken &cancel,
                              const FsBenchProgressCallback &progress)
{
    return Replay(profile, plan, timeScale, cancel, progress).run();
}

} // namespace trimscope
