#pragma once

#include "apply/remountcheck.h"
#include "common/error.h"

#include <QString>

namespace trimscope::helper {

// SetMountDiscard's work, as root: mount(2) with MS_REMOUNT, the mount's flags as they are and
// discard or nodiscard (apply::remountCall; not mount(8), which would add the fstab line's
// options), then /proc/self/mountinfo read again: the same filesystem must be there with the
// option asked for and every other option as before. IoError with the kernel's words, or saying
// what the kernel kept or changed.
Error remountWithDiscard(const apply::RemountTarget &target, bool discard);

// This system's mounts as the helper sees them (/proc/self/mountinfo).
QString systemMountInfo();

} // namespace trimscope::helper
