#include "trimchart.h"

#include "chartcanvas.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QPainter>
#include <QVBoxLayout>
#include <algorithm>

namespace trimscope::gui {

TrimChart::TrimChart(ChartMetric metric, QWidget *parent)
    : ChartWidget(parent), m_metric(metric), m_canvas(std::make_unique<ChartCanvas>(metric))
{
    m_canvas->releaseChart();
    m_view = new QChartView(m_canvas->chart(), this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumSize(320, 240);
    applyPalette();
}

TrimChart::~TrimChart() = default;

void TrimChart::setTitle(const QString &title)
{
    m_title = title;
    m_canvas->setTitle(title);
}

int TrimChart::addSeries(const QString &label)
{
    m_data.append({label, {}});
    return m_canvas->addSeries(label);
}

void TrimChart::setPoint(int series, const ChartPoint &point)
{
    if (series < 0 || series >= m_data.size())
        return;
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
    m_canvas->rescale(m_data);
}

int TrimChart::addRun(const QString &label, const QList<SizePoint> &points)
{
    const int series = addSeries(label);
    for (const SizePoint &point : points) {
        if (point.stats.count > 0)
            setPoint(series, pointFrom(point));
    }
    return series;
}

void TrimChart::clear()
{
    m_data.clear();
    m_canvas->clear();
}

int TrimChart::pointCount(int series) const
{
    return m_canvas->pointCount(series);
}

ChartPoint TrimChart::pointFrom(const SizePoint &point)
{
    const SampleStatistics &s = point.stats;
    // With fewer than 20 samples the 5th and 95th percentiles are the extremes anyway.
    return {point.bytes, s.median, s.p5, s.p95};
}

void TrimChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
    QWidget::changeEvent(event);
}

void TrimChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_canvas->setMaxXTicks(xTicksFor(width()));
    m_canvas->rescale(m_data);
}

void TrimChart::applyPalette()
{
    const QPalette pal = palette();
    m_canvas->setDark(pal.color(QPalette::Window).lightness() < 128);
    QChart *chart = m_canvas->chart();
    chart->setBackgroundBrush(pal.color(QPalette::Base));
    chart->setTitleBrush(pal.color(QPalette::Text));
    chart->legend()->setLabelColor(pal.color(QPalette::Text));
    m_view->setBackgroundBrush(pal.color(QPalette::Window));
}

void TrimChart::renderTo(QPainter &painter, QSize size) const
{
    // A separate chart in light colours, built from the data: the export never depends on
    // the window's size or theme.
    ChartCanvas canvas(m_metric);
    canvas.setDark(false);
    canvas.setTitle(m_title);
    canvas.setMaxXTicks(xTicksFor(size.width()));
    for (const ChartSeries &series : m_data) {
        const int index = canvas.addSeries(series.label);
        for (int i = 0; i < series.points.size(); ++i)
            canvas.setPoint(index, i, true, series.points.at(i));
    }
    canvas.rescale(m_data);
    canvas.releaseChart();
    paintChart(canvas.chart(), painter, size);
}

} // namespace trimscope::gui
