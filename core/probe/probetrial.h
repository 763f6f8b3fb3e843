#pragma once

#include "common/canceltoken.h"
#include "probeplan.h"
#include "proberesult.h"
#include "proberunner.h"
#include "probetarget.h"

namespace trimscope::probe {

// A real trial discards; a sham trial does everything else, so it shows what the machine alone
// does to the writes.
enum class TrialKind { Sham, Real };

// What the whole probe allows one trial: how long it may wait for quiet (0: no time is left for
// it, the trial runs on a drive not seen idle), when the writes after its discard must end (the
// probe's bound, on the target's clock), and whom to tell how far it is (at least once a second
// while it waits or writes).
struct TrialLimits
{
    double idleMaxSeconds = 0;
    double deadlineSeconds = 0;
    std::function<void(ProbeStage)> tick;
};

// One trial: the wait for an idle drive, the baseline, the discard (or none) and the writes after
// it, judged slow or not. Cancel is checked between two writes.
Expected<BackgroundProbeResult> runProbeTrial(WriteProbeTarget &target,
                                              const BackgroundProbePlan &plan,
                                              const CancelToken *cancel, TrialKind kind,
                                              const TrialLimits &limits);

} // namespace trimscope::probe
