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

class Replay
{
public:
    Replay(const SimulatedProfile &profile, const FsBenchPlan &plan, double timeScale,
           const CancelToken &cancel, const FsBenchProgressCallback &progress)
        : m_drive(profile.drive), m_plan(plan), m_timeScale(timeScale), m_cancel(cancel),
          m_progress(progress), m_target(profile, plan.tree.seed, timeScale)
    {
        m_clock.start();
    }

    FsBenchResult run();

private:
    Error runOne(DeleteRun &run, const DeleteVariant &variant, const DiscardTrace &trace);
    // A phase without discards: its recorded time (slept timeScale times).
    void hostPhase(DeleteRun &run, Phase phase, double seconds);
    // A phase that sends `count` discards of `bytes` each, one after another; those after the
    // first `written` trim space that holds no data.
    Error discardPhase(DeleteRun &run, Phase phase, quint64 count, quint64 bytes, quint64 written);
    void report(const DeleteRun &run, Phase phase, double within);

    DriveInfo m_drive;
    FsBenchPlan m_plan;
    double m_timeScale;
    const CancelToken &m_cancel;
    FsBenchProgressCallback m_progress;
    SimulatedDiscardTarget m_target;
    QElapsedTimer m_clock;
    QElapsedTimer m_lastReport;
    quint64 m_offset = 0;
    int m_runIndex = 0;
    int m_runCount = 0;
};

void Replay::report(const DeleteRun &run, Phase phase, double within)
{
    if (!m_progress)
        return;
    // The replay counts each phase as an equal share of its run.
    const double phaseShare = double(int(phase)) / double(int(Phase::Unmount) + 1);
    m_progress(fsBenchProgressAt(run, phase, within, m_runIndex, m_runCount, phaseShare,
                                 double(m_clock.nsecsElapsed()) / 1e9));
    m_lastReport.start();
}

void Replay::hostPhase(DeleteRun &run, Phase phase, double seconds)
{
    report(run, phase, 0);
    if (m_timeScale > 0)
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds * m_timeScale));
    run.phases.append({phase, seconds, {}});
}

Error Replay::discardPhase(DeleteRun &run, Phase phase, quint64 count, quint64 bytes,
                           quint64 written)
{
    report(run, phase, 0);
    PhaseResult result{phase, 0, {}};
    bytes = std::clamp<quint64>(bytes, m_drive.logicalBlockSize, m_drive.discardMaxBytes);
    for (quint64 i = 0; i < count; ++i) {
        if (m_cancel.isCancelled())
            return makeError(ErrorCode::Cancelled, SimText::tr("cancelled"));
        if (m_offset + bytes > m_drive.sizeBytes)
            m_offset = 0;
        // The tree's data was written there (free on a simulated drive): whatever the replay
        // trimmed at that offset before, this discard trims written data.
        if (i < written)
            m_target.prewrite(m_offset, bytes);
        const Expected<double> seconds = i < written ? m_target.timedDiscard(m_offset, bytes)
                                                     : m_target.timedEmptyDiscard(m_offset, bytes);
        if (!seconds)
            return seconds.error();
        m_offset += bytes;
        result.seconds += *seconds;
        result.discards.count += 1;
        result.discards.bytes += bytes;
        result.discards.deviceSeconds += *seconds;
        if (m_lastReport.elapsed() > 200)
            report(run, phase, double(i + 1) / double(count));
    }
    run.phases.append(result);
    return {};
}

Error Replay::runOne(DeleteRun &run, const DeleteVariant &variant, const DiscardTrace &trace)
{
    const HostTimes host = hostTimes(run.filesystem);
    const TreeSpec &tree = m_plan.tree;
    hostPhase(run, Phase::Mkfs, host.mkfs);
    hostPhase(run, Phase::Mount, host.mount);
    hostPhase(run, Phase::Create, host.perFileCreate * tree.files);
    hostPhase(run, Phase::SyncAfterCreate, host.syncAfterCreate);
    hostPhase(run, Phase::Delete, host.perFileDelete * tree.files);
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
    if (variant.onlineDiscard && !queued) {
        if (const Error e = discardPhase(run, Phase::SyncAfterDelete, deleteDiscards, discardBytes,
                                         writtenDiscards);
            e.isError())
            return e;
    } else {
        hostPhase(run, Phase::SyncAfterDelete, host.syncAfterDelete);
    }
    if (variant.onlineDiscard && queued) {
        if (const Error e =
                discardPhase(run, Phase::Settle, deleteDiscards, discardBytes, writtenDiscards);
            e.isError())
            return e;
    } else {
        run.phases.append({Phase::Settle, 0, {}});
    }
    if (variant.fstrimAfter) {
        // The whole filesystem is free again: fstrim trims the device in pieces.
        const quint64 piece = std::min(trace.fstrimPieceBytes, m_drive.discardMaxBytes);
        const quint64 pieces = (m_drive.sizeBytes + piece - 1) / piece;
        if (const Error e = discardPhase(run, Phase::Fstrim, pieces, piece, pieces); e.isError())
            return e;
    }
    hostPhase(run, Phase::Unmount, host.unmount);
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
            run.status =
                settleRun(runOne(run, deleteVariantOf(run), *trace), m_cancel, run.message, result);
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
