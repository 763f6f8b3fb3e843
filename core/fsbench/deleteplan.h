#pragma once

#include "fsbench.h"

namespace trimscope::fsbench {

// What the delete workload and its simulated replay (simulate/simulatedfsbench.h) share: the
// runs a plan asks for and the checks before the first of them.

// Every run the plan asks for, in order (its filesystems, each with its variants), not run yet.
QList<DeleteRun> plannedDeleteRuns(const FsBenchPlan &plan);
// The variant a planned run is of.
DeleteVariant deleteVariantOf(const DeleteRun &run);
// validateFsBenchPlan, then checkTreeFitsDevice for a device of `deviceBytes`.
Error checkFsBenchPlan(const FsBenchPlan &plan, quint64 deviceBytes);

} // namespace trimscope::fsbench
