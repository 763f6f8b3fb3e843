#pragma once

#include "chartwidget.h"

class QChart;
class QChartView;

namespace trimscope::gui {

// A chart whose data arrives whole (filesystem, write-recovery and fill-curve results): it is
// rebuilt from its data on every change and on palette changes, and exported from a fresh
// light-coloured build. Subclasses only say how to build the chart; the live sweep chart
// (TrimChart) grows point by point instead and is not one of these.
class StaticChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit StaticChart(QWidget *parent = nullptr);

protected:
    // A new chart for the current data; palette null means the light export colours.
    virtual QChart *buildChart(const QPalette *palette) const = 0;
    // Shows a fresh build; subclasses call it when their data changes (and once constructed).
    void rebuild();

    void changeEvent(QEvent *event) override;
    void renderTo(QPainter &painter, QSize size) const override;

private:
    QChartView *m_view;
};

} // namespace trimscope::gui
