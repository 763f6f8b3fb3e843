#pragma once

#include <QList>
#include <QStringList>

namespace trimscope::gui {

// A result as rows of text, for a QTableWidget next to its chart.
struct ResultTable
{
    QStringList header;
    QList<QStringList> rows;
};

} // namespace trimscope::gui
