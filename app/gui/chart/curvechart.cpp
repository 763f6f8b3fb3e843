#include "curvechart.h"

#include "chartstyle.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>

namespace trimscope::gui {

namespace {
QChart *chartFor(const CurveChartData &data, const QPalette *palette)
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
    y->setTitleText(verticalAxisTitle(data.yTitle));
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

CurveChart::CurveChart(QWidget *parent) : StaticChart(parent)
{
    rebuild();
}

void CurveChart::setData(const CurveChartData &data)
{
    m_data = data;
    rebuild();
}

QList<LegendEntry> CurveChart::legendEntries() const
{
    QList<LegendEntry> entries;
    if (!m_data.label.isEmpty())
        entries.append({m_data.label, chartColors().first()});
    if (m_data.markerX)
        entries.append({m_data.markerLabel, chartColors().at(1), Qt::DashLine});
    return entries;
}

QChart *CurveChart::buildChart(const QPalette *palette) const
{
    return chartFor(m_data, palette);
}

} // namespace trimscope::gui
