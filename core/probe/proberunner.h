#pragma once

#include "common/canceltoken.h"
#include "probeplan.h"
#include "proberesult.h"
#include "probetarget.h"

namespace trimscope::probe {

// Baseline writes, one large discard, then probe writes at intervals until they are back to
// normal or maxSeconds pass. Cancel is checked between two writes.
Expected<BackgroundProbeResult> runBackgroundTrimProbe(WriteProbeTarget &target,
                                                       const BackgroundProbePlan &plan,
                                                       const CancelToken *cancel = nullptr);

} // namespace trimscope::probe
