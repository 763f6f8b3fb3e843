#include "curvechart.h"

#include "chartstyle.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace trimscope::gui {

namespace {
QChart *buildChart(const CurveChartData &data, const QPalette *palette)
{
    auto *chart = new QChart;
    styleChart(chart, palette);
    chart->setTitle(data.title);
    auto *x = new QValueAxis;
    x->setTitleText(data.xTitle);
    x->setRange(data.xMin, data.xMax);
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setTickCount(11);
    auto *y = new QValueAxis;
    y->setTitleText(data.yTitle);
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    auto *curve = new QLineSeries;
    curve->setName(data.label);
    double top = 0;
    for (const QPointF &point : data.points) {
        curve->append(point);
        top = std::max(top, point.y());
    }
    QPen pen(chartColors().first());
    pen.setWidthF(2.0);
    curve->setPen(pen);
    curve->setPointsVisible(data.points.size() <= 60);
    chart->addSeries(curve);
    curve->attachAxis(x);
    curve->attachAxis(y);
    y->setRange(0, top > 0 ? top * 1.1 : 1.0);
    y->applyNiceNumbers();

    if (data.markerX) {
        auto *marker = new QLineSeries;
        marker->setName(data.markerLabel);
        marker->append(*data.markerX, y->min());
        marker->append(*data.markerX, y->max());
        QPen dashed(chartColors().at(1));
        dashed.setStyle(Qt::DashLine);
        dashed.setWidthF(2.0);
        marker->setPen(dashed);
        chart->addSeries(marker);
        marker->attachAxis(x);
        marker->attachAxis(y);
    }
    return chart;
}
} // namespace

CurveChart::CurveChart(QWidget *parent) : ChartWidget(parent), m_view(new QChartView(this))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumSize(320, 240);
    rebuild();
}

void CurveChart::setData(const CurveChartData &data)
{
    m_data = data;
    rebuild();
}

void CurveChart::rebuild()
{
    const QPalette pal = palette();
    QChart *old = m_view->chart();
    m_view->setChart(buildChart(m_data, &pal));
    m_view->setBackgroundBrush(pal.color(QPalette::Window));
    delete old;
}

void CurveChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        rebuild();
    ChartWidget::changeEvent(event);
}

void CurveChart::renderTo(QPainter &painter, QSize size) const
{
    paintChart(buildChart(m_data, nullptr), painter, size);
}

} // namespace trimscope::gui
