#include "backgroundprobe.h"

#include "common/jsonfields.h"
#include "common/units.h"
#include "sweep/discardtarget.h"
#include "sweep/statistics.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRandomGenerator>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

namespace trimscope::probe {

namespace {

class ProbeText
{
    Q_DECLARE_TR_FUNCTIONS(BackgroundProbe)
};

constexpr quint64 kAlign = 4096;
constexpr quint64 kMaxWriteBytes = quint64(1) << 20;
constexpr double kMaxProbeSeconds = 120;
constexpr double kMiB = double(1 << 20);

Error invalid(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, message);
}

Error ioError(const QString &what, int err)
{
    return makeError(ErrorCode::IoError, QStringLiteral("%1: %2").arg(
                                             what, QString::fromLocal8Bit(std::strerror(err))));
}

bool inside(quint64 offset, quint64 length, quint64 deviceBytes)
{
    return length > 0 && offset <= deviceBytes && length <= deviceBytes - offset;
}

// How many neighbouring writes decide whether the drive is slow at a moment.
constexpr qsizetype kWindow = 5;
// The quiet gaps of the trials after the first: the drive was just seen idle.
constexpr double kLaterTrialQuietSeconds = 2;

double median(QList<double> values)
{
    return computeStatistics(std::move(values)).median;
}

} // namespace

// ---- FdWriteProbeTarget --------------------------------------------------------------------

FdWriteProbeTarget::FdWriteProbeTarget(int fd, quint64 sizeBytes) : m_fd(fd), m_size(sizeBytes)
{
    if (::posix_memalign(&m_buffer, kAlign, kMaxWriteBytes) != 0)
        m_buffer = nullptr;
    else
        QRandomGenerator(0x5eed7b9).fillRange(static_cast<quint32 *>(m_buffer),
                                              kMaxWriteBytes / sizeof(quint32));
}

FdWriteProbeTarget::~FdWriteProbeTarget()
{
    std::free(m_buffer);
}

Expected<double> FdWriteProbeTarget::timedWrite(quint64 offset, quint64 length)
{
    if (!m_buffer)
        return makeError(ErrorCode::IoError, QStringLiteral("no memory for the probe buffer"));
    if (!inside(offset, length, m_size) || length > kMaxWriteBytes || offset % kAlign ||
        length % kAlign)
        return invalid(QStringLiteral("probe write of %1 at %2 is outside the device or misaligned")
                           .arg(length)
                           .arg(offset));
    // O_DIRECT only around the probe write: the fd is shared with code that writes from
    // unaligned buffers.
    const int flags = ::fcntl(m_fd, F_GETFL);
    if (flags < 0 || ::fcntl(m_fd, F_SETFL, flags | O_DIRECT) != 0)
        return ioError(QStringLiteral("cannot switch to O_DIRECT"), errno);
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    ssize_t rc;
    do {
        rc = ::pwrite(m_fd, m_buffer, length, off_t(offset));
    } while (rc < 0 && errno == EINTR);
    int err = errno;
    const bool synced = rc == ssize_t(length) && ::fdatasync(m_fd) == 0;
    if (rc == ssize_t(length))
        err = errno;
    const auto end = Clock::now();
    ::fcntl(m_fd, F_SETFL, flags);
    if (rc != ssize_t(length))
        return ioError(QStringLiteral("probe write at offset %1 failed").arg(offset),
                       rc < 0 ? err : EIO);
    if (!synced)
        return ioError(QStringLiteral("flushing the probe write failed"), err);
    return std::chrono::duration<double>(end - start).count();
}

Expected<double> FdWriteProbeTarget::timedDiscard(quint64 offset, quint64 length)
{
    if (!inside(offset, length, m_size))
        return invalid(QStringLiteral("discard outside the device"));
    return FdDiscardTarget(m_fd).timedDiscard(offset, length);
}

