#pragma once

#include "common/expected.h"

#include <QString>
#include <QVariantMap>

namespace trimscope::helper {

// Refuses oversized arguments before anyone is asked anything: a device string longer than any
// path, or options larger than any job needs (InvalidArgument, naming the limit). The cap keeps
// a caller from parking megabytes in root's memory while a prompt is open.
Error checkArgumentSizes(const QString &device, const QVariantMap &options);

// The longest passphrase SetCryptDiscard takes: longer than any typed at a prompt.
inline constexpr qsizetype kMaxPassphraseBytes = 4096;

// SetCryptDiscard's passphrase: not empty, and no longer than any passphrase typed at a prompt
// (InvalidArgument otherwise).
Error checkPassphraseSize(const QByteArray &passphrase);

} // namespace trimscope::helper
