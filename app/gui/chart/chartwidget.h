#pragma once

#include "common/expected.h"

#include <QWidget>

class QChart;
class QPainter;

namespace trimscope::gui {

// The chart family of the app (TrimChart, BarChart, CurveChart): each draws its data in the
// window and renders a light copy of itself for export. Export lives here once, so every chart
// saves PNG, SVG and PDF the same way and the window exports any of them through this type.
class ChartWidget : public QWidget
{
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual QString title() const = 0;

    // Renders the chart on a light background at `size` pixels: PNG, SVG or PDF by the
    // suffix of `path`. The export carries the title, axis titles, labels and legend.
    Error exportTo(const QString &path, QSize size) const;
    QImage renderImage(QSize size) const;

protected:
    virtual void renderTo(QPainter &painter, QSize size) const = 0;
    // Lays out a chart that belongs to no view at `size` and paints it; takes ownership.
    static void paintChart(QChart *chart, QPainter &painter, QSize size);
};

} // namespace trimscope::gui
