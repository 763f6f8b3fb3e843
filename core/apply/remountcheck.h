#pragma once

#include "common/expected.h"

#include <QString>

namespace trimscope::apply {

// What trimscope-helper's SetMountDiscard remounts, checked before polkit is asked and again
// before the remount: the filesystem mounted on top at `mountPoint` now.
struct RemountTarget
{
    QString mountPoint;
    QString source; // as mounted: "/dev/loop3"
    QString fsType;
    bool discard = false; // mounted with discard (or discard=…) now
};

// Whether a remount changes the discard option of a mounted filesystem of this type: ext4 (and
// ext3, the same driver) and btrfs do; XFS keeps the option it was mounted with (Linux 6.18:
// `mount -o remount,nodiscard` succeeds and changes nothing), as do the types not checked.
bool remountChangesDiscard(const QString &fsType);

// The filesystem mounted at `mountPoint` in `mountinfo` (/proc/self/mountinfo's text), refused in
// words unless: the path is absolute and clean (no "..", no doubled or trailing slash, no control
// characters, at most 4096 bytes); something is mounted there (the topmost mount counts); it is
// `expectedSource` when that is given (the device the confirmation named: another filesystem
// mounted there since is not remounted); and a remount changes its discard option
// (remountChangesDiscard). Pure: tested with tables of good and bad input.
Expected<RemountTarget> remountTarget(const QString &mountinfo, const QString &mountPoint,
                                      const QString &expectedSource);

// util-linux mount's arguments for it: "-o remount,discard -- /mnt" (or nodiscard).
QStringList remountArguments(const QString &mountPoint, bool discard);

} // namespace trimscope::apply
