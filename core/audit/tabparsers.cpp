#include "tabparsers.h"

#include <QRegularExpression>
#include <algorithm>

namespace trimscope::audit {

namespace {

QStringList splitBlanks(const QString &line)
{
    static const QRegularExpression blanks(QStringLiteral("\\s+"));
    return line.trimmed().split(blanks, Qt::SkipEmptyParts);
}

bool isComment(const QString &line)
{
    const QString trimmed = line.trimmed();
    return trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#'));
}

QString optionName(const QString &option)
{
    return option.section(QLatin1Char('='), 0, 0);
}

} // namespace

bool MountEntry::hasOption(const QString &option) const
{
    for (const QString &o : mountOptions + superOptions) {
        if (optionName(o) == option)
            return true;
    }
    return false;
}

QString unescapeOctal(const QString &field)
{
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

QList<MountEntry> parseMountInfo(const QString &text)
{
    // 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
    QList<MountEntry> mounts;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList fields = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const qsizetype separator = fields.indexOf(QStringLiteral("-"), 6);
        if (fields.size() < 10 || separator < 6 || separator + 3 > fields.size())
            continue;
        MountEntry entry;
        entry.majorMinor = fields.at(2);
        entry.root = unescapeOctal(fields.at(3));
        entry.mountPoint = unescapeOctal(fields.at(4));
        entry.mountOptions = fields.at(5).split(QLatin1Char(','), Qt::SkipEmptyParts);
        entry.fsType = fields.at(separator + 1);
        entry.source = unescapeOctal(fields.at(separator + 2));
        if (separator + 3 < fields.size())
            entry.superOptions =
                fields.at(separator + 3).split(QLatin1Char(','), Qt::SkipEmptyParts);
        mounts.append(entry);
    }
    return mounts;
}

QList<FstabEntry> parseFstab(const QString &text)
{
    QList<FstabEntry> entries;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (isComment(line))
            continue;
        const QStringList fields = splitBlanks(line);
        if (fields.size() < 3)
            continue;
        FstabEntry entry;
        entry.spec = unescapeOctal(fields.at(0));
        entry.file = unescapeOctal(fields.at(1));
        entry.type = fields.at(2);
        entry.options = fields.value(3, QStringLiteral("defaults")).split(QLatin1Char(','));
        entry.line = line.trimmed();
        entries.append(entry);
    }
    return entries;
}

QList<CrypttabEntry> parseCrypttab(const QString &text)
{
    QList<CrypttabEntry> entries;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (isComment(line))
            continue;
        const QStringList fields = splitBlanks(line);
        if (fields.size() < 2)
            continue;
        CrypttabEntry entry;
        entry.name = fields.at(0);
        entry.device = fields.at(1);
        entry.keyFile = fields.value(2, QStringLiteral("none"));
        entry.options = fields.value(3).split(QLatin1Char(','), Qt::SkipEmptyParts);
        entry.line = line.trimmed();
        entries.append(entry);
    }
    return entries;
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

QMap<QString, QStringList> parseDmTable(const QString &text)
{
    QMap<QString, QStringList> tables;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const qsizetype colon = line.indexOf(QStringLiteral(": "));
        // "No devices found" and other chatter has no "name: " prefix.
        if (colon <= 0)
            continue;
        tables[line.left(colon)].append(line.mid(colon + 2).trimmed());
    }
    return tables;
}

QString replaceColumn(const QString &line, int column, const QString &value)
{
    QStringList fields = splitBlanks(line);
    while (fields.size() <= column)
        fields.append(QStringLiteral("none")); // only crypttab has a gap to fill: its key file
    fields[column] = value;
    return fields.join(QLatin1Char(' '));
}

QStringList withOption(QStringList options, const QString &option)
{
    const QString name = optionName(option);
    if (std::none_of(options.cbegin(), options.cend(),
                     [&](const QString &o) { return optionName(o) == name; }))
        options.append(option);
    return options;
}

QStringList withoutOption(QStringList options, const QString &option)
{
    options.removeIf([&](const QString &o) { return optionName(o) == option; });
    if (options.isEmpty())
        options.append(QStringLiteral("defaults"));
    return options;
}

} // namespace trimscope::audit
