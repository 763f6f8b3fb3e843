#pragma once

#include <QString>
#include <QStringList>

namespace trimscope {

// Commands we print for a person to paste into a root shell. Their arguments come from names
// others choose (a stick's label becomes udisks' mount point /media/USER/LABEL, another user
// mounts where they like), so every argument is one shell word that the shell hands back
// byte for byte: a name with `;`, `$()`, quotes or a newline stays one argument and runs nothing.

// `argument` as one POSIX shell word: unchanged when it holds only characters no shell treats
// specially (so /mnt/data reads as before), else in single quotes with each ' written '\''.
// A newline stays literal inside the quotes (dash has no $'\n'); the empty string is ''.
QString shellQuoted(const QString &argument);

// A command line: `command` (the program and its options, ours, quoted word by word) followed
// by `operands` (paths and names that may come from others). An operand starting with '-'
// would be read as an option, so "--" goes before the operands then (mount, du, cryptsetup and
// dmsetup all accept it).
QString shellCommand(const QStringList &command, const QStringList &operands = {});

// `text` with `pad` added after each newline that ends a line of it, but not after a newline
// inside a quoted word: a fix block indented for display pastes back as the same commands.
QString indentShellText(const QString &text, const QString &pad);

} // namespace trimscope
