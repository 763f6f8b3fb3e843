#include "barchart.h"

#include "chartstyle.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>

namespace trimscope::gui {

namespace {
QChart *chartFor(const BarChartData &data, const QPalette *palette)
{
    auto *chart = new QChart;
    styleChart(chart, palette);
    chart->setTitle(data.title);
    auto *series = new QBarSeries;
    double top = 0;
    for (int i = 0; i < data.sets.size(); ++i) {
        const BarSetData &set = data.sets.at(i);
        auto *bars = new QBarSet(set.label);
        bars->setColor(chartColors().at(i % chartColors().size()));
        bars->setBorderColor(Qt::transparent);
        for (int c = 0; c < data.categories.size(); ++c) {
            const double value = c < set.values.size() ? set.values.at(c) : 0.0;
            bars->append(value);
            top = std::max(top, value);
        }
        series->append(bars);
    }
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(data.categories);
    auto *y = new QValueAxis;
    y->setTitleText(verticalAxisTitle(data.valueTitle));
    if (data.referenceLine)
        top = std::max(top, *data.referenceLine);
    y->setRange(0, top > 0 ? top * 1.08 : 1.0);
    y->applyNiceNumbers();
    const double step = (y->max() - y->min()) / std::max(y->tickCount() - 1, 1);
    y->setLabelFormat(data.valueFormat.isEmpty() ? valueLabelFormat(step) : data.valueFormat);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    if (data.referenceLine && !data.categories.isEmpty()) {
        auto *line = new QLineSeries;
        line->setName(data.referenceLabel);
        const double edge = 0.5;
        line->append(-edge, *data.referenceLine);
        line->append(double(data.categories.size()) - edge, *data.referenceLine);
        QPen pen(palette ? palette->color(QPalette::Text) : QColor(Qt::black));
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.5);
        line->setPen(pen);
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    return chart;
}
} // namespace

BarChart::BarChart(QWidget *parent) : StaticChart(parent)
{
    rebuild();
}

void BarChart::setData(const BarChartData &data)
{
    m_data = data;
    rebuild();
}

QStringList BarChart::setLabels() const
{
    QStringList labels;
    for (const BarSetData &set : m_data.sets)
        labels.append(set.label);
    return labels;
}

QList<LegendEntry> BarChart::legendEntries() const
{
    QList<LegendEntry> entries;
    for (int i = 0; i < m_data.sets.size(); ++i)
        entries.append({m_data.sets.at(i).label, chartColors().at(i % chartColors().size()),
                        Qt::SolidLine, LegendEntry::Swatch::Box});
    if (m_data.referenceLine && !m_data.categories.isEmpty())
        entries.append({m_data.referenceLabel, QColor(120, 120, 120), Qt::DashLine});
    return entries;
}

QChart *BarChart::buildChart(const QPalette *palette) const
{
    return chartFor(m_data, palette);
}

} // namespace trimscope::gui
