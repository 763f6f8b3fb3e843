#pragma once

#include <QColor>
#include <QList>

class QChart;
class QPalette;

namespace trimscope::gui {

// Distinct in light and dark themes, and for the common colour-vision deficiencies: Okabe–Ito's
// seven, then three more of similar weight.
const QList<QColor> &chartColors();

// How the n-th overlaid series is drawn: ten colours, then the same ten darker (all solid: a
// dashed line costs the painter five times a solid one, which took 20 overlays from 4 ms to
// 20 ms a frame), then dashed and dotted; the legend table names each.
struct SeriesStyle
{
    QColor color;
    Qt::PenStyle line = Qt::SolidLine;
};
SeriesStyle seriesStyle(int index);

// Theme, fonts, number locale and background for a chart shown with `palette`, or light for
// export.
void styleChart(QChart *chart, const QPalette *palette);
// A vertical axis title as QtCharts draws it whole: QtCharts elides a title longer than the plot
// is high ("Time per …" at 1366×768), so a long one goes on two lines, broken at the space
// nearest its middle. Plain text in, the axis's rich text out.
QString verticalAxisTitle(const QString &title);
// A printf format for value-axis labels that never switches to an exponent, with just enough
// decimals that ticks `step` apart read differently ("%.3f" for 0.005; from the top value alone,
// the fstrim chart's ticks 0.005 s apart read 0.00, 0.01, 0.01, 0.02).
QString valueLabelFormat(double step);

} // namespace trimscope::gui
