#include "probetrial.h"

#include "probejudge.h"
#include "sweep/statistics.h"

#include <QLoggingCategory>
#include <algorithm>
#include <limits>

namespace trimscope::probe {

namespace {

// Each window of the wait for quiet, with the gap before it (QT_LOGGING_RULES=
// "trimscope.probe.wait.debug=true"): what tells an idle drive from a busy one is read off these.
Q_LOGGING_CATEGORY(lcWait, "trimscope.probe.wait", QtWarningMsg)

double median(QList<double> values)
{
    return computeStatistics(std::move(values)).median;
}

class ProbeTrial
{
public:
    ProbeTrial(WriteProbeTarget &target, const BackgroundProbePlan &plan, const CancelToken *cancel,
               const TrialLimits &limits)
        : m_target(target), m_plan(plan), m_cancel(cancel), m_limits(limits),
          m_slotCount(plan.probeBytes / plan.writeBytes)
    {
        m_result.discardBytes = plan.discardBytes;
    }

    Expected<BackgroundProbeResult> run(TrialKind kind);

private:
    bool cancelled() const { return m_cancel && m_cancel->isCancelled(); }
    // Tells the caller the stage, at once when it changes, else at most once a second.
    void tick(ProbeStage stage)
    {
        const double now = m_target.nowSeconds();
        if (!m_limits.tick || (stage == m_stage && now - m_lastTick < 1))
            return;
        m_stage = stage;
        m_lastTick = now;
        m_limits.tick(stage);
    }
    static Error cancelError()
    {
        return makeError(ErrorCode::Cancelled, QStringLiteral("probe cancelled"));
    }
    // The next write of the probe region, in turn through its slots.
    Expected<double> nextWrite()
    {
        const quint64 offset = m_plan.probeOffset + (m_slot++ % m_slotCount) * m_plan.writeBytes;
        return m_target.timedWrite(offset, m_plan.writeBytes);
    }
    Error waitForIdle();
    Error sleepCancellably(double seconds, ProbeStage stage);
    Error measureBaseline();
    Error writeAfterDiscard(TrialKind kind);
    // The median of the writes after the discard from `from` to `to`, clipped to those there are.
    double medianOf(qsizetype from, qsizetype to) const;
    void judge();

