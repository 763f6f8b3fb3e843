#include "texttable.h"

#include <algorithm>

namespace trimscope::cli {

namespace {
// Characters, not UTF-16 units: "°", "µ" and "ü" are one each, as a terminal shows them.
qsizetype shownWidth(const QString &text)
{
    return text.toUcs4().size();
}
} // namespace

QString TextTable::text() const
{
    QList<qsizetype> widths;
    for (const Column &column : m_columns)
        widths.append(shownWidth(column.title));
    for (const QStringList &row : m_rows)
        for (qsizetype i = 0; i < std::min(row.size(), widths.size()); ++i)
            widths[i] = std::max(widths.at(i), shownWidth(row.at(i)));
    const auto line = [&](const QStringList &cells) {
        QString out;
        for (qsizetype i = 0; i < m_columns.size(); ++i) {
            const QString cell = cells.value(i);
            const QString padding(widths.at(i) - shownWidth(cell), QLatin1Char(' '));
            if (i > 0)
                out += QLatin1Char(' ');
            out += m_columns.at(i).align == Align::Right ? padding + cell : cell + padding;
        }
        while (out.endsWith(QLatin1Char(' ')))
            out.chop(1);
        return out + QLatin1Char('\n');
    };
    QStringList titles;
    for (const Column &column : m_columns)
        titles.append(column.title);
    QString out = line(titles);
    for (const QStringList &row : m_rows)
        out += line(row);
    return out;
}

} // namespace trimscope::cli
