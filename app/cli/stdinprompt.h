#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace trimscope::cli {

// One line of standard input without its newline, nothing at the end of input. Read a byte at a
// time, so that the next line stays in standard input for the next question: `apply` asks for
// its confirmation and then for a passphrase, and a script may answer both.
std::optional<QByteArray> readStdinLine();

// Asks for the passphrase of /dev/mapper/NAME: on a terminal without echoing it, otherwise one
// line of standard input (scripts and tests). Nothing when the input ends, or an empty answer:
// the user cancelled.
std::optional<QByteArray> askPassphrase(const QString &mappingName);

} // namespace trimscope::cli
