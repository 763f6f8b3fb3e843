#pragma once

#include "results/resulttable.h"

#include <QHeaderView>
#include <QTableWidget>
#include <algorithm>

namespace trimscope::gui {

// Read-only rows of text into a table widget.
inline void fillTable(QTableWidget *widget, const ResultTable &table)
{
    widget->clear();
    widget->setColumnCount(int(table.header.size()));
    widget->setHorizontalHeaderLabels(table.header);
    widget->setRowCount(int(table.rows.size()));
    for (int r = 0; r < table.rows.size(); ++r) {
        for (int c = 0; c < table.rows.at(r).size(); ++c) {
            auto *item = new QTableWidgetItem(table.rows.at(r).at(c));
            item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
            widget->setItem(r, c, item);
        }
    }
    widget->resizeColumnsToContents();
    // A long message (why a run was skipped) must not push the figures beside it out of sight:
    // a column is at most a third of the table wide, the cut text whole in its tooltip.
    const int cap = std::max(220, widget->viewport()->width() / 3);
    for (int c = 0; c < widget->columnCount(); ++c) {
        if (widget->columnWidth(c) <= cap)
            continue;
        widget->setColumnWidth(c, cap);
        for (int r = 0; r < widget->rowCount(); ++r)
            if (QTableWidgetItem *item = widget->item(r, c))
                item->setToolTip(item->text());
    }
}

} // namespace trimscope::gui
