#pragma once

#include "deleteprofile.h"

#include <QList>

namespace trimscope::fsbench {

// The kernel-tree deletes (kKernelTreeFiles, kKernelTreeBytes) recorded with online discard on a
// current kernel, one per filesystem: how many discard commands reached the device, of what
// average size. The advice prices them with a drive's own TRIM curve where the filesystem
// experiment did not run; simulated drives replay them (simulate/simulatedfsbench.h).
//
// History, and why not the literature: the trim_perf.c article (kernel 3.1, 2011) counted ext4
// discards of 21 MiB on average and XFS 1,641x as many of 13.2 KiB (39,384 for the tree). Today's
// block layer merges XFS's discards: Linux 6.1 sent 11 of 53 MiB for a filesystem made by Debian
// 12's mkfs.xfs, 439-1,048 of 0.6-1.3 MiB for one made by Debian 13's. Priced by a drive's curve,
// the 2011 count made XFS look hundreds of times costlier than it is.
QList<FilesystemDeleteProfile> recordedDeleteProfiles();

// How a filesystem's discard count grew from a tree of 2,000 files to the kernel tree, as a
// power of the tree's bytes, over the recorded runs (count ~ bytes ^ exponent): what one tree
// alone cannot tell. ext4 0.88-1.03; XFS 0 with Debian 12's mkfs (11 discards at every size) and
// 0.92 with Debian 13's (23 became 439). A filesystem without records: 0 to 1.
struct CountGrowth
{
    double lowExponent = 0;
    double highExponent = 1;
};
CountGrowth recordedCountGrowth(const QString &filesystem);

} // namespace trimscope::fsbench
