#pragma once

#include "sweep/sweepsetup.h"

namespace trimscope {

// A sweep of a simulated drive (simulatedprofiles.h), taking timeScale times the modelled time
// (SimulatedDiscardTarget).
Expected<PreparedSweep> prepareSimulatedSweep(const QString &profileId, const SweepPlan &plan,
                                              double timeScale);

} // namespace trimscope
