#pragma once

#include "deleteprofile.h"

#include <QList>

namespace trimscope::fsbench {

// The kernel-tree deletes of our background reading (trim_perf.c article, kernel 3.1), one per
// filesystem: ext4 discards average 21 MiB, 24 of them for the tree (493 MB / 21 MiB, rounded
// up); XFS 13.2 KiB on average and 1,641 times as many. The advice falls back on them where
// nothing was measured; simulated drives replay them (simulate/simulatedfsbench.h).
QList<FilesystemDeleteProfile> literatureDeleteProfiles();

} // namespace trimscope::fsbench
