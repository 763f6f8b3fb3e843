#pragma once

#include "common/canceltoken.h"
#include "common/expected.h"
#include "device/runrecord.h"

#include <QJsonObject>
#include <QList>
#include <memory>

namespace trimscope::probe {

// What the background-TRIM probe needs from a drive: timed small writes that reach the medium,
// one discard, and a clock. Real devices use FdWriteProbeTarget; tests and the simulated
// profiles use a target with a virtual clock.
class WriteProbeTarget
{
public:
    virtual ~WriteProbeTarget() = default;
    virtual quint64 sizeBytes() const = 0;
    // Writes `length` bytes at `offset` and waits until they are on the medium; returns the
    // seconds both took.
    virtual Expected<double> timedWrite(quint64 offset, quint64 length) = 0;
    virtual Expected<double> timedDiscard(quint64 offset, quint64 length) = 0;
    // Writes a region outside any timing, so the drive has data to trim.
    virtual Error fill(quint64 offset, quint64 length) = 0;
    virtual double nowSeconds() const = 0; // monotonic
    virtual void sleepFor(double seconds) = 0;
};

// A block device fd opened for writing (O_EXCL by whoever opened it; the fd stays theirs).
// Probe writes use O_DIRECT (switched on around each write only) and fdatasync, so they reach
// the device instead of the page cache. Nothing outside [0, sizeBytes) is ever touched.
class FdWriteProbeTarget final : public WriteProbeTarget
{
public:
    FdWriteProbeTarget(int fd, quint64 sizeBytes);
    ~FdWriteProbeTarget() override;
    FdWriteProbeTarget(const FdWriteProbeTarget &) = delete;
    FdWriteProbeTarget &operator=(const FdWriteProbeTarget &) = delete;

    quint64 sizeBytes() const override { return m_size; }
    Expected<double> timedWrite(quint64 offset, quint64 length) override;
    Expected<double> timedDiscard(quint64 offset, quint64 length) override;
    Error fill(quint64 offset, quint64 length) override;
    double nowSeconds() const override;
    void sleepFor(double seconds) override;

private:
    int m_fd;
    quint64 m_size;
    void *m_buffer = nullptr; // aligned for O_DIRECT
};

// Where and how long to probe. Offsets and sizes are in bytes and must be multiples of 4 KiB.
struct BackgroundProbePlan
{
    quint64 discardOffset = 0;
    quint64 discardBytes = quint64(1) << 30;
    quint64 probeOffset = 0; // the probe region must not overlap the discard region
    quint64 probeBytes = quint64(1) << 20;
    quint64 writeBytes = 4096;
    int baselineWrites = 20;
    double intervalSeconds = 0.05; // pause between two probe writes after the discard
    double minSeconds = 2;         // probe at least this long, even if writes look normal
    double maxSeconds = 10;        // and never longer
    int recoveredAfter = 10; // this many writes in a row judged normal end the probe early
    // The drive is slow while the median of five neighbouring writes is above slowFactor x the
    // baseline median; it is flagged when at least minSlowWrites writes fall in such a stretch
    // and the median write from the discard to the stretch's end is slowFactor times the
    // baseline median or more. Medians only: on a busy machine single writes wait for the CPU
    // at any time (a threshold from the baseline's tail, its p95, rose above what a deferring
    // drive's writes cost, and a 3x slow-down went unseen); a drive paying for a discard slows
    // most writes.
    double slowFactor = 2;
    int minSlowWrites = 3;
    bool fillFirst = false; // write the discard region first, so a real drive has data to trim
    // Before the baseline the drive must be idle: a drive still paying for earlier TRIMs (a sweep
    // run just before) writes slowly before and after the probe's discard alike, and its
    // background work goes unseen. Windows of writes are taken with quiet gaps that double from
    // intervalSeconds up to idleQuietSeconds; the drive is idle when two windows in a row, the
    // later one after the longest gap, are within idleTolerance of each other and of the lowest
    // window seen. Work owed for longer than the gaps add up to still looks idle; the probe then
    // says so only if writes fell while it waited. 0 for idleMaxSeconds skips the wait.
    double idleQuietSeconds = 8;
    double idleMaxSeconds = 60;
    double idleTolerance = 1.5;
    // At most this many pairs of trials (each trial: idle wait, baseline, the discard or, in
    // the pair's sham trial, none, and the writes after it); two pairs agreeing end the probe.
    int trials = 4;
};

// The discard region at the start of the device (up to 1 GiB, at most a quarter of it), the
// probe region of 1 MiB at its end: the two never overlap.
BackgroundProbePlan defaultBackgroundProbePlan(quint64 deviceBytes);

// How long the probe takes on an idle drive that does not trim in the background, the usual
// case: two pairs of trials that agree, the first waiting through every quiet gap, the others
// through the shorter gaps of a drive just seen idle; each with its windows of writes, its
// baseline and at least minSeconds after the discard. A drive that keeps owing work, or
// slows after the discard, takes longer (up to idleMaxSeconds and maxSeconds a trial).
double typicalProbeSeconds(const BackgroundProbePlan &plan);

// What a caller chooses; the rest of the plan follows from the device's size.
struct BackgroundProbeRequest
{
    quint64 discardBytes = 0; // 0: the default plan's
    double maxSeconds = 0;    // 0: the default plan's (10 s); a shorter probe also ends sooner
    bool fillFirst = false;
};

// The default plan for the device with the request applied, validated.
Expected<BackgroundProbePlan> planBackgroundProbe(const BackgroundProbeRequest &request,
                                                  quint64 deviceBytes);
// InvalidArgument naming the bad value: regions outside the device, overlapping, misaligned,
// or times out of bounds (the probe is bounded to 120 s).
Error validateBackgroundProbePlan(const BackgroundProbePlan &plan, quint64 deviceBytes);

struct ProbeWrite
{
    double atSeconds = 0; // since the discard returned
    double seconds = 0;
    bool slow = false; // within a stretch of slow writes (the median around it is slow)
};

// The run record is set by whoever ran the probe on a drive (core/jobs); a probe that failed or
// was cancelled carries only that.
struct BackgroundProbeResult : RunRecord
{
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
    QList<double> baselineSamples;
    QList<ProbeWrite> writes;

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

// Baseline writes, one large discard, then probe writes at intervals until they are back to
// normal or maxSeconds pass. Cancel is checked between two writes.
Expected<BackgroundProbeResult> runBackgroundTrimProbe(WriteProbeTarget &target,
                                                       const BackgroundProbePlan &plan,
                                                       const CancelToken *cancel = nullptr);

} // namespace trimscope::probe
