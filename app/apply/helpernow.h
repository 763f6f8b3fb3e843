#pragma once

#include "apply/applyplan.h"
#include "common/error.h"
#include "common/expected.h"

#include <QDBusConnection>
#include <QDBusUnixFileDescriptor>

namespace trimscope::apply {

// "Now, without a reboot": a filesystem remounted with discard or nodiscard, an open LUKS device
// refreshed with or without allow-discards, by trimscope-helper (Helper1.SetMountDiscard,
// Helper1.SetCryptDiscard) under its own polkit action io.github.trimscope.apply-now.

// The helper can be reached (running or activatable) and knows both methods.
bool helperCanChangeNow(const QDBusConnection &bus);

Error remountNow(const QDBusConnection &bus, const Remount &remount);

// The passphrase as SetCryptDiscard takes it: the read end of a pipe that holds it, the write
// end closed (the bus carries a descriptor, so no copy stays in libdbus' buffers, here or in
// the helper). At most 4096 bytes.
Expected<QDBusUnixFileDescriptor> passphrasePipe(const QByteArray &passphrase);

// `passphrase` opens one of the device's key slots; WrongPassphrase, in words, when it does not.
Error refreshCryptNow(const QDBusConnection &bus, const CryptRefresh &refresh,
                      const QByteArray &passphrase);

} // namespace trimscope::apply
