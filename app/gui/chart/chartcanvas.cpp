#include "chartcanvas.h"

#include "chartstyle.h"
#include "common/units.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QGuiApplication>
#include <QLegendMarker>
#include <QLineSeries>
#include <cmath>

namespace trimscope::gui {

using report::byteSizeTicks;
using report::rateTicks;
using report::secondsTicks;
using report::snapDown125;
using report::snapUp125;

namespace {
double log2Of(double v)
{
    return std::log2(std::max(v, 1e-300));
}
} // namespace

ChartCanvas::ChartCanvas(ChartMetric metric)
    : m_metric(metric), m_chart(new QChart), m_x(new QCategoryAxis), m_y(new QCategoryAxis)
{
    m_chart->setAnimationOptions(QChart::NoAnimation);
    // The legend is ChartLegend (whole labels, never elided into look-alikes).
    m_chart->legend()->hide();
    m_chart->setLocalizeNumbers(true);
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_x->setTitleText(QObject::tr("Discard size (log scale)"));
    // Short enough not to be elided on a small chart; the band is explained in the legend.
    m_y->setTitleText(verticalAxisTitle(
        metric == ChartMetric::Latency ? QObject::tr("Time per TRIM command (median, log scale)")
                                       : QObject::tr("Throughput at the median (log scale)")));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    rescale({});
}

ChartCanvas::~ChartCanvas()
{
    if (m_owned)
        delete m_chart;
}

int ChartCanvas::addSeries(const QString &label, int styleIndex)
{
    m_styles.append(styleIndex >= 0 ? styleIndex : int(m_lines.size()));
    const SeriesStyle style = seriesStyle(m_styles.last());
    const QColor color = style.color;
    // The band owns its edges (QObject parent), so deleting the band deletes them.
    auto *band = new QAreaSeries;
    auto *upper = new QLineSeries(band);
    auto *lower = new QLineSeries(band);
    band->setUpperSeries(upper);
    band->setLowerSeries(lower);
    QColor fill = color;
    fill.setAlpha(50);
    band->setBrush(fill);
    band->setPen(Qt::NoPen);
    auto *line = new QLineSeries;
    line->setName(label);
    QPen pen(color);
    pen.setWidthF(2.0);
    pen.setStyle(style.line);
    line->setPen(pen);
    line->setPointsVisible(m_bandsVisible);
    band->setVisible(m_bandsVisible);
    m_chart->addSeries(band);
    m_chart->addSeries(line);
    for (QAbstractSeries *series :
         {static_cast<QAbstractSeries *>(band), static_cast<QAbstractSeries *>(line)}) {
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    m_lines.append(line);
    m_upper.append(upper);
    m_lower.append(lower);
    m_bands.append(band);
    return int(m_lines.size() - 1);
}

double ChartCanvas::yOf(const ChartPoint &point, double seconds) const
{
    if (m_metric == ChartMetric::Latency)
        return std::log10(std::max(seconds, 1e-12));
    return log2Of(double(point.bytes) / std::max(seconds, 1e-12));
}

void ChartCanvas::setPoint(int series, int index, bool insert, const ChartPoint &point)
{
    const double x = log2Of(double(point.bytes));
    const QPointF median(x, yOf(point, point.median));
    // Throughput is highest where the time is lowest: the band's edges swap.
    const QPointF a(x, yOf(point, point.high));
    const QPointF b(x, yOf(point, point.low));
    const QPointF top = a.y() > b.y() ? a : b;
    const QPointF bottom = a.y() > b.y() ? b : a;
    if (insert) {
        m_lines[series]->insert(index, median);
        m_upper[series]->insert(index, top);
        m_lower[series]->insert(index, bottom);
    } else {
        m_lines[series]->replace(index, median);
        m_upper[series]->replace(index, top);
        m_lower[series]->replace(index, bottom);
    }
}

void ChartCanvas::clear()
{
    for (QAreaSeries *band : std::as_const(m_bands))
        m_chart->removeSeries(band);
    for (QLineSeries *line : std::as_const(m_lines))
        m_chart->removeSeries(line);
    qDeleteAll(m_bands);
    qDeleteAll(m_lines);
    m_bands.clear();
    m_lines.clear();
    m_styles.clear();
    m_upper.clear();
    m_lower.clear();
    rescale({});
}

void ChartCanvas::setDark(bool dark)
{
    m_chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->legend()->hide();
    m_chart->setLocale(numberLocale());
    // setTheme resets series colours; restore ours.
    for (int i = 0; i < m_lines.size(); ++i) {
        const SeriesStyle style = seriesStyle(m_styles.at(i));
        const QColor color = style.color;
        QPen pen(color);
        pen.setWidthF(2.0);
        pen.setStyle(style.line);
        m_lines[i]->setPen(pen);
        QColor fill = color;
        fill.setAlpha(dark ? 110 : 50);
        m_bands[i]->setBrush(fill);
        m_bands[i]->setPen(Qt::NoPen);
    }
    QFont titleFont = QGuiApplication::font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_chart->setTitleFont(titleFont);
}

void ChartCanvas::setTitle(const QString &title)
{
    m_chart->setTitle(title);
}

void ChartCanvas::setMaxXTicks(int ticks)
{
    m_maxXTicks = std::clamp(ticks, 3, 16);
}

void ChartCanvas::setBandsVisible(bool visible)
{
    m_bandsVisible = visible;
    for (QAreaSeries *band : std::as_const(m_bands))
        band->setVisible(visible);
    // Without bands many runs overlap: point markers would only add clutter (and paint time).
    for (QLineSeries *line : std::as_const(m_lines))
        line->setPointsVisible(visible);
}

QLineSeries *ChartCanvas::line(int series) const
{
    return series >= 0 && series < m_lines.size() ? m_lines.at(series) : nullptr;
}

ChartPoint ChartCanvas::pointAt(const ChartSeries &series, QPointF value)
{
    // x is log2 of the size: the nearest measured size to the cursor.
    ChartPoint nearest;
    double best = INFINITY;
    for (const ChartPoint &point : series.points) {
        const double distance = std::fabs(log2Of(double(point.bytes)) - value.x());
        if (distance < best) {
            best = distance;
            nearest = point;
        }
    }
    return nearest;
}

int ChartCanvas::pointCount(int series) const
{
    return series >= 0 && series < m_lines.size() ? int(m_lines.at(series)->count()) : 0;
}

void ChartCanvas::setTicks(QCategoryAxis *axis, const QList<AxisTick> &ticks, double lo, double hi)
{
    const QStringList old = axis->categoriesLabels();
    for (const QString &label : old)
        axis->remove(label);
    axis->setStartValue(lo);
    for (const AxisTick &tick : ticks)
        axis->append(tick.label, tick.position);
    axis->setRange(lo, hi);
}

QRectF ChartCanvas::plotRange() const
{
    return QRectF(QPointF(m_range.at(0), m_range.at(2)), QPointF(m_range.at(1), m_range.at(3)));
}

void ChartCanvas::rescale(const QList<ChartSeries> &data, Range mode)
{
    double xLo = INFINITY, xHi = -INFINITY, yLo = INFINITY, yHi = -INFINITY;
    for (const ChartSeries &series : data) {
        for (const ChartPoint &point : series.points) {
            const double x = log2Of(double(point.bytes));
            xLo = std::min(xLo, x);
            xHi = std::max(xHi, x);
            for (const double s : {point.low, point.median, point.high}) {
                if (s <= 0)
                    continue;
                const double y = yOf(point, s);
                yLo = std::min(yLo, y);
                yHi = std::max(yHi, y);
            }
        }
    }
    const bool latency = m_metric == ChartMetric::Latency;
    const bool fromData = xLo <= xHi;
    if (!fromData) {
        // Nothing yet: a plausible frame (4 KiB..1 GiB; 100 µs..1 s or 1 MiB/s..1 GiB/s).
        xLo = 12;
        xHi = 30;
        yLo = latency ? -4 : 20;
        yHi = latency ? 0 : 30;
    }
    if (xHi - xLo < 2) {
        xLo -= 1;
        xHi += 1;
    }
    // Half a step of room on x so the end markers are not cut in half; on y, the nearest
    // 1-2-5 value outside the data, so no decade of empty plot sits above the curve.
    xLo -= 0.4;
    xHi += 0.4;
    if (latency) {
        yLo = snapDown125(yLo - 0.03);
        yHi = snapUp125(yHi + 0.03);
    } else {
        yLo = std::floor(yLo - 0.2);
        yHi = std::ceil(yHi + 0.2);
    }
    if (mode == Range::Grow && fromData && m_rangeFromData) {
        xLo = std::min(xLo, m_range.at(0));
        xHi = std::max(xHi, m_range.at(1));
        yLo = std::min(yLo, m_range.at(2));
        yHi = std::max(yHi, m_range.at(3));
    }
    m_rangeFromData = fromData;
    const QList<double> range{xLo, xHi, yLo, yHi, double(m_maxXTicks)};
    if (range == m_range)
        return;
    m_range = range;
    setTicks(m_x, byteSizeTicks(xLo, xHi, m_maxXTicks), xLo, xHi);
    setTicks(m_y, latency ? secondsTicks(yLo, yHi) : rateTicks(yLo, yHi), yLo, yHi);
}

} // namespace trimscope::gui
