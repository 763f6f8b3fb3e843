#pragma once

#include <QColor>
#include <QList>

class QChart;
class QPalette;

namespace trimscope::gui {

// Distinct in light and dark themes, and for the common colour-vision deficiencies: Okabe–Ito's
// seven, then three more of similar weight.
const QList<QColor> &chartColors();

// How the n-th overlaid series is drawn: each colour solid first, then dashed, then dotted, so
// 30 runs stay apart before a combination repeats.
struct SeriesStyle
{
    QColor color;
    Qt::PenStyle line = Qt::SolidLine;
};
SeriesStyle seriesStyle(int index);

// Theme, fonts, number locale and background for a chart shown with `palette`, or light for
// export.
void styleChart(QChart *chart, const QPalette *palette);
// A printf format for value-axis labels that never switches to an exponent ("%.2f" up to 10).
QString valueLabelFormat(double top);

} // namespace trimscope::gui
