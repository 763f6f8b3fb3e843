#pragma once

#include "axisticks.h"
#include "trimchartdata.h"

#include <QList>
#include <QMargins>
#include <QPoint>
#include <QPointF>
#include <QRectF>
#include <QString>

class QChart;
class QCategoryAxis;
class QLineSeries;
class QAreaSeries;

namespace trimscope::gui {

using report::AxisTick;

// The QtCharts side of TrimChart: one QChart with log-scaled axes drawn as category axes (so
// the labels can say "4 KiB" and "2 ms"), a median line and a spread band per series.
// Points are inserted or replaced in place; the chart is never rebuilt while a run grows.
// A series with a hole (sizes a sweep planned but never measured: an interleaved run cancelled
// early) is drawn in pieces, one per run of neighbouring sizes, so no line crosses the hole.
class ChartCanvas
{
public:
    explicit ChartCanvas(ChartMetric metric);
    ~ChartCanvas();
    ChartCanvas(const ChartCanvas &) = delete;
    ChartCanvas &operator=(const ChartCanvas &) = delete;

    QChart *chart() const { return m_chart; }
    // The QChart is handed to a view or scene that deletes it.
    void releaseChart() { m_owned = false; }

    // `style`: seriesStyle's index (a run keeps its colour whatever else is drawn); -1: the
    // series' position.
    int addSeries(const QString &label, int style = -1);
    void setPoint(int series, int index, bool insert, const ChartPoint &point);
    void clear();
    void setDark(bool dark);
    void setTitle(const QString &title);
    // How many size labels fit; the widget sets it from its width.
    void setMaxXTicks(int ticks);
    // As many time (or rate) labels as fit the plot's height and size labels as fit its width,
    // and the vertical axis' whole title, a short one or none: QtCharts elides labels and titles
    // to "…" where they do not fit.
    void fitToPlot(const QRectF &plot);
    // How rescale treats the range shown. A live run grows it: a median that settles lower as
    // samples arrive must not take the scale with it (2 s, 1 s, 2 s again while one run grows).
    enum class Range { Fit, Grow };
    // Fits both axes to the data (or, growing, to the data and the range shown) and relabels
    // them.
    void rescale(const QList<ChartSeries> &data, Range range = Range::Fit);
    // The range shown, in the chart's (log) coordinates: x log2 bytes, y log10 seconds or log2
    // bytes per second.
    QRectF plotRange() const;

    // The spread bands: clear for one run, clutter for twenty.
    void setBandsVisible(bool visible);
    bool bandsVisible() const { return m_bandsVisible; }
    QLineSeries *line(int series) const;
    // The point of `series` nearest to a position in the chart's (log) coordinates.
    static ChartPoint pointAt(const ChartSeries &series, QPointF value);

    int seriesCount() const { return int(m_lines.size()); }
    int pointCount(int series) const;
    // The lines drawn for `series`, each as its points in the chart's (log) coordinates: one, or
    // one per piece around holes.
    QList<QList<QPointF>> drawnLines(int series) const;
    // The top edges of the bands drawn for `series`, as drawnLines: a size alone gets a band of
    // some width, not a point.
    QList<QList<QPointF>> drawnBandTops(int series) const;
    // Whether sizes `smaller` and `larger`, measured next to each other, leave a planned size out
    // between them: sweeps halve from the largest size down, so neighbours are a factor 2 apart.
    static bool holeBetween(quint64 smaller, quint64 larger);

private:
    // A run of neighbouring sizes of a series with holes: its own line and band.
    struct Piece
    {
        QLineSeries *line = nullptr;
        QAreaSeries *band = nullptr; // owns its edges
        QLineSeries *upper = nullptr;
        QLineSeries *lower = nullptr;
    };
    // What drawnLines and drawnBandTops return: `whole`'s series, or each piece's `part`.
    QList<QList<QPointF>> drawnPoints(int series, const QList<QLineSeries *> &whole,
                                      QLineSeries *Piece::*part) const;
    double yOf(const ChartPoint &point, double seconds) const;
    // Labels both axes for the range shown and the labels that fit.
    void applyTicks();
    // A line and band in the series' style, on the chart and its axes.
    Piece addPiece(int series);
    void stylePen(QLineSeries *line, int series) const;
    void styleBand(QAreaSeries *band, int series) const;
    // Draws `series` whole or in pieces, after its points changed.
    void updatePieces(int series);
    void removePieces(int series);
    void showSeries(int series);
    static void setTicks(QCategoryAxis *axis, const QList<AxisTick> &ticks, double lo, double hi);

    ChartMetric m_metric;
    QChart *m_chart;
    QCategoryAxis *m_x;
    QCategoryAxis *m_y;
    QList<QLineSeries *> m_lines;
    QList<int> m_styles; // per series, seriesStyle's index
    QList<QLineSeries *> m_upper;
    QList<QLineSeries *> m_lower;
    QList<QAreaSeries *> m_bands;
    // Per series: empty while it has no hole (m_lines and m_bands draw it), else its pieces
    // (m_lines and m_bands then stay hidden and only hold the points).
    QList<QList<Piece>> m_pieces;
    bool m_dark = false;
    QList<double> m_range;
    bool m_rangeFromData = false; // false: the empty frame, which growing does not keep
    int m_maxXTicks = 12;         // the fewer of the two below
    int m_widthXTicks = 12;       // what the widget's width allows (setMaxXTicks)
    int m_plotXTicks = 16; // what QtCharts draws whole on the axis as last laid out (fitToPlot)
    QMarginsF m_margins;   // QtCharts' own, for a chart wide enough to have them
    int m_maxYTicks = 12;
    QPoint m_tickedFor; // the label counts the axes' ticks were made for
    QString m_yTitle;
    QString m_yShortTitle;
    bool m_owned = true;
    bool m_bandsVisible = true;
};

} // namespace trimscope::gui
