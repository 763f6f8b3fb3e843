#pragma once

#include "sweep/sweepsetup.h"

namespace trimscope {

// A sweep of a simulated drive (simulatedprofiles.h); realTime makes it take the modelled time.
Expected<PreparedSweep> prepareSimulatedSweep(const QString &profileId, const SweepPlan &plan,
                                              bool realTime);

} // namespace trimscope