Error FdWriteProbeTarget::fill(quint64 offset, quint64 length)
{
    if (!inside(offset, length, m_size))
        return invalid(QStringLiteral("fill outside the device"));
    return FdDiscardTarget(m_fd).prewrite(offset, length);
}

double FdWriteProbeTarget::nowSeconds() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void FdWriteProbeTarget::sleepFor(double seconds)
{
    if (seconds > 0)
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

// ---- plan ------------------------------------------------------------------------------------

BackgroundProbePlan defaultBackgroundProbePlan(quint64 deviceBytes)
{
    BackgroundProbePlan plan;
    const quint64 quarter = (deviceBytes / 4) / kAlign * kAlign;
    plan.discardBytes = std::min<quint64>(plan.discardBytes, quarter);
    plan.probeBytes = std::min<quint64>(plan.probeBytes, quarter);
    plan.probeOffset = (deviceBytes - plan.probeBytes) / kAlign * kAlign;
    return plan;
}

Error validateBackgroundProbePlan(const BackgroundProbePlan &plan, quint64 deviceBytes)
{
    for (const quint64 value : {plan.discardOffset, plan.discardBytes, plan.probeOffset,
                                plan.probeBytes, plan.writeBytes}) {
        if (value % kAlign)
            return invalid(QStringLiteral("%1 is not a multiple of 4 KiB").arg(value));
    }
    if (plan.writeBytes == 0 || plan.writeBytes > kMaxWriteBytes ||
        plan.writeBytes > plan.probeBytes)
        return invalid(QStringLiteral("probe write size %1 must be 4 KiB..1 MiB and fit the "
                                      "probe region")
                           .arg(plan.writeBytes));
    if (!inside(plan.discardOffset, plan.discardBytes, deviceBytes))
        return invalid(QStringLiteral("the discard region is outside the device"));
    if (!inside(plan.probeOffset, plan.probeBytes, deviceBytes))
        return invalid(QStringLiteral("the probe region is outside the device"));
    if (plan.probeOffset < plan.discardOffset + plan.discardBytes &&
        plan.discardOffset < plan.probeOffset + plan.probeBytes)
        return invalid(QStringLiteral("the probe region overlaps the discard region"));
    if (plan.baselineWrites < 3 || plan.baselineWrites > 1000)
        return invalid(QStringLiteral("baseline writes must be 3..1000"));
    if (!(plan.intervalSeconds >= 0 && plan.intervalSeconds <= 10) ||
        !(plan.minSeconds >= 0 && plan.maxSeconds > 0 && plan.maxSeconds <= kMaxProbeSeconds &&
          plan.minSeconds <= plan.maxSeconds))
        return invalid(QStringLiteral("probe times must satisfy 0 <= min <= max <= %1 s")
                           .arg(kMaxProbeSeconds));
    if (!(plan.idleMaxSeconds >= 0 && plan.idleMaxSeconds <= kMaxProbeSeconds) ||
        (plan.idleMaxSeconds > 0 &&
         !(plan.idleQuietSeconds > 0 && plan.idleQuietSeconds <= plan.idleMaxSeconds)) ||
        !(plan.idleTolerance > 1))
        return invalid(QStringLiteral("idle wait must satisfy 0 < quiet <= max <= %1 s and a "
                                      "tolerance above 1")
                           .arg(kMaxProbeSeconds));
    if (plan.trials < 1 || plan.trials > 9)
        return invalid(QStringLiteral("trials must be 1..9"));
    if (!(plan.slowFactor > 1) || plan.minSlowWrites < 1 || plan.recoveredAfter < 1)
        return invalid(QStringLiteral("slow factor must exceed 1, counts must be positive"));
    return {};
}

double typicalProbeSeconds(const BackgroundProbePlan &plan)
{
    const auto trial = [&](double quiet) {
        // Gaps of quiet/16, /8, /4, /2 and all of it; a window of writes before each and after
        // the last.
        const double gaps = plan.idleMaxSeconds > 0 ? quiet * (1 + 0.5 + 0.25 + 0.125 + 0.0625)
                                                    : 0;
        const double windows =
            plan.idleMaxSeconds > 0 ? 6 * double(kWindow) * plan.intervalSeconds : 0;
        const double after =
            std::max(plan.minSeconds, double(plan.recoveredAfter) * plan.intervalSeconds);
        return gaps + windows + double(plan.baselineWrites) * plan.intervalSeconds + after;
    };
    const int trials = std::min(2 * plan.trials, 4);
    return trial(plan.idleQuietSeconds) +
           (trials - 1) * trial(std::min(plan.idleQuietSeconds, kLaterTrialQuietSeconds));
}

// ---- probe -----------------------------------------------------------------------------------

Expected<BackgroundProbePlan> planBackgroundProbe(const BackgroundProbeRequest &request,
                                                  quint64 deviceBytes)
{
    BackgroundProbePlan plan = defaultBackgroundProbePlan(deviceBytes);
    if (request.discardBytes > 0)
        plan.discardBytes = request.discardBytes;
    if (request.maxSeconds > 0) {
        plan.maxSeconds = request.maxSeconds;
        plan.minSeconds = std::min(plan.minSeconds, plan.maxSeconds);
    }
    plan.fillFirst = request.fillFirst;
    if (const Error error = validateBackgroundProbePlan(plan, deviceBytes); error.isError())
        return error;
    return plan;
}

namespace {

// One trial: the wait for an idle drive, the baseline, the discard and the writes after it.
// A sham trial does everything but the discard: what the machine alone does to the writes.
Expected<BackgroundProbeResult> runTrial(WriteProbeTarget &target, const BackgroundProbePlan &plan,
                                         const CancelToken *cancel, bool sham)
{
    const auto cancelled = [cancel] { return cancel && cancel->isCancelled(); };
    const quint64 slotCount = plan.probeBytes / plan.writeBytes;
    quint64 slot = 0;
    const auto nextWrite = [&]() {
        const quint64 offset = plan.probeOffset + (slot++ % slotCount) * plan.writeBytes;
        return target.timedWrite(offset, plan.writeBytes);
    };
    const Error cancelError = makeError(ErrorCode::Cancelled, QStringLiteral("probe cancelled"));

    BackgroundProbeResult result;
    result.discardBytes = plan.discardBytes;
    if (plan.fillFirst) {
        if (const Error error = target.fill(plan.discardOffset, plan.discardBytes); error.isError())
            return error;
    }
    // One unmeasured write first: it pays for whatever the first touch of the region costs.
    if (auto warmup = nextWrite(); !warmup)
        return warmup.error();
    // Wait for the drive to be idle (see BackgroundProbePlan).
    if (plan.idleMaxSeconds > 0) {
        const double waitStart = target.nowSeconds();
        QList<double> windows;
        double lowest = 0;
        // Gaps double up to the quiet period in five steps: 1/16, 1/8, 1/4, 1/2 and all of it.
        double gap = plan.idleQuietSeconds / 16;
        double lastGap = 0;
        result.idle = false;
        while (true) {
            QList<double> window;
            for (qsizetype i = 0; i < kWindow; ++i) {
                if (cancelled())
                    return cancelError;
                auto seconds = nextWrite();
                if (!seconds)
                    return seconds.error();
                window.append(*seconds);
                if (i + 1 < kWindow)
                    target.sleepFor(plan.intervalSeconds);
            }
            const double m = median(window);
            if (windows.isEmpty()) {
                result.firstWindowMedianSeconds = m;
                lowest = m;
            }
            lowest = std::min(lowest, m);
            windows.append(m);
            const auto near = [&](double a, double b) {
                return a <= plan.idleTolerance * b && b <= plan.idleTolerance * a;
            };
            if (windows.size() >= 2 && lastGap >= plan.idleQuietSeconds - 1e-9 &&
                near(m, windows.at(windows.size() - 2)) && near(m, lowest)) {
                result.idle = true;
                break;
            }
            const double waited = target.nowSeconds() - waitStart;
            if (waited >= plan.idleMaxSeconds)
                break;
            lastGap = std::min({gap, plan.idleQuietSeconds, plan.idleMaxSeconds - waited});
            for (double slept = 0; slept < lastGap; slept += 0.1) {
                if (cancelled())
                    return cancelError;
                target.sleepFor(std::min(0.1, lastGap - slept));
            }
            gap *= 2;
        }
        result.idleWaitSeconds = target.nowSeconds() - waitStart;
    }
    for (int i = 0; i < plan.baselineWrites; ++i) {
        if (cancelled())
            return cancelError;
        auto seconds = nextWrite();
        if (!seconds)
            return seconds.error();
        result.baselineSamples.append(*seconds);
        target.sleepFor(plan.intervalSeconds);
    }
    const SampleStatistics baseline = computeStatistics(result.baselineSamples);
    result.baselineMedianSeconds = baseline.median;
    result.baselineP95Seconds = baseline.p95;
    result.slowThresholdSeconds = plan.slowFactor * baseline.median;

    if (cancelled())
        return cancelError;
    if (!sham) {
        auto discard = target.timedDiscard(plan.discardOffset, plan.discardBytes);
        if (!discard)
            return discard.error();
        result.discardSeconds = *discard;
    }

    const double start = target.nowSeconds();
    // The drive is judged by the median of a few neighbouring writes, never by one write: on a
    // busy machine single writes wait for the CPU at any time, a drive paying for a discard
    // slows most of them.
    const auto medianOf = [&](qsizetype from, qsizetype to) {
        QList<double> window;
        for (qsizetype i = std::max<qsizetype>(from, 0);
             i <= std::min(to, result.writes.size() - 1); ++i)
            window.append(result.writes.at(i).seconds);
        return median(window);
    };
    int normalInARow = 0;
    while (true) {
        if (cancelled())
            return cancelError;
        const double at = target.nowSeconds() - start;
        auto seconds = nextWrite();
        if (!seconds)
            return seconds.error();
        result.writes.append({at, *seconds, false});
        const qsizetype last = result.writes.size() - 1;
        const bool slowNow = medianOf(last - kWindow + 1, last) > result.slowThresholdSeconds;
        normalInARow = slowNow ? 0 : normalInARow + 1;
        const double elapsed = target.nowSeconds() - start;
        if (elapsed >= plan.maxSeconds)
            break;
        if (elapsed >= plan.minSeconds && normalInARow >= plan.recoveredAfter)
            break;
        target.sleepFor(plan.intervalSeconds);
    }
    result.probedSeconds = target.nowSeconds() - start;
    result.recovered = normalInARow >= plan.recoveredAfter;

    // A write is slow when the median of the writes around it is: a stretch of them, centred,
    // so the stretch neither starts nor ends late.
    for (qsizetype i = 0; i < result.writes.size(); ++i) {
        ProbeWrite &write = result.writes[i];
        write.slow = medianOf(i - kWindow / 2, i + kWindow / 2) > result.slowThresholdSeconds;
        if (write.slow) {
            ++result.slowWrites;
            result.slowForSeconds = write.atSeconds + write.seconds;
        }
    }
    QList<double> slowPeriod;
    for (const ProbeWrite &write : std::as_const(result.writes)) {
        if (write.atSeconds < result.slowForSeconds)
            slowPeriod.append(write.seconds);
    }
    result.slowMedianSeconds = slowPeriod.isEmpty() ? 0 : median(slowPeriod);
    result.slowdownFactor = result.baselineMedianSeconds > 0 && result.slowMedianSeconds > 0
                                ? result.slowMedianSeconds / result.baselineMedianSeconds
                                : 1;
    result.detected =
        result.slowWrites >= plan.minSlowWrites && result.slowdownFactor >= plan.slowFactor;
    return result;
}

} // namespace

Expected<BackgroundProbeResult> runBackgroundTrimProbe(WriteProbeTarget &target,
                                                       const BackgroundProbePlan &plan,
                                                       const CancelToken *cancel)
{
    if (const Error error = validateBackgroundProbePlan(plan, target.sizeBytes()); error.isError())
        return error;
    // Pairs of trials, each a sham (no discard) and a real one, until two pairs agree: a burst
    // of load on the machine (a compiler starting on a shared box) slows writes for seconds just
    // as a deferring drive does, but then it slows the sham's writes too. A pair says
    // "background" when only the real trial saw slow writes, "none" when the real one did not;
    // when both did, it says nothing. Later trials follow a trial that ended with writes back to
    // normal, so their wait for idleness is shorter. No two pairs agreeing within `trials`
    // pairs: the probe cannot tell.
    int background = 0;
    int none = 0;
    int pairs = 0;
    int detectedTrials = 0;
    double waited = 0;
    std::optional<BackgroundProbeResult> firstDetected;
    std::optional<BackgroundProbeResult> lastReal;
    BackgroundProbePlan trialPlan = plan;
    bool idle = true;
    while (background < 2 && none < 2 && pairs < plan.trials) {
        Expected<BackgroundProbeResult> sham = runTrial(target, trialPlan, cancel, true);
        if (!sham)
            return sham.error();
        waited += sham->idleWaitSeconds;
        idle = idle && sham->idle;
        trialPlan.fillFirst = false;
        trialPlan.idleQuietSeconds = std::min(plan.idleQuietSeconds, kLaterTrialQuietSeconds);
        Expected<BackgroundProbeResult> real = runTrial(target, trialPlan, cancel, false);
        if (!real)
            return real.error();
        waited += real->idleWaitSeconds;
        ++pairs;
        if (real->detected) {
            ++detectedTrials;
            if (!sham->detected) {
                ++background;
                if (!firstDetected)
                    firstDetected = *real;
            }
        } else {
            ++none;
        }
        lastReal = std::move(real).value();
    }
    BackgroundProbeResult result = background >= 2 ? *firstDetected : *lastReal;
    result.detected = background >= 2;
    // Conclusive only when two pairs agreed on a drive that became idle first.
    result.idle = idle && (background >= 2 || none >= 2);
    result.trials = pairs;
    result.trialsDetected = detectedTrials;
    result.idleWaitSeconds = waited;
    return result;
}

// ---- result ----------------------------------------------------------------------------------

double BackgroundProbeResult::deferredSecondsPerMiB() const
{
    if (!detected || discardBytes == 0)
        return 0;
    return slowForSeconds / (double(discardBytes) / kMiB);
}

QString BackgroundProbeResult::summary() const
{
    if (detected) {
        const QString lasted =
            recovered ? ProbeText::tr("for %1").arg(formatSeconds(slowForSeconds))
                      : ProbeText::tr("for at least %1 (still slow when the probe ended)")
                            .arg(formatSeconds(slowForSeconds));
        return ProbeText::tr("This drive trims in the background; its quick TRIM times "
                             "understate the cost. After a %1 discard that returned in %2, "
                             "4 KiB writes took %3 instead of %4 (%5x slower) %6.")
            .arg(formatBytes(discardBytes), formatSeconds(discardSeconds),
                 formatSeconds(slowMedianSeconds), formatSeconds(baselineMedianSeconds),
                 formatFixed(slowdownFactor, 1), lasted) +
               (trials > 1 ? ProbeText::tr(" Seen after %1 of %2 discards, and not without one.")
                          .arg(trialsDetected)
                          .arg(trials)
                           : QString());
    }
    if (!idle)
        return ProbeText::tr("Cannot tell whether this drive trims in the background: writes "
                             "slowed as much without a discard as after one, or the drive was "
                             "not idle (4 KiB writes took %1 at first, %2 before the last "
                             "discard, %3 waited in all). Probe again on a quiet machine, after "
                             "the drive has rested.")
            .arg(formatSeconds(firstWindowMedianSeconds), formatSeconds(baselineMedianSeconds),
                 formatSeconds(idleWaitSeconds));
    return ProbeText::tr("No background TRIM work seen: after a %1 discard, 4 KiB writes stayed "
                         "at their usual %2 for the %3 probed.")
        .arg(formatBytes(discardBytes), formatSeconds(baselineMedianSeconds),
             formatSeconds(probedSeconds));
}

namespace {
const std::tuple kResultFields{
    JsonField{"detected", &BackgroundProbeResult::detected},
    JsonField{"discard_bytes", &BackgroundProbeResult::discardBytes},
    JsonField{"discard_s", &BackgroundProbeResult::discardSeconds},
    JsonField{"baseline_median_s", &BackgroundProbeResult::baselineMedianSeconds},
    JsonField{"baseline_p95_s", &BackgroundProbeResult::baselineP95Seconds},
    JsonField{"slow_threshold_s", &BackgroundProbeResult::slowThresholdSeconds},
    JsonField{"slow_median_s", &BackgroundProbeResult::slowMedianSeconds},
    JsonField{"slowdown_factor", &BackgroundProbeResult::slowdownFactor},
    JsonField{"slow_for_s", &BackgroundProbeResult::slowForSeconds},
    JsonField{"slow_writes", &BackgroundProbeResult::slowWrites},
    JsonField{"recovered", &BackgroundProbeResult::recovered},
    JsonField{"probed_s", &BackgroundProbeResult::probedSeconds},
    JsonField{"idle_wait_s", &BackgroundProbeResult::idleWaitSeconds},
    JsonField{"idle", &BackgroundProbeResult::idle},
    JsonField{"first_window_median_s", &BackgroundProbeResult::firstWindowMedianSeconds},
    JsonField{"trials", &BackgroundProbeResult::trials},
    JsonField{"trials_detected", &BackgroundProbeResult::trialsDetected},
};
} // namespace

QJsonObject BackgroundProbeResult::toJson() const
{
    QJsonArray baseline;
    for (const double s : baselineSamples)
        baseline.append(s);
    QJsonArray probe;
    for (const ProbeWrite &w : writes)
        probe.append(QJsonObject{{QStringLiteral("at_s"), w.atSeconds},
                                 {QStringLiteral("seconds"), w.seconds},
                                 {QStringLiteral("slow"), w.slow}});
    QJsonObject json = fieldsToJson(*this, kResultFields);
    // Derived, for readers of the file; recomputed when read.
    json.insert(QStringLiteral("deferred_s_per_mib"), deferredSecondsPerMiB());
    json.insert(QStringLiteral("summary"), summary());
    json.insert(QStringLiteral("baseline"), baseline);
    json.insert(QStringLiteral("writes"), probe);
    return json;
}

Expected<BackgroundProbeResult> BackgroundProbeResult::fromJson(const QJsonObject &json)
{
    BackgroundProbeResult r;
    fieldsFromJson(json, r, kResultFields);
    const JsonFields f(json);
    for (const QJsonValue &v : f.array("baseline"))
        r.baselineSamples.append(v.toDouble());
    for (const QJsonValue &v : f.array("writes")) {
        const JsonFields w(v.toObject());
        r.writes.append({w.number("at_s"), w.number("seconds"), w.flag("slow")});
    }
    if (!(r.discardSeconds >= 0) || !(r.slowdownFactor > 0))
        return invalid(QStringLiteral("a negative discard time or slow-down factor"));
    return r;
}

} // namespace trimscope::probe
