#include "staticchart.h"

namespace trimscope::gui {

void StaticChart::rebuild()
{
    const QPalette pal = palette();
    showChart(buildChart(&pal));
    updateLegend();
}

void StaticChart::renderTo(QPainter &painter, QSize size) const
{
    paintChart(buildChart(nullptr), painter, size);
}

} // namespace trimscope::gui
