#pragma once

#include "sweep/sweepresult.h"

#include <QTableWidget>

namespace trimscope::gui {

// One row per block size: samples, median, p5, p95, min, max, throughput.
class ResultsTable : public QTableWidget
{
    Q_OBJECT
public:
    explicit ResultsTable(QWidget *parent = nullptr);
    // Sets the row for point.bytes, adding it in descending-size order when new.
    void setPoint(const SizePoint &point);
    void clearPoints();
};

} // namespace trimscope::gui
