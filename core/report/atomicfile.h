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
// never writes through a link that appeared since. The path is resolved by us first, link by
// link, with checkNoPlantedSymlink's rule. A device or FIFO (--json /dev/stdout) is written to,
// never replaced.
Error writeFileAtomically(const QString &path, const QByteArray &bytes);

} // namespace trimscope
