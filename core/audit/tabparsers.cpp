#include "tabparsers.h"

#include <QRegularExpression>
#include <algorithm>

namespace trimscope::audit {

namespace {

bool isComment(const QString &line)
{
    const QString trimmed = line.trimmed();
    return trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#'));
}

} // namespace

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
    const QString name = mountOptionName(option);
    if (std::none_of(options.cbegin(), options.cend(),
                     [&](const QString &o) { return mountOptionName(o) == name; }))
        options.append(option);
    return options;
}

QStringList withoutOption(QStringList options, const QString &option)
{
    options.removeIf([&](const QString &o) { return mountOptionName(o) == option; });
    if (options.isEmpty())
        options.append(QStringLiteral("defaults"));
    return options;
}

QStringList withDiscardOption(const QString &type, QStringList options, bool discard)
{
    static const QStringList knowNodiscard = {QStringLiteral("ext4"), QStringLiteral("ext3"),
                                              QStringLiteral("xfs"),  QStringLiteral("btrfs"),
                                              QStringLiteral("f2fs"), QStringLiteral("jfs")};
    if (discard)
        return withOption(withoutOption(options, QStringLiteral("nodiscard")),
                          QStringLiteral("discard"));
    options = withoutOption(options, QStringLiteral("discard"));
    return knowNodiscard.contains(type) ? withOption(options, QStringLiteral("nodiscard"))
                                        : options;
}

} // namespace trimscope::audit
