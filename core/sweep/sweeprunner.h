#pragma once

#include "common/canceltoken.h"
#include "discardtarget.h"
#include "sweepresult.h"

#include <functional>

namespace trimscope {

struct SweepProgress
{
    double fraction = 0;    // 0..1, weighted by expected time, not by sample count
    double etaSeconds = -1; // < 0: unknown yet
    int samplesDone = 0;
    int samplesPlanned = 0; // adaptive: the current expectation, which may grow
    double elapsedSeconds = 0;
};

// Runs a resolved plan on a DiscardTarget: one timed discard per sample, each on its own
// region, cancel checked between two discards, every sample reported as it is measured.
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

private:
    struct Step
    {
        int sizeIndex;
        int sampleIndex;
    };
    QList<Step> fixedSchedule() const;
    bool measure(const Step &step, SweepResult &result);
    bool sizeFinished(int sizeIndex) const;
    double expectedSecondsFor(int sizeIndex) const;
    // Seconds one more sample of this size takes, the runner's own time between two discards
    // and the pre-write included; < 0 while unknown.
    double expectedSecondsPerSample(int sizeIndex) const;
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
    double m_measuredSeconds = 0; // inside the timed windows and pre-writes
    int m_samplesDone = 0;
    double m_prewriteBytesPerSecond = 0;
    double m_startedAt = 0;
};

} // namespace trimscope
