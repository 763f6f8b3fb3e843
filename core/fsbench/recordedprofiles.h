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
// block layer merges XFS's discards: Linux 6.1 sent 11 of 53 MiB. Priced by a drive's curve, the
// 2011 count made XFS look hundreds of times costlier than it is.
QList<FilesystemDeleteProfile> recordedDeleteProfiles();

} // namespace trimscope::fsbench
