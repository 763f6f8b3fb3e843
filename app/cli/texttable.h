#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace trimscope::cli {

// A table of text whose columns are each as wide as their longest cell, the title included, one
// space apart. Widths fixed by hand overflowed where a cell was longer than the column: a drive's
// attribute "not available" (13 characters, German "nicht verfügbar" 15) in the health table's
// 11-character "Pretty" column pushed the rest of its row two to four places right.
class TextTable
{
public:
    enum class Align { Left, Right };
    struct Column
    {
        QString title;
        Align align = Align::Left;
    };

    explicit TextTable(QList<Column> columns) : m_columns(std::move(columns)) {}
    // Missing cells are empty; cells past the last column are dropped.
    void addRow(QStringList cells) { m_rows.append(std::move(cells)); }
    // The title line and one line per row, each ending in "\n", without trailing spaces.
    QString text() const;

private:
    QList<Column> m_columns;
    QList<QStringList> m_rows;
};

} // namespace trimscope::cli
