#pragma once

#include "common/error.h"
#include "common/expected.h"
#include "device/driveinfo.h"
#include "device/runrecord.h"
#include "emptytrimcheck.h"
#include "statistics.h"
#include "sweepplan.h"

#include <QDateTime>

namespace trimscope {

// One timed discard.
struct Sample
{
    quint64 bytes = 0;
    quint64 offset = 0;
    double seconds = 0;
    double startedAt = 0; // seconds since the sweep started, for drift plots
};

// Why an adaptive sweep's size ended short of its precision target.
enum class TargetShortfall {
    None,         // reached (or not an adaptive sweep)
    TimeBudget,   // the sweep's time budget ran out first
    OutOfRegions, // every fresh region the device had for this size was used
    Cancelled,
    Failed,
};
// "", "time-budget", "out-of-regions", "cancelled", "failed": the JSON's words.
QString targetShortfallName(TargetShortfall shortfall);

// Everything measured for one block size.
struct SizePoint
{
    quint64 bytes = 0;
    QList<double> samples; // seconds, in measurement order
    // The median's interval is at 95 %, or for an adaptive sweep at the rule's corrected level
    // (AdaptiveRule::kIntervalConfidence), which keeps 95 % coverage where the sweep stopped.
    SampleStatistics stats;
    // Bytes per second at the median; 0 when not measured.
    double throughput() const { return stats.median > 0 ? double(bytes) / stats.median : 0; }
    // Adaptive sweeps only: the rule stopped this size because its median's interval reached
    // the target; replayed from the samples, so a file cannot claim it.
    bool converged = false;
    bool outOfRegions = false; // the size used every sample slot the plan gave it
};

struct SweepResult : RunRecord
{
    ResolvedPlan plan;
    QList<Sample> samples;   // every discard, in the order it ran
    QList<SizePoint> points; // one per planned size, descending; sizes never reached are absent
    double prewriteSeconds = 0;
    QString measurementPriority; // how the measuring thread was scheduled
    // Pre-written sweeps: does the drive answer TRIM of empty space faster? Absent from files
    // written before the check existed (present: false), which then say nothing about it.
    EmptyTrimCheck emptyCheck;
    bool emptyCheckPresent = true;

    // Bytes the sweep wrote before its TRIMs: every sample's region, when pre-written.
    quint64 prewriteBytes() const;
    // Every discard the sweep sent: its samples and the empty-space check's (each TRIM of empty
    // space and the TRIM of written data paired with it). The summary's count, which the
    // device's own counter (stat field 12) must match.
    qsizetype discardsSent() const;
    qsizetype checkDiscards() const; // the check's part of it

    // Recomputes `points` from `samples`; used by the runner and after loading a file.
    void rebuildPoints();
    // What a sweep of `plan` on `drive` measured before it ended without a result of its own (a
    // helper that never confirmed its cancellation): the samples reported live, the run stopped
    // by `why` (Cancelled, or Failed with it).
    static SweepResult fromLiveSamples(const DriveInfo &drive, const SweepPlan &plan,
                                       const QList<Sample> &samples, const Error &why);

    // Adaptive sweeps: why a size ended short of the target (None when it reached it, and for
    // fixed sweeps, which have no target).
    TargetShortfall shortfall(const SizePoint &point) const;
    int sizesShortOfTarget() const;
    // The point's precision in words, for the CLI's table and the GUI: "±3.1 %", or
    // "±7.4 %, target ±5 % not reached: the time budget ran out". Translated.
    QString precisionText(const SizePoint &point) const;

    // The body of the sweep result file (report/ adds the envelope: drive, stop reason, times):
    // the plan, every sample in measurement order ("trace") and per size the statistics.
    QJsonObject toJson() const;
    // Statistics are recomputed from the samples and the layout from the plan and the drive, so
    // a hand-edited summary cannot lie. InvalidArgument for a sample without size or time.
    // `drive` is the envelope's: the plan is laid out on it again.
    static Expected<SweepResult> fromJson(const QJsonObject &json, const DriveInfo &drive);
};

} // namespace trimscope
