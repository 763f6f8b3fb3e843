#pragma once

#include "chart/barchart.h"
#include "fsbench/fsbench.h"
#include "fsbench/mkfstiming.h"
#include "resulttable.h"

namespace trimscope::gui {

// A filesystem experiment's result (the CLI's `fsbench` or `mkfs-timing`, or a run through the
// helper) as the Filesystem tab shows it.
struct FsResultView
{
    enum class Kind { DeleteWorkload, MkfsTiming };
    Kind kind = Kind::DeleteWorkload;
    QString drive;   // "Model, size"
    QString summary; // one or two sentences: what was run, complete or not
    BarChartData chart;
    ResultTable table;
};

FsResultView fsResultView(const fsbench::FsBenchResult &result);
FsResultView fsResultView(const fsbench::MkfsTimingResult &result);

} // namespace trimscope::gui
