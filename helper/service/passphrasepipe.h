#pragma once

#include "common/expected.h"
#include "common/secret.h"

#include <QDBusUnixFileDescriptor>
#include <memory>

namespace trimscope::helper {

// SetCryptDiscard's passphrase, read from the pipe (or memfd, or file) the caller passed, until
// its end: a file descriptor is all the bus carries, so no copy of the passphrase stays in
// libdbus' receive buffer or message cache, which nobody can wipe (issue 48). Read into one
// buffer allocated up front, so no growth leaves a copy behind, and held as a Secret (wiped when
// the last step that needs it is done). InvalidArgument when the descriptor is not a pipe or a
// regular file, the writer does not close its end within `timeoutMs`, or the passphrase is empty
// or longer than 4096 bytes.
Expected<std::shared_ptr<const Secret>> readPassphrase(const QDBusUnixFileDescriptor &descriptor,
                                                       int timeoutMs = 2000);

} // namespace trimscope::helper
