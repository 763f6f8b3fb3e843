#pragma once

#include "apply/cryptcheck.h"
#include "common/expected.h"

#include <QByteArray>
#include <QString>

namespace trimscope::helper {

// SetCryptDiscard's view of this system, as root: the active mapping `name` (its dm-N in sysfs,
// its dm UUID, `dmsetup table NAME`), or why it is not one the helper refreshes.
Expected<apply::CryptMapping> systemCryptMapping(const QString &name);

// SetCryptDiscard's work, as root: cryptsetup refresh of `mapping` with or without
// --allow-discards and its other flags as they are (the passphrase on standard input, through
// a pipe, never in an argument), then the table read again: allow_discards as asked, the other
// flags as before, and /sys/block/dm-N/queue/discard_max_bytes agreeing. When the kernel shows
// anything else the mapping is refreshed back as it was. WrongPassphrase when no key slot takes
// it; Unsupported when cryptsetup is missing; IoError with cryptsetup's words otherwise.
Error refreshCryptDiscard(const apply::CryptMapping &mapping, bool allowDiscards,
                          const QByteArray &passphrase);

} // namespace trimscope::helper
