#pragma once

#include "chart/barchart.h"
#include "chart/curvechart.h"
#include "recovery/recoveryresult.h"
#include "resulttable.h"

namespace trimscope::gui {

// The write-recovery test as bars per measured phase, in % of fresh-out-of-box IOPS.
BarChartData recoveryChartData(const recovery::RecoveryResult &result);
ResultTable recoveryTable(const recovery::RecoveryResult &result);
QString recoverySummary(const recovery::RecoveryResult &result);

// The sequential fill: MB/s against % of the capacity written, the cache cliff marked.
CurveChartData fillCurveChartData(const recovery::FillCurveResult &result);
QString fillCurveSummary(const recovery::FillCurveResult &result);

// "about 23 min, writing about 231 GiB (2.1× the drive's capacity)": shown before a run.
QString estimateText(const recovery::RunEstimate &estimate);
// The speed the estimates assume, in one sentence.
QString estimateAssumption();

} // namespace trimscope::gui
