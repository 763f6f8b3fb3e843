#pragma once

#include "sweep/sweepresult.h"

#include <QImage>
#include <QList>
#include <QRectF>

class QPainter;

namespace trimscope::report {

// The TRIM curve of a report, drawn with QPainter alone (no QtCharts, no widgets), so the CLI
// draws it too and a PDF gets it as vectors: time per TRIM against discard size, log-log; per
// sweep the median line with a marker at each size measured, and the 5th–95th percentile band;
// light colours, on white. Sizes a sweep never reached are not drawn (a cancelled run ends where
// it stopped). Text is sized from the area, so the plot reads the same at any size.
struct CurvePlot
{
    QList<SweepResult> sweeps; // drawn in order, the first on top
    QString emptyText;         // shown where there is nothing to draw

    void paint(QPainter &painter, const QRectF &area) const;
    // Where paint() writes the numbers of one axis (the text's own boxes), for tests.
    QList<QRectF> tickLabelRects(const QRectF &area, Qt::Orientation axis) const;
    // `size` in logical pixels, drawn at `pixelRatio` times as many (2: sharp on HiDPI and print).
    QImage image(QSize size, qreal pixelRatio = 2) const;
};

// "TRIM sweep of 2026-11-28 00:41 (complete)": a sweep as the legend names it.
QString sweepLegendLabel(const SweepResult &sweep);

} // namespace trimscope::report
