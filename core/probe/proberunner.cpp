#include "proberunner.h"

#include "probejudge.h"
#include "probetrial.h"

#include <algorithm>
#include <optional>

namespace trimscope::probe {

namespace {

// What one trial takes besides its wait for quiet when its writes are back to normal soon after
// the discard: its baseline (the writes' own time counted as much again as the pauses between
// them) and the shortest stretch of writes after it. A trial whose writes stay slow runs on to
// the bound, which ends it.
double trialRestSeconds(const BackgroundProbePlan &plan)
{
    return 2 * double(plan.baselineWrites) * plan.intervalSeconds +
           std::max(plan.minSeconds, double(plan.recoveredAfter) * plan.intervalSeconds);
}

// The least a later pair needs to say anything: two waits for quiet with a just-seen-idle drive's
// short gaps, each with its windows of writes, and two trials that end as soon as they may.
double shortestPairSeconds(const BackgroundProbePlan &plan)
{
    const double quiet = std::min(plan.idleQuietSeconds, kLaterTrialQuietSeconds);
    const double wait = plan.idleMaxSeconds > 0
                            ? quiet * (1 + 0.5 + 0.25 + 0.125 + 0.0625) +
                                  6 * double(kProbeWindowWrites) * plan.intervalSeconds
                            : 0;
    return 2 * (wait + trialRestSeconds(plan));
}

// A pair on a busy computer, where waits run out and the real trial's writes may never look
// normal again: each trial waits its later quiet period, the real one then writes until its
// limit after the discard, the sham only its judged writes.
double loadedPairSeconds(const BackgroundProbePlan &plan)
{
    const double wait =
        plan.idleMaxSeconds > 0 ? std::min(plan.idleQuietSeconds, kLaterTrialQuietSeconds) : 0;
    const double baseline = 2 * double(plan.baselineWrites) * plan.intervalSeconds;
    return 2 * (wait + baseline) + plan.maxSeconds +
           2 * double(kJudgedWrites) * plan.intervalSeconds;
}

} // namespace

QString probeStageName(ProbeStage stage)
{
    switch (stage) {
    case ProbeStage::WaitForQuiet:
        return QStringLiteral("wait-for-quiet");
    case ProbeStage::Baseline:
        return QStringLiteral("baseline");
    case ProbeStage::AfterDiscard:
        return QStringLiteral("after-discard");
    }
    return {};
}

Expected<BackgroundProbeResult> runBackgroundTrimProbe(WriteProbeTarget &target,
                                                       const BackgroundProbePlan &plan,
                                                       const CancelToken *cancel,
                                                       const ProbeProgressFunction &progress)
{
    if (const Error error = validateBackgroundProbePlan(plan, target.sizeBytes()); error.isError())
        return error;
    // Pairs of trials, each a sham (no discard) and a real one, until two pairs agree: a burst
    // of load on the machine (a compiler starting on a shared box) slows writes for seconds just
    // as a deferring drive does, but then it slows the sham's writes too. A pair says
    // "background" when the real trial's first writes after its discard slowed well beyond the
    // sham's, "none" when they did not and the sham's writes kept their pace; else it says
    // nothing (judgePair). Later trials follow a trial that ended with writes back to normal, so
    // their wait for idleness is shorter. No two pairs agreeing within `trials` pairs, or within
    // the bound: the probe cannot tell.
    const double start = target.nowSeconds();
    const double deadline = start + plan.maxWaitSeconds;
    const double rest = trialRestSeconds(plan);
    int background = 0;
    int none = 0;
    int pairs = 0;
    int detectedTrials = 0;
    int trial = 0;
    double waited = 0;
    bool outOfTime = false;
    bool everQuiet = false;
    bool waitedInVain = false; // a wait for quiet ran out: the computer is busy
    double firstWindow = 0;    // the first window of writes any trial waited with
    std::optional<BackgroundProbeResult> firstDetected;
    std::optional<PairJudgement> firstDetectedPair;
    std::optional<BackgroundProbeResult> lastReal;
    QList<ProbeTrialSamples> samples;
    const auto keep = [&samples](const BackgroundProbeResult &trialResult, bool real) {
        samples.append({real, trialResult.idle, trialResult.baselineSamples, trialResult.writes});
    };
    BackgroundProbePlan trialPlan = plan;
    bool idle = true;
    TrialLimits limits;
    limits.deadlineSeconds = deadline;
    limits.tick = [&](ProbeStage stage) {
        if (progress)
            progress(
                {trial, 2 * plan.trials, stage, target.nowSeconds() - start, plan.maxWaitSeconds});
    };
    // Each trial may wait for quiet as long as its plan says, but no longer than leaves room for
    // the rest of its pair within the bound, and in the first pair no longer than leaves room
    // for a second on a busy computer: one pair alone never decides, and a first wait that took
    // all it could (a busy computer: 57 s of a diagnosis's 65) left none. Once a wait has run out
    // the computer is busy, and waiting longer would not make it quiet: later trials wait only as
    // long as a just-seen-idle drive's quiet period, and the sham beside each real trial tells
    // the machine's slow-downs from the drive's.
    const double loadedPair = loadedPairSeconds(trialPlan);
    const auto idleAllowance = [&](int trialsAfterWait) {
        // A bound too short for two loaded pairs (a 12 s probe) keeps half of itself for them.
        const double room = std::min(2 * loadedPair, plan.maxWaitSeconds / 2);
        const double reserve =
            trial == 1 ? room : trialsAfterWait * rest + (pairs == 0 ? room / 2 : 0);
        const double most = waitedInVain ? std::min(plan.idleMaxSeconds, kLaterTrialQuietSeconds)
                                         : plan.idleMaxSeconds;
        return std::clamp(deadline - target.nowSeconds() - reserve, 0.0, most);
    };
    const auto ranOut = [&](const BackgroundProbeResult &r) {
        waitedInVain = waitedInVain || (!r.idle && r.idleWaitSeconds > 0);
    };
    while (background < 2 && none < 2 && pairs < plan.trials) {
        if (pairs > 0 && deadline - target.nowSeconds() < shortestPairSeconds(trialPlan)) {
            outOfTime = true;
            break;
        }
        ++trial;
        limits.idleMaxSeconds = idleAllowance(2);
        Expected<BackgroundProbeResult> sham =
            runProbeTrial(target, trialPlan, cancel, TrialKind::Sham, limits);
        if (!sham)
            return sham.error();
        keep(*sham, false);
        ranOut(*sham);
        waited += sham->idleWaitSeconds;
        if (firstWindow == 0)
            firstWindow = sham->firstWindowMedianSeconds;
        idle = idle && sham->idle;
        everQuiet = everQuiet || sham->idle;
        trialPlan.fillFirst = false;
        trialPlan.idleQuietSeconds = std::min(plan.idleQuietSeconds, kLaterTrialQuietSeconds);
        ++trial;
        limits.idleMaxSeconds = idleAllowance(1);
        Expected<BackgroundProbeResult> real =
            runProbeTrial(target, trialPlan, cancel, TrialKind::Real, limits);
        if (!real)
            return real.error();
        keep(*real, true);
        ranOut(*real);
        waited += real->idleWaitSeconds;
        if (firstWindow == 0)
            firstWindow = real->firstWindowMedianSeconds;
        everQuiet = everQuiet || real->idle;
        ++pairs;
        const PairJudgement pair = judgePair(samples.at(samples.size() - 2), samples.last(), plan);
        if (pair.verdict == PairVerdict::Background) {
            ++detectedTrials;
            ++background;
            if (!firstDetected) {
                firstDetected = *real;
                firstDetectedPair = pair;
            }
        } else if (pair.verdict == PairVerdict::NoBackground) {
            ++none;
        }
        lastReal = std::move(real).value();
    }
    BackgroundProbeResult result = background >= 2 ? *firstDetected : *lastReal;
    result.detected = background >= 2;
    // The figures of a detected drive are its first background pair's real trial's: the stretch
    // its writes stayed slow, or where the machine's noise left no stretch to find, the pair's
    // own measure (its first judged writes).
    if (result.detected && result.slowWrites == 0) {
        const qsizetype judged = std::min(result.writes.size(), kJudgedWrites);
        result.slowdownFactor = firstDetectedPair->realSlowdown;
        result.slowMedianSeconds = result.baselineMedianSeconds * result.slowdownFactor;
        result.slowForSeconds = judged > 0 ? result.writes.at(judged - 1).atSeconds +
                                                 result.writes.at(judged - 1).seconds
                                           : 0;
        result.slowWrites = int(judged);
    }
    // Conclusive only when two pairs agreed on a drive that became idle first.
    result.idle = idle && (background >= 2 || none >= 2);
    result.trials = pairs;
    result.trialsDetected = detectedTrials;
    result.idleWaitSeconds = waited;
    result.firstWindowMedianSeconds = firstWindow;
    result.maxWaitSeconds = plan.maxWaitSeconds;
    result.elapsedSeconds = target.nowSeconds() - start;
    result.outOfTime = outOfTime && !result.conclusive();
    result.neverQuiet = !everQuiet && plan.idleMaxSeconds > 0;
    result.trialSamples = std::move(samples);
    return result;
}

} // namespace trimscope::probe
