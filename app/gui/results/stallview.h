#pragma once

#include "chart/stallchart.h"
#include "resulttable.h"
#include "stall/stallresult.h"

namespace trimscope::gui {

// The stall test: the longest I/O per moment of the run, discards shaded by phase, the limit.
StallChartData stallChartData(const stall::StallResult &result);
// Per phase: discard size and time, p50 / p99 / p99.9 / max, added latency, longest stall.
ResultTable stallTable(const stall::StallResult &result);
QString stallSummary(const stall::StallResult &result);

} // namespace trimscope::gui
