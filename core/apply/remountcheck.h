#pragma once

#include "common/expected.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace trimscope::apply {

// What trimscope-helper's SetMountDiscard remounts, checked before polkit is asked and again
// before the remount: the filesystem mounted on top at `mountPoint` now.
struct RemountTarget
{
    QString mountPoint;
    QString source; // as mounted: "/dev/loop3"
    QString fsType;
    bool discard = false;     // mounted with discard (or discard=…) now
    QStringList mountOptions; // mountinfo's per-mount options now: rw, nosuid, relatime, ...
    QStringList superOptions; // and the superblock's: ro, errors=remount-ro, discard, ...
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

// The mount(2) call that changes the discard option of `target` and nothing else: MS_REMOUNT
// with the flags it has now (read-only, nosuid, nodev, noexec, its atime rule, sync, dirsync,
// lazytime, mand) and "discard" or "nodiscard" as the only filesystem option; the filesystem
// keeps the options not named. Not util-linux's `mount -o remount`: it merges the fstab line's
// options (a line saying ro,noexec made the filesystem read-only for every namespace). Refused
// where the mount and its superblock disagree on read-only (a read-only bind mount of a
// writable filesystem): one call cannot keep both.
struct RemountCall
{
    unsigned long flags = 0;
    QByteArray data;
};
Expected<RemountCall> remountCall(const RemountTarget &target, bool discard);

// Whether `after` is `before` with only its discard option changed (discard, discard=…,
// nodiscard in either list).
bool onlyDiscardChanged(const RemountTarget &before, const RemountTarget &after);

} // namespace trimscope::apply
