#pragma once

#include "apply/remountcheck.h"
#include "common/error.h"

#include <QString>

namespace trimscope::helper {

// SetMountDiscard's work, as root: util-linux mount -o remount,discard|nodiscard on the target's
// mount point, then /proc/self/mountinfo read again: the same filesystem must be there with the
// option asked for. IoError with mount's own words, or saying the kernel kept the old option.
Error remountWithDiscard(const apply::RemountTarget &target, bool discard);

// This system's mounts as the helper sees them (/proc/self/mountinfo).
QString systemMountInfo();

} // namespace trimscope::helper
