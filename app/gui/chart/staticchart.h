#pragma once

#include "chartwidget.h"

namespace trimscope::gui {

// A chart whose data arrives whole (filesystem, write-recovery and fill-curve results): it is
// rebuilt from its data on every change and on palette changes, and exported from a fresh
// light-coloured build. Subclasses only say how to build the chart and what its legend lists;
// the live sweep chart (TrimChart) grows point by point instead and is not one of these.
class StaticChart : public ChartWidget
{
    Q_OBJECT
public:
    using ChartWidget::ChartWidget;

protected:
    // A new chart for the current data; palette null means the light export colours.
    virtual QChart *buildChart(const QPalette *palette) const = 0;
    // Shows a fresh build; subclasses call it when their data changes (and once constructed).
    void rebuild();

    void applyPalette() override { rebuild(); }
    void renderTo(QPainter &painter, QSize size) const override;
};

} // namespace trimscope::gui
