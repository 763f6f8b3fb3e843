#include "trimchart.h"

#include "chartcanvas.h"
#include "chartstyle.h"
#include "common/units.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace trimscope::gui {

namespace {
double distanceToSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t =
        length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF nearest = a + t * ab;
    return std::hypot(p.x() - nearest.x(), p.y() - nearest.y());
}
} // namespace

TrimChart::TrimChart(ChartMetric metric, QWidget *parent)
    : ChartWidget(parent), m_metric(metric), m_canvas(std::make_unique<ChartCanvas>(metric))
{
    m_canvas->releaseChart();
    showChart(m_canvas->chart());
    applyPalette();
    // The read-out follows the pointer to the nearest line within a finger's width, not only
    // where QtCharts says the pointer is on the 2-pixel line itself.
    view()->viewport()->setMouseTracking(true);
    view()->viewport()->installEventFilter(this);
}

TrimChart::~TrimChart() = default;

void TrimChart::setTitle(const QString &title)
{
    m_title = title;
    m_canvas->setTitle(title);
}

QList<LegendEntry> TrimChart::legendEntries() const
{
    QList<LegendEntry> entries;
    for (int i = 0; i < m_data.size(); ++i) {
        const SeriesStyle style = seriesStyle(m_data.at(i).style >= 0 ? m_data.at(i).style : i);
        entries.append({m_data.at(i).label, style.color, style.line});
    }
    if (!m_data.isEmpty() && m_canvas->bandsVisible()) {
        QColor band =
            seriesStyle(m_data.constFirst().style >= 0 ? m_data.constFirst().style : 0).color;
        band.setAlpha(90);
        entries.append({tr("shaded band: 5th to 95th percentile"), band, Qt::SolidLine,
                        LegendEntry::Swatch::Box});
    }
    return entries;
}

int TrimChart::addSeries(const QString &label, int style)
{
    m_data.append({label, {}, style});
    const int index = m_canvas->addSeries(label, style);
    updateLegend();
    return index;
}

void TrimChart::insertPoint(int series, const ChartPoint &point)
{
    QList<ChartPoint> &points = m_data[series].points;
    const auto it = std::lower_bound(points.begin(), points.end(), point.bytes,
                                     [](const ChartPoint &p, quint64 b) { return p.bytes < b; });
    const int index = int(it - points.begin());
    const bool insert = it == points.end() || it->bytes != point.bytes;
    if (insert)
        points.insert(index, point);
    else
        points[index] = point;
    m_canvas->setPoint(series, index, insert, point);
}

void TrimChart::setPoint(int series, const ChartPoint &point)
{
    if (series < 0 || series >= m_data.size())
        return;
    insertPoint(series, point);
    m_canvas->rescale(m_data, ChartCanvas::Range::Grow);
}

int TrimChart::addRun(const QString &label, const QList<SizePoint> &points, int style)
{
    const int series = addSeries(label, style);
    for (const SizePoint &point : points) {
        if (point.stats.count > 0)
            insertPoint(series, pointFrom(point));
    }
    m_canvas->rescale(m_data);
    return series;
}

void TrimChart::clear()
{
    m_data.clear();
    m_canvas->clear();
    updateLegend();
}

void TrimChart::setBandsVisible(bool visible)
{
    m_canvas->setBandsVisible(visible);
    updateLegend();
}

int TrimChart::pointCount(int series) const
{
    return m_canvas->pointCount(series);
}

QList<QList<QPointF>> TrimChart::drawnLines(int series) const
{
    return m_canvas->drawnLines(series);
}

QList<QList<QPointF>> TrimChart::drawnBandTops(int series) const
{
    return m_canvas->drawnBandTops(series);
}

QString TrimChart::readout(int series, QPointF value) const
{
    if (series < 0 || series >= m_data.size() || m_data.at(series).points.isEmpty())
        return QString();
    const ChartPoint p = ChartCanvas::pointAt(m_data.at(series), value);
    const auto rate = [&p](double seconds) { return formatRate(double(p.bytes) / seconds); };
    const QString figures =
        m_metric == ChartMetric::Latency
            ? tr("%1 per TRIM (median); 5th–95th percentile %2 to %3")
                  .arg(formatSeconds(p.median), formatSeconds(p.low), formatSeconds(p.high))
            : tr("%1 at the median; 5th–95th percentile %2 to %3")
                  .arg(rate(p.median), rate(p.high), rate(p.low));
    return tr("%1\n%2 discards: %3").arg(m_data.at(series).label, formatBytes(p.bytes), figures);
}