    WriteProbeTarget &m_target;
    const BackgroundProbePlan &m_plan;
    const CancelToken *m_cancel;
    const TrialLimits &m_limits;
    const quint64 m_slotCount;
    ProbeStage m_stage = ProbeStage::WaitForQuiet;
    double m_lastTick = -1e9;
    quint64 m_slot = 0;
    BackgroundProbeResult m_result;
};

Expected<BackgroundProbeResult> ProbeTrial::run(TrialKind kind)
{
    if (m_plan.fillFirst) {
        if (const Error error = m_target.fill(m_plan.discardOffset, m_plan.discardBytes);
            error.isError())
            return error;
    }
    // One unmeasured write first: it pays for whatever the first touch of the region costs.
    if (auto warmup = nextWrite(); !warmup)
        return warmup.error();
    if (m_plan.idleMaxSeconds > 0 && m_limits.idleMaxSeconds > 0) {
        if (const Error error = waitForIdle(); error.isError())
            return error;
    } else if (m_plan.idleMaxSeconds > 0) {
        m_result.idle = false; // the probe's bound left no time to wait for quiet
    }
    if (const Error error = measureBaseline(); error.isError())
        return error;
    if (cancelled())
        return cancelError();
    if (kind == TrialKind::Real) {
        auto discard = m_target.timedDiscard(m_plan.discardOffset, m_plan.discardBytes);
        if (!discard)
            return discard.error();
        m_result.discardSeconds = *discard;
    }
    if (const Error error = writeAfterDiscard(kind); error.isError())
        return error;
    judge();
    return m_result;
}

// Waits for the drive to be idle (see BackgroundProbePlan): windows of writes with quiet gaps
// that double up to the quiet period in five steps (1/16, 1/8, 1/4, 1/2 and all of it).
Error ProbeTrial::waitForIdle()
{
    const double waitStart = m_target.nowSeconds();
    QList<double> windows;
    // The lowest level two windows in a row reached, the later after the full quiet gap: one
    // window of writes the machine happened to serve fast does not set it (the lowest single
    // window did: one window at half the usual time left every later one "too slow", and the
    // probe waited its whole minute and ended inconclusive), nor do the windows after shorter
    // gaps, seconds after what ran before the probe. Small writes are served faster while the
    // computer has other work (beside two busy loops the emulated background drive's took 88 us,
    // on the idle machine 414 us), so windows right after a sweep can set a floor the idle
    // machine's later windows never come near: on the idle machine the fast drive's first window
    // took 477 us, its writes 606 us at the end, and the probe waited its whole bound.
    double floor = std::numeric_limits<double>::infinity();
    double gap = m_plan.idleQuietSeconds / 16;
    double lastGap = 0;
    const auto near = [this](double a, double b) {
        return a <= m_plan.idleTolerance * b && b <= m_plan.idleTolerance * a;
    };
    const double maxWait = std::min(m_plan.idleMaxSeconds, m_limits.idleMaxSeconds);
    m_result.idle = false;
    while (true) {
        QList<double> window;
        for (qsizetype i = 0; i < kProbeWindowWrites; ++i) {
            if (cancelled())
                return cancelError();
            tick(ProbeStage::WaitForQuiet);
            auto seconds = nextWrite();
            if (!seconds)
                return seconds.error();
            window.append(*seconds);
            if (i + 1 < kProbeWindowWrites)
                m_target.sleepFor(m_plan.intervalSeconds);
        }
        const double m = median(window);
        if (lcWait().isDebugEnabled()) {
            QStringList writes;
            for (const double seconds : std::as_const(window))
                writes << QString::number(seconds * 1e6, 'f', 1);
            qCDebug(lcWait, "window %lld at %.3f s after %.3f s quiet: median %.1f us (%s)",
                    windows.size() + 1, m_target.nowSeconds() - waitStart, lastGap, m * 1e6,
                    qPrintable(writes.join(QLatin1Char(' '))));
        }
        if (windows.isEmpty())
            m_result.firstWindowMedianSeconds = m;
        windows.append(m);
        if (windows.size() >= 2) {
            const double previous = windows.at(windows.size() - 2);
            const double pair = std::max(m, previous);
            const bool afterFullGap = lastGap >= m_plan.idleQuietSeconds - 1e-9;
            if (afterFullGap)
                floor = std::min(floor, pair);
            if (afterFullGap && near(m, previous) && near(pair, floor)) {
                m_result.idle = true;
                break;
            }
        }
        const double waited = m_target.nowSeconds() - waitStart;
        if (waited >= maxWait)
            break;
        lastGap = std::min({gap, m_plan.idleQuietSeconds, maxWait - waited});
        if (const Error error = sleepCancellably(lastGap, ProbeStage::WaitForQuiet);
            error.isError())
            return error;
        gap *= 2;
    }
    m_result.idleWaitSeconds = m_target.nowSeconds() - waitStart;
    return {};
}

Error ProbeTrial::sleepCancellably(double seconds, ProbeStage stage)
{
    for (double slept = 0; slept < seconds; slept += 0.1) {
        if (cancelled())
            return cancelError();
        tick(stage);
        m_target.sleepFor(std::min(0.1, seconds - slept));
    }
    return {};
}

Error ProbeTrial::measureBaseline()
{
    for (int i = 0; i < m_plan.baselineWrites; ++i) {
        if (cancelled())
            return cancelError();
        tick(ProbeStage::Baseline);
        auto seconds = nextWrite();
        if (!seconds)
            return seconds.error();
        m_result.baselineSamples.append(*seconds);
        m_target.sleepFor(m_plan.intervalSeconds);
    }
    const SampleStatistics baseline = computeStatistics(m_result.baselineSamples);
    m_result.baselineMedianSeconds = baseline.median;
    m_result.baselineP95Seconds = baseline.p95;
    m_result.slowThresholdSeconds = m_plan.slowFactor * baseline.median;
    return {};
}

// The drive is judged by the median of a few neighbouring writes, never by one write: on a busy
// machine single writes wait for the CPU at any time, a drive paying for a discard slows most of
// them.
double ProbeTrial::medianOf(qsizetype from, qsizetype to) const
{
    QList<double> window;
    for (qsizetype i = std::max<qsizetype>(from, 0); i <= std::min(to, m_result.writes.size() - 1);
         ++i)
        window.append(m_result.writes.at(i).seconds);
    return median(window);
}

// Writes at intervals until they are back to normal (after minSeconds) or maxSeconds pass, or the
// probe's bound comes (after one window of writes at least, so there is something to judge). A
// sham trial ends once it has the writes its pair weighs (kJudgedWrites): it has no slow stretch
// to measure, and on a busy computer its writes never looked "back to normal" and ran on for
// seconds the bound then lacked for a second pair.
Error ProbeTrial::writeAfterDiscard(TrialKind kind)
{
    const double start = m_target.nowSeconds();
    int normalInARow = 0;
    while (true) {
        if (cancelled())
            return cancelError();
        tick(ProbeStage::AfterDiscard);
        const double at = m_target.nowSeconds() - start;
        auto seconds = nextWrite();
        if (!seconds)
            return seconds.error();
        m_result.writes.append({at, *seconds, false});
        const qsizetype last = m_result.writes.size() - 1;
        const bool slowNow =
            medianOf(last - kProbeWindowWrites + 1, last) > m_result.slowThresholdSeconds;
        normalInARow = slowNow ? 0 : normalInARow + 1;
        const double elapsed = m_target.nowSeconds() - start;
        if (elapsed >= m_plan.maxSeconds)
            break;
        if (kind == TrialKind::Sham && m_result.writes.size() >= kJudgedWrites)
            break;
        if (m_target.nowSeconds() >= m_limits.deadlineSeconds &&
            m_result.writes.size() >= kProbeWindowWrites)
            break;
        if (elapsed >= m_plan.minSeconds && normalInARow >= m_plan.recoveredAfter)
            break;
        m_target.sleepFor(m_plan.intervalSeconds);
    }
    m_result.probedSeconds = m_target.nowSeconds() - start;
    m_result.recovered = normalInARow >= m_plan.recoveredAfter;
    return {};
}

// A write is slow when the median of the writes around it is: a stretch of them, centred, so the
// stretch neither starts nor ends late.
void ProbeTrial::judge()
{
    BackgroundProbeResult &r = m_result;
    for (qsizetype i = 0; i < r.writes.size(); ++i) {
        ProbeWrite &write = r.writes[i];
        write.slow = medianOf(i - kProbeWindowWrites / 2, i + kProbeWindowWrites / 2) >
                     r.slowThresholdSeconds;
        if (write.slow) {
            ++r.slowWrites;
            r.slowForSeconds = write.atSeconds + write.seconds;
        }
    }
    QList<double> slowPeriod;
    for (const ProbeWrite &write : std::as_const(r.writes)) {
        if (write.atSeconds < r.slowForSeconds)
            slowPeriod.append(write.seconds);
    }
    r.slowMedianSeconds = slowPeriod.isEmpty() ? 0 : median(slowPeriod);
    r.slowdownFactor = r.baselineMedianSeconds > 0 && r.slowMedianSeconds > 0
                           ? r.slowMedianSeconds / r.baselineMedianSeconds
                           : 1;
    r.detected = r.slowWrites >= m_plan.minSlowWrites && r.slowdownFactor >= m_plan.slowFactor;
}

} // namespace

Expected<BackgroundProbeResult> runProbeTrial(WriteProbeTarget &target,
                                              const BackgroundProbePlan &plan,
                                              const CancelToken *cancel, TrialKind kind,
                                              const TrialLimits &limits)
{
    return ProbeTrial(target, plan, cancel, limits).run(kind);
}

} // namespace trimscope::probe
