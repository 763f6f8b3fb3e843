#include "proberunner.h"

#include "probetrial.h"

#include <algorithm>
#include <optional>

namespace trimscope::probe {

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
        Expected<BackgroundProbeResult> sham =
            runProbeTrial(target, trialPlan, cancel, TrialKind::Sham);
        if (!sham)
            return sham.error();
        waited += sham->idleWaitSeconds;
        idle = idle && sham->idle;
        trialPlan.fillFirst = false;
        trialPlan.idleQuietSeconds = std::min(plan.idleQuietSeconds, kLaterTrialQuietSeconds);
        Expected<BackgroundProbeResult> real =
            runProbeTrial(target, trialPlan, cancel, TrialKind::Real);
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

} // namespace trimscope::probe
