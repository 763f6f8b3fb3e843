#include "resultstable.h"

#include "common/units.h"

#include <QHeaderView>

namespace trimscope::gui {

ResultsTable::ResultsTable(QWidget *parent) : QTableWidget(0, 8, parent)
{
    setObjectName(QStringLiteral("resultsTable"));
    setHorizontalHeaderLabels({tr("Size"), tr("Samples"), tr("Median"), tr("5th pct."),
                               tr("95th pct."), tr("Min"), tr("Max"), tr("Throughput")});
    setEditTriggers(NoEditTriggers);
    setSelectionBehavior(SelectRows);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
}

void ResultsTable::setPoint(const SizePoint &point)
{
    int row = 0;
    while (row < rowCount() && item(row, 0)->data(Qt::UserRole).toULongLong() > point.bytes)
        ++row;
    if (row == rowCount() || item(row, 0)->data(Qt::UserRole).toULongLong() != point.bytes) {
        insertRow(row);
        for (int c = 0; c < columnCount(); ++c) {
            auto *cell = new QTableWidgetItem;
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(row, c, cell);
        }
        item(row, 0)->setData(Qt::UserRole, QVariant::fromValue<quint64>(point.bytes));
    }
    const SampleStatistics &s = point.stats;
    const QStringList cells{formatBytes(point.bytes), formatCount(qint64(s.count)),
                            formatSeconds(s.median),  formatSeconds(s.p5),
                            formatSeconds(s.p95),     formatSeconds(s.min),
                            formatSeconds(s.max),     formatRate(point.throughput())};
    for (int c = 0; c < cells.size(); ++c)
        item(row, c)->setText(cells.at(c));
}

void ResultsTable::clearPoints()
{
    setRowCount(0);
}

} // namespace trimscope::gui
