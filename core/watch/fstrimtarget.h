#pragma once

#include "audit/blockstack.h"
#include "common/expected.h"
#include "device/deviceidentity.h"
#include "device/driveinfo.h"
#include "device/exclusiveopen.h"
#include "device/procparsers.h"
#include "fstrimtiming.h"

#include <memory>

// Which mounted filesystem a timed fstrim trims, found and opened so that nothing else can be
// trimmed: the mount with the plan's device number, on the device the caller named (and the
// helper's prompt showed), whose storage stack passes discards; its mount point is opened as a
// directory, and the descriptor must lead to that very mount. FITRIM then goes to that descriptor:
// never to a raw device, never to a path looked up again.
namespace trimscope::watch {

struct FstrimTarget
{
    std::shared_ptr<UniqueFd> directory; // the mount point, O_RDONLY | O_DIRECTORY
    TrimmedFilesystem filesystem;
    DriveInfo drive; // the whole disk under it
};

// The filesystem a directory belongs to, as a timed fstrim names it: its device number and the
// block device it lives on (which the helper's question names). Read-only, no privilege.
struct FilesystemRef
{
    quint32 major = 0; // the filesystem's device number, as mountinfo gives it
    quint32 minor = 0;
    QString devicePath; // "/dev/sda2"
    QString mountPoint;
    QString fsType;
    bool onlineDiscard = false;
    // The directory is that mount's mount point. A directory that is a mount point only in
    // another mount namespace (or an ordinary directory) belongs to a filesystem mounted
    // elsewhere, / perhaps, which a timed fstrim would trim instead (issue 48).
    bool isMountPoint = false;
};
// NoSuchDevice when the directory cannot be opened or its filesystem is on no block device
// (tmpfs, a network filesystem).
Expected<FilesystemRef> filesystemAt(const QString &directory);

// The mount of filesystem `majorMinor` ("8:2") among `mounts`; with several (bind mounts,
// btrfs subvolumes), the one of the filesystem's root, else the first.
std::optional<MountInfoEntry> mountOfFilesystem(const QList<MountInfoEntry> &mounts,
                                                const QString &majorMinor);

// Empty when every layer of the stack passes discards to the disk; otherwise Unsupported, saying
// in words which layer drops them ("dm-0 (crypt) does not pass discards") and that nothing was
// trimmed. An empty stack (the device is not known to sysfs) is refused the same way.
Error checkStackPassesDiscards(const audit::StorageStack &stack, const QString &mountPoint);

// Finds, checks and opens the filesystem `plan` names on `devicePath` (which must still hold
// `approved` when that is set): NoSuchDevice when no such filesystem is mounted here or the medium
// changed, InvalidArgument when the filesystem is not on that device, Unsupported when its stack
// drops discards, IoError when the mount point cannot be opened or leads to another mount.
Expected<FstrimTarget> prepareFstrimTarget(const FstrimTimingPlan &plan, const QString &devicePath,
                                           const DeviceIdentity &approved = {});

} // namespace trimscope::watch
