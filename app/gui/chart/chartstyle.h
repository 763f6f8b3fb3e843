#pragma once

#include <QColor>
#include <QList>

class QChart;
class QPalette;

namespace trimscope::gui {

// Distinct in light and dark themes, and for the common colour-vision deficiencies (Okabe–Ito).
const QList<QColor> &chartColors();
// Theme, fonts and background for a chart shown with `palette`, or light for export.
void styleChart(QChart *chart, const QPalette *palette);

} // namespace trimscope::gui
