#include "procparsers.h"

namespace trimscope {

QString decodeOctalEscapes(const QByteArray &field)
{
    QByteArray out;
    out.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        const char c = field.at(i);
        if (c == '\\' && i + 3 < field.size()) {
            const QByteArray digits = field.mid(i + 1, 3);
            bool ok = false;
            const int value = digits.toInt(&ok, 8);
            if (ok && digits.size() == 3 && value < 256) {
                out.append(char(value));
                i += 3;
                continue;
            }
        }
        out.append(c);
    }
    return QString::fromUtf8(out);
}

QList<MountInfoLine> parseMountInfo(const QByteArray &text)
{
    QList<MountInfoLine> result;
    for (const QByteArray &line : text.split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        // id parent major:minor root mountpoint options [optional...] - fstype source superopts
        const qsizetype separator = fields.indexOf("-");
        if (fields.size() < 7 || separator < 6 || separator + 2 >= fields.size())
            continue;
        const QList<QByteArray> majorMinor = fields.at(2).split(':');
        if (majorMinor.size() != 2)
            continue;
        MountInfoLine entry;
        entry.major = majorMinor.at(0).toUInt();
        entry.minor = majorMinor.at(1).toUInt();
        entry.mountPoint = decodeOctalEscapes(fields.at(4));
        entry.options = QString::fromUtf8(fields.at(5));
        entry.fsType = QString::fromUtf8(fields.at(separator + 1));
        entry.source = decodeOctalEscapes(fields.at(separator + 2));
        result.append(entry);
    }
    return result;
}

QList<SwapLine> parseSwaps(const QByteArray &text)
{
    QList<SwapLine> result;
    const QList<QByteArray> lines = text.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> fields = lines.at(i).simplified().split(' ');
        if (fields.size() < 2 || fields.at(0).isEmpty())
            continue;
        result.append({decodeOctalEscapes(fields.at(0)), QString::fromUtf8(fields.at(1))});
    }
    return result;
}

} // namespace trimscope
