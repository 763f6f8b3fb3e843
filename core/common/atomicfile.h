#pragma once

#include "common/error.h"

#include <QByteArray>
#include <QString>

namespace trimscope {

// Refuses a path that reaches through a symbolic link someone else planted in a world-writable
// sticky directory (/tmp, /var/tmp, /dev/shm): the kernel's fs.protected_symlinks rule, applied
// by us because that switch may be off, and because links resolved in user space never meet it.
// A link there is followed only when we or the directory's owner own it. Every link on the way
// is checked, those inside link targets too. Empty when the path is fine (or does not exist yet).
Error checkNoPlantedSymlink(const QString &path);

// Writes the whole file or nothing: a temporary file in the same directory (O_EXCL, never
// following a link), renamed over the final path, which replaces whatever name is there and
// never writes through a link that appeared since. It takes the mode of the file it replaces
// only when that file is ours: one another user pre-created (0666 in /tmp) gives no mode to a
// root-owned result. The path is resolved by us first, link by
// link, with checkNoPlantedSymlink's rule. /dev/null, our own FIFO and our own descriptors
// (--json /dev/stdout) are written to, never replaced; a FIFO another user owns is refused
// before anything is written (it may wait in /tmp for root's snapshot).
Error writeFileAtomically(const QString &path, const QByteArray &bytes);

// What writeFileAtomically would refuse, asked before a run rather than after it: the path must
// name a file that can be created in its directory (not a directory, a file of /proc or /sys, a
// read-only place), a FIFO of ours, /dev/null or one of our own descriptors (/dev/stdout); any other
// device or socket is refused (a --json /dev/watchdog would arm the watchdog). Empty when fine;
// InvalidArgument, naming the path and why, otherwise (PermissionDenied for a planted link).
// Creates and removes a probe file in the directory: what the write itself will need.
Error checkWritableTarget(const QString &path);

} // namespace trimscope
