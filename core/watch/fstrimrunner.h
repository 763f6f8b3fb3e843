#pragma once

#include "common/canceltoken.h"
#include "fstrimtarget.h"
#include "fstrimtiming.h"

#include <functional>

namespace trimscope::watch {

struct FstrimTimingProgress
{
    int done = 0; // pieces finished
    int planned = 0;
    double fraction = 0; // of the filesystem's address range
    double elapsedSeconds = 0;
    double etaSeconds = -1; // < 0 until a piece trimmed something
};
using FstrimTimingProgressCallback = std::function<void(const FstrimTimingProgress &)>;

// Trims the target's free space piece by piece (FITRIM on its mount point's descriptor), timing
// each call on the monotonic clock; reads the /sys counters of the filesystem's device (its
// discards) and of its disk (other reads and writes, busy time) around each piece, and samples
// the disk's requests in flight while it runs. Cancel is honoured between pieces (a piece the
// filesystem is working on runs to its end). Blocking; the run record is the caller's.
Expected<FstrimTimingResult> runFstrimTiming(const FstrimTarget &target,
                                             const FstrimTimingPlan &plan,
                                             const CancelToken &cancel,
                                             const FstrimTimingProgressCallback &progress = {});

} // namespace trimscope::watch
