#include "stallchart.h"

#include "chartstyle.h"
#include "charttextfit.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace trimscope::gui {

namespace {

QChart *chartFor(const StallChartData &data, const QPalette *palette)
{
    auto *chart = new QChart;
    styleChart(chart, palette);
    chart->setTitle(data.title);
    auto *x = new QValueAxis;
    x->setTitleText(data.xTitle);
    x->setRange(0, std::max(data.xMax, 1e-3));
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->applyNiceNumbers();
    // Latencies from microseconds to seconds: decades, so the baseline and the stalls both show.
    auto *y = new QLogValueAxis;
    y->setTitleText(verticalAxisTitle(data.yTitle));
    y->setProperty(shortAxisTitle, data.yShortTitle);
    y->setBase(10);
    // A precision of its own: with localized numbers (styleChart) a bare %g prints nothing.
    y->setLabelFormat(QStringLiteral("%.5g"));
    double lo = 1e9, hi = 0;
    for (const QPointF &p : data.latency) {
        lo = std::min(lo, p.y());
        hi = std::max(hi, p.y());
    }
    hi = std::max(hi, data.limitMs);
    if (hi <= 0) {
        lo = 0.1;
        hi = 1000;
    }
    const double yMin = std::pow(10.0, std::floor(std::log10(std::max(lo, 1e-3))));
    const double yMax = std::pow(10.0, std::ceil(std::log10(hi * 1.5)));
    y->setRange(yMin, yMax);
    y->setMinorTickCount(-1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    // The discards first, so the latency line is drawn over them.
    const QList<QColor> &colors = chartColors();
    for (qsizetype i = 0; i < data.discards.size(); ++i) {
        const StallChartData::Band &band = data.discards[i];
        auto *upper = new QLineSeries;
        auto *lower = new QLineSeries;
        for (const QPointF &interval : band.intervals) {
            // At least a pixel or so wide on a run of a minute.
            const double end = std::max(interval.y(), interval.x() + data.xMax / 800);
            upper->append(interval.x(), yMin);
            upper->append(interval.x(), yMax);
            upper->append(end, yMax);
            upper->append(end, yMin);
            lower->append(interval.x(), yMin);
            lower->append(end, yMin);
        }
        auto *area = new QAreaSeries(upper, lower);
        area->setName(band.label);
        QColor fill = colors.at((i + 1) % colors.size());
        fill.setAlpha(90);
        area->setBrush(fill);
        area->setPen(QPen(fill.darker(110), 1.0));
        chart->addSeries(area);
        area->attachAxis(x);
        area->attachAxis(y);
    }

    // Points, not a line: a stall is a stretch with no completion at all, and a line would
    // draw a ramp across it.
    auto *line = new QScatterSeries;
    line->setName(data.lineLabel);
    line->append(data.latency);
    line->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    line->setMarkerSize(data.latency.size() > 2000 ? 3.0 : 5.0);
    line->setColor(colors.first());
    line->setBorderColor(colors.first());
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);

    if (data.limitMs > 0) {
        auto *limit = new QLineSeries;
        limit->setName(data.limitLabel);
        limit->append(0, data.limitMs);
        limit->append(x->max(), data.limitMs);
        QPen dashed(colors.at(5 % colors.size()));
        dashed.setStyle(Qt::DashLine);
        dashed.setWidthF(2.0);
        limit->setPen(dashed);
        chart->addSeries(limit);
        limit->attachAxis(x);
        limit->attachAxis(y);
    }
    return chart;
}

} // namespace

StallChart::StallChart(QWidget *parent) : StaticChart(parent)
{
    rebuild();
}

void StallChart::setData(const StallChartData &data)
{
    m_data = data;
    rebuild();
}

QChart *StallChart::buildChart(const QPalette *palette) const
{
    return chartFor(m_data, palette);
}

// In the order buildChart adds the series, with the same colours.
QList<LegendEntry> StallChart::legendEntries() const
{
    const QList<QColor> &colors = chartColors();
    QList<LegendEntry> entries;
    for (qsizetype i = 0; i < m_data.discards.size(); ++i) {
        QColor fill = colors.at((i + 1) % colors.size());
        fill.setAlpha(90);
        entries.append({m_data.discards[i].label, fill, Qt::SolidLine, LegendEntry::Swatch::Box});
    }
    if (!m_data.lineLabel.isEmpty())
        entries.append({m_data.lineLabel, colors.first()});
    if (m_data.limitMs > 0)
        entries.append({m_data.limitLabel, colors.at(5 % colors.size()), Qt::DashLine});
    return entries;
}

} // namespace trimscope::gui
