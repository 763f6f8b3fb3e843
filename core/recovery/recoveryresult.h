#pragma once

#include "common/expected.h"
#include "device/driveinfo.h"
#include "device/runrecord.h"
#include "fioresult.h"
#include "recoveryplan.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>

namespace trimscope::recovery {

// The steps of the degradation test, in the order they run. The measured ones run random writes.
enum class RecoveryPhase {
    Precondition,  // whole-device discard: the drive as fresh out of the box
    FreshOutOfBox, // measured
    Fill,          // sequential fill, fillPasses times
    AfterFill,     // measured: degraded
    Idle,          // nothing, for idleSeconds: the controller's own garbage collection
    AfterIdle,     // measured
    Trim,          // whole-device discard
    AfterTrim,     // measured: recovered?
};

// "precondition", "fob", "fill", "after-fill", "idle", "after-idle", "trim", "after-trim".
QString recoveryPhaseName(RecoveryPhase phase);
// "Fresh out of box", ... (translatable, for tables and charts).
QString recoveryPhaseTitle(RecoveryPhase phase);
bool isMeasuredPhase(RecoveryPhase phase);
QList<RecoveryPhase> recoveryPhases(); // all, in order

// One random-write measurement.
struct PhaseMeasurement
{
    RecoveryPhase phase = RecoveryPhase::FreshOutOfBox;
    FioWriteFigures figures;
    double percentOfFob = 0; // IOPS relative to FreshOutOfBox, 100 for FOB itself

    QJsonObject toJson() const;
};

struct RecoveryResult : RunRecord
{
    RecoveryPlan plan;
    RunEstimate estimate;
    QList<PhaseMeasurement> measurements; // in phase order; phases not reached are absent
    QList<FioWriteFigures> fills;         // one per fill pass (pieces summed)
    double preconditionDiscardSeconds = 0;
    double trimDiscardSeconds = 0;
    double idleSeconds = 0; // as actually waited
    quint64 bytesWritten = 0;
    QString fioVersion;

    const PhaseMeasurement *measurement(RecoveryPhase phase) const;
    // Fills percentOfFob from the FOB measurement (0 everywhere when FOB is missing or 0).
    void computePercentages();
    // The body of the result file (io.github.trimscope.recovery; report/ adds the envelope).
    // Percentages are recomputed from the measured figures when read, so a hand-edited summary
    // cannot lie; InvalidArgument for an unknown phase or negative IOPS.
    QJsonObject toJson() const;
    static Expected<RecoveryResult> fromJson(const QJsonObject &json);
};

// One throughput sample of the sequential fill.
struct FillSample
{
    quint64 offset = 0; // where the sample starts
    quint64 bytes = 0;
    double seconds = 0;
    double bytesPerSecond = 0;
    double startedAt = 0; // seconds since the fill started
};

// The fill's samples from its one job's bandwidth log, whose windows are `windowSeconds` long
// (log_avg_msec): windows gathered until they hold at least `sampleBytes` (what is left at the
// end joins the last sample when it is less than half a sample). fio logs a window's bytes over
// its own length and leaves out windows in which no write completed (a slow drive's large
// writes), so a window holds its speed times its length, or times the time since the window
// before if that is shorter; the first one, from the job's start. The time between windows
// counts towards the sample it falls in. fio's last window ends before the job does: the rest of
// `ioBytes` in the rest of `runtimeSeconds` is one more window, and the windows are scaled to add
// up to `ioBytes` (fio's KiB/s are rounded). No windows (a job shorter than fio's first, about
// 130 ms): one sample of the whole. Pure.
QList<FillSample> fillSamplesFromBandwidth(const QList<BandwidthWindow> &windows,
                                           double windowSeconds, quint64 ioBytes,
                                           double runtimeSeconds, quint64 sampleBytes);

// The fill's samples from the device's own count of bytes written, read along the way: the spans
// between readings gathered, scaled and closed as above. fio's bandwidth log is an average of
// rates its timer thread computes; when that thread runs late (a loaded computer) the windows
// hold less than was written (97 of 128 MiB) and the samples' offsets drift. The count does not.
// Nothing from fewer than two readings apart or no bytes. Pure.
QList<FillSample> fillSamplesFromWrites(const QList<WrittenMark> &marks, quint64 ioBytes,
                                        quint64 sampleBytes);

// Where the sequential write speed falls for good.
struct FillCliff
{
    bool found = false;
    int sampleIndex = -1;
    quint64 offset = 0;              // bytes written when the speed fell
    double fractionOfCapacity = 0;   // offset / drive size
    double bytesPerSecondBefore = 0; // median of the samples before it
    double bytesPerSecondAfter = 0;  // median from it to the end
    double drop = 0;                 // 1 - after / before

    QJsonObject toJson() const;
};

// The first sample from which the speed stays below (1 - dropFraction) times the median of all
// samples before it, for that sample and the (up to) `sustain` next ones. At least
// `minBaseline` samples must come before. A sample nearer the speed before than the speed after
// (one that straddles the cliff, or noise just ahead of it) counts as before. Pure.
FillCliff findFillCliff(const QList<FillSample> &samples, quint64 capacityBytes,
                        double dropFraction, int minBaseline = 2, int sustain = 2);

struct FillCurveResult : RunRecord
{
    FillCurvePlan plan;
    quint64 sampleBytes = 0;
    RunEstimate estimate;
    QList<FillSample> samples;
    FillCliff cliff;
    double preconditionDiscardSeconds = 0;
    quint64 bytesWritten = 0;
    double meanBytesPerSecond = 0; // bytesWritten over the time spent writing
    QString fioVersion;

    // The body of the result file (io.github.trimscope.fill-curve). The cliff is recomputed from
    // the samples when read; InvalidArgument for a point without bytes or with a negative time.
    // `drive` is the envelope's: the cliff's position is a fraction of its size.
    QJsonObject toJson() const;
    static Expected<FillCurveResult> fromJson(const QJsonObject &json, const DriveInfo &drive);
};

} // namespace trimscope::recovery
