#pragma once

#include "common/error.h"
#include "common/expected.h"
#include "device/driveinfo.h"
#include "device/runrecord.h"
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

// Everything measured for one block size.
struct SizePoint
{
    quint64 bytes = 0;
    QList<double> samples; // seconds, in measurement order
    SampleStatistics stats;
    // Bytes per second at the median; 0 when not measured.
    double throughput() const { return stats.median > 0 ? double(bytes) / stats.median : 0; }
    bool converged = false; // adaptive: the median's CI reached the target
};

struct SweepResult : RunRecord
{
    ResolvedPlan plan;
    QList<Sample> samples;   // every discard, in the order it ran
    QList<SizePoint> points; // one per planned size, descending; sizes never reached are absent
    double prewriteSeconds = 0;
    QString measurementPriority; // how the measuring thread was scheduled

    // Recomputes `points` from `samples`; used by the runner and after loading a file.
    void rebuildPoints();

    // The body of the sweep result file (report/ adds the envelope: drive, stop reason, times):
    // the plan, every sample in measurement order ("trace") and per size the statistics.
    QJsonObject toJson() const;
    // Statistics are recomputed from the samples and the layout from the plan and the drive, so
    // a hand-edited summary cannot lie. InvalidArgument for a sample without size or time.
    // `drive` is the envelope's: the plan is laid out on it again.
    static Expected<SweepResult> fromJson(const QJsonObject &json, const DriveInfo &drive);
};

} // namespace trimscope
