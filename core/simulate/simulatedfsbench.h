#pragma once

#include "common/canceltoken.h"
#include "fsbench/fsbench.h"
#include "simulatedprofiles.h"

#include <optional>

namespace trimscope {

// What a filesystem sends to the drive when a tree is deleted with online discard: this many
// discards for the kernel tree, in proportion for other trees, of about this size. Recorded
// deletes of a kernel tree on a current kernel (fsbench/recordedprofiles.h, the figures the
// advice prices where nothing was measured); btrfs has no record.
struct DiscardTrace
{
    QString filesystem;
    double kernelTreeDiscards = 0;
    double averageDiscardBytes = 0;
    // fstrim trims the free space in pieces of at most this (an ext4 block group, 128 MiB;
    // XFS's allocation groups are larger, the recorded fstrim sent ~94 MB pieces), and of at most
    // the drive's largest discard.
    quint64 fstrimPieceBytes = 0;
    QString source; // where the figures come from, in words
};
std::optional<DiscardTrace> recordedDiscardTrace(const QString &filesystem);

// The filesystem experiment on a simulated drive (issue 15, item 5): no filesystem is made and
// nothing is written. Each run replays the discards its filesystem is recorded to send (the
// delete's with online discard; the free space's with fstrim afterwards) against the profile's
// latency model through a SimulatedDiscardTarget, so the delete costs what that drive's TRIM
// costs: as many of the delete's discards as cover the tree's bytes trim written data, the rest
// free space trimmed before (what ext4's repeats are). The phases without discards take the times
// of a recorded run on a loop device. Runs of a filesystem without a recorded trace are skipped and
// say why; every run says it is simulated. Sleeps timeScale times the modelled time (0: none);
// checks cancel between discards.
fsbench::FsBenchResult simulateFsBench(const SimulatedProfile &profile,
                                       const fsbench::FsBenchPlan &plan, double timeScale,
                                       const CancelToken &cancel,
                                       const fsbench::FsBenchProgressCallback &progress = {});

} // namespace trimscope
