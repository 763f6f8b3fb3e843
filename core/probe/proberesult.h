#pragma once

#include "common/expected.h"
#include "device/runrecord.h"
#include "probeplan.h"

#include <QJsonObject>
#include <QList>
#include <optional>

namespace trimscope::probe {

struct ProbeWrite
{
    double atSeconds = 0; // since the discard returned
    double seconds = 0;
    bool slow = false; // within a stretch of slow writes (the median around it is slow)
};

// What one trial measured, kept for every trial of a probe: the pairs' judgement is made from
// these, and a recorded probe can be judged again (tst_backgroundprobe replays recorded ones).
struct ProbeTrialSamples
{
    bool real = false; // a discard was sent (else the pair's sham trial)
    bool idle = true;  // its wait for quiet ended with the drive quiet (or it had no wait)
    QList<double> baseline;
    QList<ProbeWrite> writes; // after the discard (or the moment it would have come)
};

// The run record is set by whoever ran the probe on a drive (core/jobs); a probe that failed or
// was cancelled carries only that.
struct BackgroundProbeResult : RunRecord
{
    // What was asked (the job's request, the file's "plan"); not known for a result read from a
    // file written before it was recorded.
    std::optional<BackgroundProbeRequest> plan;
    bool detected = false; // writes stayed slower after the discard: the drive trims later
    quint64 discardBytes = 0;
    double discardSeconds = 0;
    double baselineMedianSeconds = 0;
    double baselineP95Seconds = 0;
    double slowThresholdSeconds = 0;
    double slowMedianSeconds = 0; // median write from the discard to the last slow write
    double slowdownFactor = 1;    // slowMedianSeconds / baselineMedianSeconds
    double slowForSeconds = 0;    // from the discard returning to the last slow write
    int slowWrites = 0;
    bool recovered = false; // writes were back to normal before the probe ended
    double probedSeconds = 0;
    // The wait for an idle drive before the baseline: how long, whether the drive became idle
    // within idleMaxSeconds, and the median write of its first window (far above the baseline:
    // the drive was busy when the probe began).
    double idleWaitSeconds = 0;
    bool idle = true;
    double firstWindowMedianSeconds = 0;
    // Pairs run, and real trials that saw slow writes. The figures above are one real trial's:
    // the first that saw slow writes when only it did, else the last.
    int trials = 1;
    int trialsDetected = 0;
    // The whole probe's bound, how long it ran, whether the bound ended it before two pairs of
    // trials agreed, and whether the drive never once looked quiet (a busy computer: every wait
    // for quiet ran out).
    double maxWaitSeconds = 0;
    double elapsedSeconds = 0;
    bool outOfTime = false;
    bool neverQuiet = false;
    QString measurementPriority; // how the writing thread was scheduled (as a sweep's)
    QList<double> baselineSamples;
    QList<ProbeWrite> writes;
    // Every trial's samples in the order run, sham and real in turn.
    QList<ProbeTrialSamples> trialSamples;

    // Background work per trimmed MiB the probe saw (0 when nothing was detected); a lower
    // bound when the probe ended before writes recovered.
    double deferredSecondsPerMiB() const;
    // Whether the result says anything about background TRIM: it saw it, or it saw none on a
    // drive that was idle first. A drive that never became idle may owe work from earlier
    // TRIMs that hides the probe's own.
    bool conclusive() const { return detected || idle; }
    // "This drive trims in the background: …" or "No background TRIM work seen: …", translated.
    QString summary() const;
    // The body of the result file (io.github.trimscope.background-probe; report/ adds the
    // envelope). The summary and the derived rate are written for readers, recomputed when read.
    QJsonObject toJson() const;
    static Expected<BackgroundProbeResult> fromJson(const QJsonObject &json);
};

} // namespace trimscope::probe