ChartPoint TrimChart::pointFrom(const SizePoint &point)
{
    const SampleStatistics &s = point.stats;
    // With fewer than 20 samples the 5th and 95th percentiles are the extremes anyway.
    return {point.bytes, s.median, s.p5, s.p95};
}

void TrimChart::resizeEvent(QResizeEvent *event)
{
    ChartWidget::resizeEvent(event);
    m_canvas->setMaxXTicks(xTicksFor(width()));
    m_canvas->rescale(m_data, ChartCanvas::Range::Grow);
}

QRectF TrimChart::plotRange() const
{
    return m_canvas->plotRange();
}

QString TrimChart::readoutNear(QPoint viewportPos) const
{
    QChart *chart = m_canvas->chart();
    const QPointF at = chart->mapFromScene(view()->mapToScene(viewportPos));
    if (!chart->plotArea()
             .adjusted(-kHoverRadius, -kHoverRadius, kHoverRadius, kHoverRadius)
             .contains(at))
        return QString();
    // The line nearest the pointer, measured on screen to each of its segments (none across a
    // hole: nothing is drawn there).
    int nearest = -1;
    double best = kHoverRadius;
    QPointF value;
    for (int s = 0; s < m_data.size(); ++s) {
        QLineSeries *line = m_canvas->line(s);
        const QList<ChartPoint> &points = m_data.at(s).points;
        if (!line || line->count() == 0 || line->count() != points.size())
            continue;
        QPointF previous = chart->mapToPosition(line->at(0), line);
        for (int i = 0; i < line->count(); ++i) {
            const QPointF p = chart->mapToPosition(line->at(i), line);
            const bool joined =
                i > 0 && !ChartCanvas::holeBetween(points.at(i - 1).bytes, points.at(i).bytes);
            const double distance = distanceToSegment(at, joined ? previous : p, p);
            if (distance <= best) {
                best = distance;
                nearest = s;
                value = chart->mapToValue(at, line);
            }
            previous = p;
        }
    }
    return nearest < 0 ? QString() : readout(nearest, value);
}

bool TrimChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == view()->viewport()) {
        if (event->type() == QEvent::MouseMove) {
            const QPoint pos = static_cast<QMouseEvent *>(event)->position().toPoint();
            const QString text = readoutNear(pos);
            if (text.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(view()->viewport()->mapToGlobal(pos), text, view()->viewport());
        } else if (event->type() == QEvent::Leave) {
            QToolTip::hideText();
        }
    }
    return ChartWidget::eventFilter(watched, event);
}

void TrimChart::applyPalette()
{
    const QPalette pal = palette();
    m_canvas->setDark(pal.color(QPalette::Window).lightness() < 128);
    QChart *chart = m_canvas->chart();
    chart->setBackgroundBrush(pal.color(QPalette::Base));
    chart->setTitleBrush(pal.color(QPalette::Text));
    chart->setLocale(numberLocale());
}

void TrimChart::renderTo(QPainter &painter, QSize size) const
{
    // A separate chart in light colours, built from the data: the export never depends on
    // the window's size or theme.
    ChartCanvas canvas(m_metric);
    canvas.setDark(false);
    canvas.setTitle(m_title);
    canvas.setMaxXTicks(xTicksFor(size.width()));
    canvas.setBandsVisible(m_canvas->bandsVisible());
    for (const ChartSeries &series : m_data) {
        const int index = canvas.addSeries(series.label, series.style);
        for (int i = 0; i < series.points.size(); ++i)
            canvas.setPoint(index, i, true, series.points.at(i));
    }
    canvas.rescale(m_data);
    canvas.releaseChart();
    paintChart(canvas.chart(), painter, size);
}

} // namespace trimscope::gui
