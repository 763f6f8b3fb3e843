#pragma once

#include "common/canceltoken.h"
#include "probeplan.h"
#include "proberesult.h"
#include "probetarget.h"

namespace trimscope::probe {

// A real trial discards; a sham trial does everything else, so it shows what the machine alone
// does to the writes.
enum class TrialKind { Sham, Real };

// One trial: the wait for an idle drive, the baseline, the discard (or none) and the writes after
// it, judged slow or not. Cancel is checked between two writes.
Expected<BackgroundProbeResult> runProbeTrial(WriteProbeTarget &target,
                                              const BackgroundProbePlan &plan,
                                              const CancelToken *cancel, TrialKind kind);

} // namespace trimscope::probe
