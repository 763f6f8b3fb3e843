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

// How a filesystem's discard count grew with the tree it deleted, over the recorded runs, as a
// power of the tree's bytes (count ~ bytes ^ exponent): what one tree alone cannot tell, the
// bounds a fit through smaller trees is held to, and how far such a fit may miss the kernel
// tree's. ext4 grows steadily, 0.85-1.0. XFS
// does not: from flat (11 discards at every size with Debian 12's mkfs on the emulated drives) to
// faster than the tree (Debian 13's: 23-68 discards for the smaller trees, 439-1,563 for the
// kernel tree, locally up to twice as fast above a quarter of it), and its count varies 3x
// between runs of one size.
struct CountGrowth
{
    double lowExponent = 0;
    double highExponent = 1;
    // How far the exponent above the largest tree measured strayed from one fitted through the
    // smaller trees: a fit from a tree `r` times smaller than the kernel tree may be off by a
    // factor r ^ fitSpread.
    double fitSpread = 0.5;
};
CountGrowth recordedCountGrowth(const QString &filesystem);

} // namespace trimscope::fsbench
