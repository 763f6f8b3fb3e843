#pragma once

#include "chartwidget.h"
#include "sweep/sweepresult.h"
#include "trimchartdata.h"

#include <memory>

namespace trimscope::gui {

class ChartCanvas;

// The live sweep chart (the others are StaticCharts): TRIM time (or throughput) against discard
// size, log-log, one line with a spread band per run. Everything QtCharts-specific sits behind
// it (and its ChartCanvas), so Qt Graphs can replace QtCharts by changing these two files.
// Hovering a line reads out its nearest point.
class TrimChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit TrimChart(ChartMetric metric, QWidget *parent = nullptr);
    ~TrimChart() override;

    ChartMetric metric() const { return m_metric; }
    void setTitle(const QString &title);
    QString title() const override { return m_title; }
    QList<LegendEntry> legendEntries() const override;

    // A new, empty series; returns its index.
    // `style`: seriesStyle's index, for a colour that stays with its run; -1: by position.
    int addSeries(const QString &label, int style = -1);
    // Adds the point for its size, or updates it when the size is already there. Live runs call
    // this as samples arrive; the chart only grows or moves points, it is never rebuilt.
    void setPoint(int series, const ChartPoint &point);
    // A whole finished run as one series (the axes are fitted once, after its last point).
    int addRun(const QString &label, const QList<SizePoint> &points, int style = -1);
    void clear();
    void setBandsVisible(bool visible);

    int seriesCount() const { return int(m_data.size()); }
    int pointCount(int series) const;
    // The lines drawn for `series` (chart coordinates): one, or one per run of neighbouring
    // sizes when the series has holes (see ChartCanvas).
    QList<QList<QPointF>> drawnLines(int series) const;
    // Their bands' top edges (see ChartCanvas::drawnBandTops).
    QList<QList<QPointF>> drawnBandTops(int series) const;
    const QList<ChartSeries> &data() const { return m_data; }
    // What hovering `series` near `value` (chart coordinates) reads out.
    QString readout(int series, QPointF value) const;
    // What the pointer at `viewportPos` (the chart view's viewport) reads out: the nearest line
    // within kHoverRadius pixels, at the size nearest the pointer; empty when none is that near.
    QString readoutNear(QPoint viewportPos) const;
    static constexpr double kHoverRadius = 24;
    // The range the axes show, in the chart's (log) coordinates.
    QRectF plotRange() const;

    static ChartPoint pointFrom(const SizePoint &point);

protected:
    // QWidget's metric(PaintDeviceMetric), which this class's metric() would hide otherwise
    // (clang's -Woverloaded-virtual).
    using ChartWidget::metric;
    void applyPalette() override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void renderTo(QPainter &painter, QSize size) const override;

private:
    void insertPoint(int series, const ChartPoint &point);
    static int xTicksFor(int width) { return width / 80; }

    ChartMetric m_metric;
    QString m_title;
    QList<ChartSeries> m_data;
    std::unique_ptr<ChartCanvas> m_canvas;
};

} // namespace trimscope::gui
