#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope {

// A sysfs attribute or a /proc table, read whole with one open and reads to its end (at most
// maxBytes): QFile adds three stats per file, and the history collector reads a few hundred
// of these per run (issue 44: its CPU). Nothing when the file cannot be opened; empty bytes
// when it opens but says nothing.
std::optional<QByteArray> readKernelFile(const QString &path, qint64 maxBytes = 1 << 20);

// Where a sysfs symbolic link (/sys/dev/block/M:m, /sys/class/block/X) leads, as an absolute
// path, with one readlink: realpath() (QFileInfo::canonicalFilePath) asks one per component of
// the path and again of the target, ~11 per device. The kernel's targets are relative and go
// through no further links, so the cleaned path is the canonical one. Anything else (not a
// link, an absolute target) is resolved the canonical way; empty when nothing is there.
QString resolveSysfsLink(const QString &path);

// The names in a sysfs or /dev directory (no hidden ones, as with QDir), sorted, from readdir
// alone: QDir's listing builds a QFileInfo and asks a stat for each entry, ~47,000 instructions
// a call, and the audit snapshot lists each block device's slaves and holders. Empty when it
// cannot be read.
QStringList listKernelDirectory(const QString &path);

} // namespace trimscope
