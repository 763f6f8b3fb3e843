#pragma once

#include "sweep/sweepresult.h"

namespace trimscope::cli {

// The human-readable summary of a sweep: drive, plan, one row per size, and how it ended.
QString formatSweepReport(const SweepResult &result);

} // namespace trimscope::cli
