#pragma once

#include "sweepresult.h"

namespace trimscope {

// What a sweep trimmed, in words, for the CLI's table, the GUI's summary card and chart, and the
// diagnosis: written data (pre-written regions) or whatever the regions held, and whether the
// drive answers TRIM of empty space faster (emptytrimcheck.h). Translated.

// Before a run: what the plan will write on `drive`. "writes 1.2 GiB first: each region just
// before its TRIM, outside the timed window" (an adaptive plan: about that much, at most ...). A
// simulated drive holds no data: its regions only count as written, and the text says so.
QString prewritePlanText(const ResolvedPlan &plan, const DriveInfo &drive);

// After a run, one line: "written data: 1.2 GiB written first in 3.4 s (350 MB/s), each region
// just before its TRIM" or "whatever the regions held: nothing was written first ..." (a
// simulated drive: "written data, as modelled: ...").
QString trimmedDataText(const SweepResult &result);

// A few words for a chart's subtitle: "TRIM of written data", "TRIM of written data; empty space
// answered 240× faster", "TRIM of whatever the regions held (not written first)".
QString trimmedDataShortText(const SweepResult &result);

// The empty-space check's finding in a sentence; empty for files that predate the check.
QString emptyTrimCheckText(const SweepResult &result);

} // namespace trimscope
