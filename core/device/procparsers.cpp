#include "procparsers.h"

#include <QRegularExpression>
#include <QVarLengthArray>
#include <fcntl.h>

namespace trimscope {

QStringList splitBlanks(const QString &line)
{
    static const QRegularExpression blanks(QStringLiteral("\\s+"));
    return line.trimmed().split(blanks, Qt::SkipEmptyParts);
}

QString mountOptionName(const QString &option)
{
    return option.section(QLatin1Char('='), 0, 0);
}

QStringList MountInfoEntry::options() const
{
    QStringList all = mountOptions;
    for (const QString &o : superOptions) {
        if (!all.contains(o))
            all.append(o);
    }
    return all;
}

bool MountInfoEntry::hasOption(const QString &option) const
{
    for (const QString &o : options()) {
        if (mountOptionName(o) == option)
            return true;
    }
    return false;
}

QString unescapeOctal(const QString &field)
{
    // Most fields have no escape: no regular expression to match (its first match compiles it,
    // with the JIT on a user's run; the collector parses every mount three times a run).
    if (!field.contains(QLatin1Char('\\')))
        return field;
    static const QRegularExpression octal(QStringLiteral("\\\\([0-7]{3})"));
    QString result = field;
    QRegularExpressionMatch match;
    qsizetype from = 0;
    while ((match = octal.match(result, from)).hasMatch()) {
        const QChar c(char16_t(match.captured(1).toUShort(nullptr, 8)));
        result.replace(match.capturedStart(), match.capturedLength(), c);
        from = match.capturedStart() + 1;
    }
    return result;
}

QString escapeOctal(const QString &field)
{
    QString escaped;
    for (const QChar c : field) {
        if (c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\n') ||
            c == QLatin1Char('\\'))
            escaped += QStringLiteral("\\%1").arg(c.unicode(), 3, 8, QLatin1Char('0'));
        else
            escaped += c;
    }
    return escaped;
}

QList<MountInfoEntry> parseMountInfo(const QString &text)
{
    // 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
    // The fields are views into text, and only those kept become strings: the collector parses
    // every mount three times a run (issue 44: its CPU).
    const auto options = [](QStringView field) {
        QStringList list;
        for (const QStringView option : field.tokenize(u',', Qt::SkipEmptyParts))
            list.append(option.toString());
        return list;
    };
    QList<MountInfoEntry> mounts;
    QVarLengthArray<QStringView, 16> fields;
    for (const QStringView line : QStringView(text).tokenize(u'\n', Qt::SkipEmptyParts)) {
        fields.clear();
        for (const QStringView field : line.tokenize(u' ', Qt::SkipEmptyParts))
            fields.append(field);
        qsizetype separator = -1;
        for (qsizetype i = 6; i < fields.size() && separator < 0; ++i) {
            if (fields[i] == u"-")
                separator = i;
        }
        if (fields.size() < 9 || separator < 6 || separator + 3 > fields.size())
            continue;
        if (!fields[2].contains(u':'))
            continue;
        MountInfoEntry entry;
        bool idOk = false;
        entry.mountId = fields[0].toInt(&idOk);
        if (!idOk)
            entry.mountId = -1;
        entry.majorMinor = fields[2].toString();
        entry.root = unescapeOctal(fields[3].toString());
        entry.mountPoint = unescapeOctal(fields[4].toString());
        entry.mountOptions = options(fields[5]);
        entry.fsType = fields[separator + 1].toString();
        entry.source = unescapeOctal(fields[separator + 2].toString());
        if (separator + 3 < fields.size())
            entry.superOptions = options(fields[separator + 3]);
        mounts.append(entry);
    }
    return mounts;
}

QList<SwapEntry> parseSwaps(const QString &text)
{
    QList<SwapEntry> entries;
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = 1; i < lines.size(); ++i) { // line 0 is the column header
        const QStringList fields = splitBlanks(lines.at(i));
        if (fields.size() >= 2)
            entries.append({unescapeOctal(fields.at(0)), fields.at(1)});
    }
    return entries;
}

std::optional<int> parseFdInfoFlags(const QString &text)
{
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String("flags:")))
            continue;
        bool ok = false;
        const int flags = line.mid(6).trimmed().toInt(&ok, 8);
        if (ok)
            return flags;
    }
    return std::nullopt;
}

std::optional<int> parseFdInfoMountId(const QString &text)
{
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String("mnt_id:")))
            continue;
        bool ok = false;
        const int id = line.mid(7).trimmed().toInt(&ok);
        if (ok && id >= 0)
            return id;
    }
    return std::nullopt;
}

bool opensForWriting(int flags)
{
    return (flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR;
}

} // namespace trimscope
