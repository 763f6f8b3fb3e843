#pragma once

#include "chartlegend.h"
#include "common/expected.h"

#include <QWidget>

class QChart;
class QChartView;
class QPainter;

namespace trimscope::gui {

// The chart family of the app (TrimChart, BarChart, CurveChart): each draws its data in a chart
// view with the legend under it, and renders a light copy of itself for export. The view, the
// legend and export live here once, so every chart looks, follows the theme and saves PNG, SVG
// and PDF the same way, and the window exports any of them through this type.
class ChartWidget : public QWidget
{
    Q_OBJECT
public:
    explicit ChartWidget(QWidget *parent = nullptr);
    ~ChartWidget() override;

    virtual QString title() const = 0;
    // What the legend lists, in series order, with whole labels.
    virtual QList<LegendEntry> legendEntries() const = 0;

    // Renders the chart on a light background at `size` pixels: PNG, SVG or PDF by the
    // suffix of `path`. The export carries the title, axis titles, labels and the whole legend.
    Error exportTo(const QString &path, QSize size) const;
    QImage renderImage(QSize size) const;

    ChartLegend *legend() const { return m_legend; }
    // The window's legend can give way to a table of its own (Compare); exports keep it.
    void setLegendShown(bool shown);

protected:
    QChartView *view() const { return m_view; }
    // Shows `chart` (the view owns it) and deletes the one shown before. A chart in a window or
    // tab that is not on screen waits until it shows: the view lays out every axis label of a
    // chart it is given, a third of what building the window's tabs cost before its first frame
    // (issue 47 item 17), and paid again on every drive for tabs the person has not opened.
    void showChart(QChart *chart);
    // The chart shown, or the one waiting to be shown.
    QChart *currentChart() const;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    // Call when the series or their labels change.
    void updateLegend();
    // Draws the chart alone (no legend) on a light background at `size`.
    virtual void renderTo(QPainter &painter, QSize size) const = 0;
    // The palette or style changed: follow a dark theme.
    virtual void applyPalette() {}
    void changeEvent(QEvent *event) override;
    // Lays out a chart that belongs to no view at `size` and paints it; takes ownership.
    static void paintChart(QChart *chart, QPainter &painter, QSize size);

private:
    void renderWithLegend(QPainter &painter, QSize size) const;

    QChartView *m_view;
    ChartLegend *m_legend;
    QChart *m_waiting = nullptr; // owned until the widget shows and the view takes it
    QObject *m_layoutHold;       // on the waiting chart: it lays out once in its view
};

} // namespace trimscope::gui
