#pragma once

#include "common/error.h"
#include "device/driveinfo.h"
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

enum class StopReason {
    Completed,
    Cancelled,
    TimeBudget,
    Failed,
};

QString stopReasonName(StopReason reason);
std::optional<StopReason> stopReasonFromName(const QString &name);

struct SweepResult
{
    DriveInfo drive;
    ResolvedPlan plan;
    QList<Sample> samples;   // every discard, in the order it ran
    QList<SizePoint> points; // one per planned size, descending; sizes never reached are absent
    StopReason stopReason = StopReason::Completed;
    Error error; // set when stopReason is Failed
    QDateTime started;
    QDateTime finished;
    double elapsedSeconds = 0;
    double prewriteSeconds = 0;
    QString toolVersion;
    QString measurementPriority; // how the measuring thread was scheduled

    bool complete() const { return stopReason == StopReason::Completed; }
    // Recomputes `points` from `samples`; used by the runner and after loading a file.
    void rebuildPoints();
};

} // namespace trimscope
