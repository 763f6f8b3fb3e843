#pragma once

#include "common/canceltoken.h"
#include "discardtarget.h"
#include "sweepresult.h"

#include <functional>
#include <optional>

namespace trimscope {

struct SweepProgress
{
    double fraction = 0;    // 0..1, weighted by expected time, not by sample count
    double etaSeconds = -1; // < 0: unknown yet; pre-writes and the empty-space check included
    int samplesDone = 0;    // discards: the samples, then the empty-space check's
    int samplesPlanned = 0; // adaptive: the current expectation, which may grow
    double elapsedSeconds = 0;
};

// Runs a resolved plan on a DiscardTarget: one timed discard per sample, each on its own
// region (written first unless the plan says not to), cancel checked between two discards, every
// sample reported as it is measured; then, for a pre-written sweep, the empty-space check
// (emptytrimcheck.h).
// Single-threaded and blocking; callers that must stay responsive run it in a worker thread.
class SweepRunner
{
public:
    SweepRunner(DiscardTarget &target, ResolvedPlan plan, DriveInfo drive,
                const CancelToken &cancel);

    // Called on the runner's thread right after each discard, outside the timed window.
    std::function<void(const Sample &)> onSample;
    std::function<void(const SweepProgress &)> onProgress;
    // Measure at real-time priority where permitted (see ScopedMeasurementPriority). Off for
    // simulated drives, whose "discards" are sleeps that gain nothing from it.
    bool raisePriority = false;

    // Never throws; a run that stops early still returns everything measured so far.
    SweepResult run();

    struct Step
    {
        int sizeIndex; // 0: the largest
        int sampleIndex;
    };

private:
    QList<Step> fixedSchedule() const;
    // Writes a region before its TRIM, outside the timed window, into the result's write time;
    // the seconds it took, or nullopt with the result marked failed.
    std::optional<double> prewrite(quint64 offset, quint64 bytes, SweepResult &result);
    bool measure(const Step &step, SweepResult &result);
    // The empty-space check after the sweep; false when it stopped or failed.
    bool checkEmptyTrims(SweepResult &result, int &done,
                         const std::function<void(bool last)> &progressed);
    // Regions of `bytes` the sweep has trimmed, the first kPairs of them.
    QList<quint64> trimmedRegions(const SweepResult &result, quint64 bytes) const;
    // The check's discards still to come, and their expected seconds (-1 while unknown).
    int checkDiscardsLeft() const;
    double checkSecondsLeft() const;
    bool sizeFinished(int sizeIndex) const;
    double expectedSecondsFor(int sizeIndex) const;
    // Whether enough is measured to say what is left: the largest size and the smallest.
    bool estimateFounded() const;
    // Seconds one more sample of this size takes, the runner's own time between two discards
    // and the pre-write included; < 0 while unknown.
    double expectedSecondsPerSample(int sizeIndex) const;
    // The runner's own seconds per sample (progress, statistics, a simulated drive's wake-up
    // beyond its sleep): the mean of every sample's, its largest left out.
    double ownSecondsPerSample() const;
    // Adaptive: samples each size will probably still take (0 once finished).
    QList<int> adaptiveRemaining() const;
    void reportProgress(int samplesDone, int samplesPlanned, double remainingSeconds);

    DiscardTarget &m_target;
    ResolvedPlan m_plan;
    DriveInfo m_drive;
    const CancelToken &m_cancel;
    QList<QList<double>> m_samplesBySize;
    QList<bool> m_targetReached;  // adaptive: the rule stopped the size
    QList<int> m_expectedSamples; // adaptive: the rule's latest guess of each size's total
    double m_measuredSeconds = 0; // inside the timed windows (on the clock) and pre-writes
    int m_samplesDone = 0;
    double m_ownSecondsSum = 0; // the runner's own seconds, summed over the samples so far,
    double m_ownSecondsMax = 0; // and the largest of one sample
    double m_lastSampleEndedAt = 0;
    double m_measuredAtLastSample = 0;
    double m_prewriteBytes = 0;   // bytes written so far, and the time they took: the drive's
    double m_prewriteSeconds = 0; // write speed, for the ETA
    bool m_checkDone = false;
    int m_checkDiscardsDone = 0;
    double m_startedAt = 0;
    double m_reportedFraction = 0;
};

} // namespace trimscope
