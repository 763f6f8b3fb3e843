#include "historychart.h"

#include "chartstyle.h"

#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <limits>

namespace trimscope::gui {

int HistoryLine::pointCount() const
{
    int count = 0;
    for (const QList<QPointF> &piece : pieces)
        count += int(piece.size());
    return count;
}

double dayToX(QDate day)
{
    return double(day.startOfDay().toMSecsSinceEpoch());
}

QList<QList<QPointF>> piecesOverDays(const QList<DayValue> &points, double scale)
{
    QList<QList<QPointF>> pieces;
    QDate previous;
    for (const DayValue &p : points) {
        if (pieces.isEmpty() || !previous.isValid() || previous.daysTo(p.day) != 1)
            pieces.append(QList<QPointF>());
        pieces.last().append(QPointF(dayToX(p.day), p.value / scale));
        previous = p.day;
    }
    return pieces;
}

namespace {

struct Span
{
    double low = std::numeric_limits<double>::max();
    double high = std::numeric_limits<double>::lowest();
    bool empty() const { return low > high; }
};

// The vertical axis over the values that fall in the days shown: from 0 (or below, for a
// temperature under zero) to a little above the highest, with labels that read apart.
QValueAxis *valueAxis(const QString &title, Span span)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(verticalAxisTitle(title));
    const double low = span.empty() ? 0 : std::min(0.0, span.low);
    const double high = span.empty() || span.high <= low ? low + 1 : span.high * 1.08;
    axis->setRange(low, high);
    axis->setTickCount(5);
    axis->applyNiceNumbers();
    axis->setLabelFormat(valueLabelFormat((axis->max() - axis->min()) / (axis->tickCount() - 1)));
    return axis;
}

QString dateFormat(qint64 days)
{
    return days <= 62 ? QStringLiteral("d MMM") : QStringLiteral("MMM yy");
}

} // namespace

HistoryChart::HistoryChart(QWidget *parent) : StaticChart(parent)
{
    // Tall enough for the vertical axis title whole at 1366×768 (two graphs a row).
    setMinimumHeight(300);
    rebuild();
}

void HistoryChart::setData(const HistoryChartData &data)
{
    m_data = data;
    rebuild();
}

void HistoryChart::setDays(QDate first, QDate last)
{
    m_first = first;
    m_last = last;
    rebuild();
}

std::pair<QDateTime, QDateTime> HistoryChart::shownRange() const
{
    const QChart *chart = currentChart();
    for (QAbstractAxis *axis : chart ? chart->axes(Qt::Horizontal) : QList<QAbstractAxis *>()) {
        if (auto *dates = qobject_cast<QDateTimeAxis *>(axis))
            return {dates->min(), dates->max()};
    }
    return {};
}

QList<LegendEntry> HistoryChart::legendEntries() const
{
    QList<LegendEntry> entries;
    for (const HistoryLine &line : m_data.lines) {
        const SeriesStyle style = seriesStyle(line.color);
        entries.append({line.label, style.color, line.style});
    }
    for (const HistoryMarkers &markers : m_data.markers)
        entries.append({markers.label, seriesStyle(markers.color).color, Qt::SolidLine,
                        LegendEntry::Swatch::Box});
    return entries;
}

QChart *HistoryChart::buildChart(const QPalette *palette) const
{
    auto *chart = new QChart;
    styleChart(chart, palette);
    chart->setTitle(m_data.title);
    const QDate first = m_first.isValid() ? m_first : QDate::currentDate().addDays(-7);
    const QDate last = m_last.isValid() ? m_last : QDate::currentDate();
    const double from = dayToX(first);
    const double to = dayToX(last);

    auto *x = new QDateTimeAxis;
    x->setFormat(dateFormat(first.daysTo(last)));
    x->setRange(QDateTime::fromMSecsSinceEpoch(qint64(from)),
                QDateTime::fromMSecsSinceEpoch(qint64(to)));
    x->setTickCount(first.daysTo(last) <= 14 ? int(first.daysTo(last)) + 1 : 5);
    chart->addAxis(x, Qt::AlignBottom);

    Span left, right;
    for (const HistoryLine &line : m_data.lines) {
        Span &span = line.rightAxis ? right : left;
        for (const QList<QPointF> &piece : line.pieces) {
            for (const QPointF &p : piece) {
                if (p.x() >= from && p.x() <= to) {
                    span.low = std::min(span.low, p.y());
                    span.high = std::max(span.high, p.y());
                }
            }
        }
    }
    QValueAxis *yLeft = valueAxis(m_data.leftTitle, left);
    chart->addAxis(yLeft, Qt::AlignLeft);
    QValueAxis *yRight = nullptr;
    if (!m_data.rightTitle.isEmpty()) {
        yRight = valueAxis(m_data.rightTitle, right);
        chart->addAxis(yRight, Qt::AlignRight);
    }

    for (const HistoryLine &line : m_data.lines) {
        const SeriesStyle style = seriesStyle(line.color);
        QPen pen(style.color);
        pen.setWidthF(2.0);
        pen.setStyle(line.style);
        for (const QList<QPointF> &piece : line.pieces) {
            auto *series = new QLineSeries;
            series->setName(line.label);
            series->append(piece);
            series->setPen(pen);
            // A day alone between two gaps is a dot: a line needs two points to show.
            series->setPointsVisible(piece.size() == 1);
            chart->addSeries(series);
            series->attachAxis(x);
            series->attachAxis(line.rightAxis && yRight ? yRight : yLeft);
        }
    }
    // Events along the top of the plot, clear of the lines below.
    const double markerY = yLeft->max() - (yLeft->max() - yLeft->min()) * 0.04;
    for (const HistoryMarkers &markers : m_data.markers) {
        auto *series = new QScatterSeries;
        series->setName(markers.label);
        series->setMarkerSize(9);
        series->setColor(seriesStyle(markers.color).color);
        series->setBorderColor(seriesStyle(markers.color).color);
        for (double at : markers.at)
            series->append(at, markerY);
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(yLeft);
    }
    return chart;
}

} // namespace trimscope::gui
