#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace trimscope {

// Pure parsers over the text of /proc files: bytes in, values out, no I/O.

struct MountInfoLine
{
    quint32 major = 0;
    quint32 minor = 0;
    QString mountPoint;
    QString fsType;
    QString source;
    QString options;
};

// /proc/self/mountinfo; octal escapes (\040 for a space) are decoded.
QList<MountInfoLine> parseMountInfo(const QByteArray &text);

struct SwapLine
{
    QString path;
    QString type; // "partition" or "file"
};

// /proc/swaps (the header line is skipped).
QList<SwapLine> parseSwaps(const QByteArray &text);

// "\040" -> " " as the kernel escapes mount points and swap paths.
QString decodeOctalEscapes(const QByteArray &field);

} // namespace trimscope
