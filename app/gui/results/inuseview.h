#pragma once

#include "chart/barchart.h"
#include "resulttable.h"
#include "watch/discardwatch.h"
#include "watch/fstrimtiming.h"

namespace trimscope::gui {

// A timed fstrim as the "This drive in use" tab shows it: what was trimmed, how long, the longest
// piece and the other I/O meanwhile, a bar per piece, and a row per piece.
struct FstrimView
{
    QString summary;
    BarChartData chart;
    ResultTable table;
};
FstrimView fstrimView(const watch::FstrimTimingResult &result);

// What the drive served, per device and filesystem (the kernel's counters): a row per device
// that carries a filesystem or served a discard, the whole disk first.
ResultTable watchTable(const watch::DiscardWatch &watched);
// "Since boot, 2 h 3 min ago" / "Over the last 42 s".
QString watchPeriod(const watch::DiscardWatch &watched);

} // namespace trimscope::gui
