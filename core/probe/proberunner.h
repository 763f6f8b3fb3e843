#pragma once

#include "common/canceltoken.h"
#include "probeplan.h"
#include "proberesult.h"
#include "probetarget.h"

#include <functional>

namespace trimscope::probe {

// What a trial does at a moment.
enum class ProbeStage { WaitForQuiet, Baseline, AfterDiscard };
// "wait-for-quiet", "baseline", "after-discard": the progress's phase words.
QString probeStageName(ProbeStage stage);

// How far the probe has come: reported when a trial changes stage and at least once a second
// while it waits or writes, so a caller can show a line well within every 10 s.
struct ProbeProgress
{
    int trial = 0;     // 1, 2, ... (a pair is two trials: the sham, then the real one)
    int maxTrials = 0; // 2 x plan.trials
    ProbeStage stage = ProbeStage::WaitForQuiet;
    double elapsedSeconds = 0;
    double maxWaitSeconds = 0; // the bound: the probe ends by then
};
using ProbeProgressFunction = std::function<void(const ProbeProgress &)>;

// Pairs of trials (each: a wait for quiet, baseline writes, one large discard or none, then
// probe writes at intervals until they are back to normal or maxSeconds pass), all within
// plan.maxWaitSeconds. Cancel is checked between two writes.
Expected<BackgroundProbeResult> runBackgroundTrimProbe(WriteProbeTarget &target,
                                                       const BackgroundProbePlan &plan,
                                                       const CancelToken *cancel = nullptr,
                                                       const ProbeProgressFunction &progress = {});

} // namespace trimscope::probe
