#pragma once

#include "results/resulttable.h"

#include <QHeaderView>
#include <QTableWidget>

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
}

} // namespace trimscope::gui
