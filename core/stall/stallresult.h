#pragma once

#include "common/expected.h"
#include "device/runrecord.h"
#include "stallplan.h"

#include <QJsonObject>
#include <QList>

namespace trimscope::stall {

// One discard as it ran, timed by the thread that issued it. Times in seconds since the run's
// time zero (the start of the baseline).
struct StallDiscard
{
    StallPhase phase = StallPhase::Small;
    quint64 offset = 0;
    quint64 bytes = 0;
    double startSeconds = 0;
    double seconds = 0; // how long the command took
    // What it did to the I/O around it: the time the I/O in flight while it ran lost (each one
    // slower than the stall threshold, less the baseline median), and the longest stall: the
    // longest I/O in flight after its start that completed before the next discard began (at QD1, the longest time
    // the device completed nothing; the whole window when nothing completed in it).
    double addedSeconds = 0;
    double longestStallSeconds = 0;

    QJsonObject toJson() const;
    static StallDiscard fromJson(const QJsonObject &json);
};

// The latency of the I/O (reads, and writes when asked) that ran during one phase.
struct StallPhaseFigures
{
    StallPhase phase = StallPhase::Baseline;
    double fromSeconds = 0;
    double toSeconds = 0;
    int ios = 0;
    int discards = 0;
    quint64 discardBytes = 0; // each discard's size
    double meanSeconds = 0;
    double p50Seconds = 0;
    double p99Seconds = 0;
    double p999Seconds = 0;
    double maxSeconds = 0;
    // Discard phases: the median over its discards of each one's added time, the longest stall
    // of any of them, and the discards' own median time.
    double addedPerDiscardSeconds = 0;
    double longestStallSeconds = 0;
    double discardMedianSeconds = 0;

    QJsonObject toJson() const;
    static StallPhaseFigures fromJson(const QJsonObject &json);
};

// Latency over time for the chart: the longest I/O completing in each bucket.
struct StallTimeline
{
    double bucketSeconds = 0.01;
    QList<double> maxLatencySeconds; // one per bucket from time zero; 0 where nothing completed
    QList<int> ios;                  // I/Os completed per bucket

    QJsonObject toJson() const;
    static StallTimeline fromJson(const QJsonObject &json);
};

struct StallResult : RunRecord
{
    StallPlan plan; // resolved: the regions as used
    QList<StallPhaseFigures> phases; // Baseline first, then the discard phases that ran
    QList<StallDiscard> discards;
    StallTimeline timeline;
    double stallThresholdSeconds = 0; // an I/O slower than this counts as held up
    QString fioVersion;

    const StallPhaseFigures *phase(StallPhase phase) const;
    // The longest single I/O latency of any discard phase, and whether it stayed within
    // plan.maxLatencySeconds (only meaningful once a discard phase ran).
    double worstLatencySeconds() const;
    bool passed() const;
    bool measured() const; // a baseline and at least one discard phase
    // The discard phase with the longest stall, or nullptr.
    const StallPhaseFigures *worstPhase() const;
    // "Passed: …" / "Failed: …", translated, in numbers.
    QString summary() const;

    // The body of the result file (io.github.trimscope.stall; report/ adds the envelope). The
    // verdict is written for readers and recomputed when read; InvalidArgument for an unknown
    // phase, a negative latency or a phase without its times.
    QJsonObject toJson() const;
    static Expected<StallResult> fromJson(const QJsonObject &json);
};

} // namespace trimscope::stall
