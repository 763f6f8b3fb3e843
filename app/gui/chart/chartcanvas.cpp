#include "chartcanvas.h"

#include "chartstyle.h"
#include "charttextfit.h"
#include "common/units.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
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

// Beside the labels and the title QtCharts pads a vertical axis by about this much (the chart's
// margins, the labels' and the title's own).
constexpr double kAxisPadding = 16;
constexpr double kNarrowChart = 320; // pixels wide: its margins go to its axes

// A band around one size alone would have no width, and not show: there it spans this much either
// side of the size (in log2 of the size: about 15 %), a bar from the low to the high end.
constexpr double kLoneBandHalfWidth = 0.2;

QList<QPointF> bandEdge(const QList<QPointF> &points)
{
    if (points.size() != 1)
        return points;
    const QPointF at = points.first();
    return {QPointF(at.x() - kLoneBandHalfWidth, at.y()),
            QPointF(at.x() + kLoneBandHalfWidth, at.y())};
}
} // namespace

ChartCanvas::ChartCanvas(ChartMetric metric)
    : m_metric(metric), m_chart(new QChart), m_x(new QCategoryAxis), m_y(new QCategoryAxis)
{
    m_chart->setAnimationOptions(QChart::NoAnimation);
    // The legend is ChartLegend (whole labels, never elided into look-alikes).
    m_chart->legend()->hide();
    m_chart->setLocalizeNumbers(true);
    m_margins = QMarginsF(m_chart->margins());
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_x->setTitleText(QObject::tr("Discard size (log scale)"));
    // In two lines at most (verticalAxisTitle); the band is explained in the legend.
    m_yTitle = metric == ChartMetric::Latency
                   ? QObject::tr("Time per TRIM command (median, log scale)")
                   : QObject::tr("Throughput at the median (log scale)");
    // Where the plot is too short for the whole title: what is plotted, in a word or two.
    m_yShortTitle =
        metric == ChartMetric::Latency ? QObject::tr("TRIM time") : QObject::tr("Throughput");
    m_y->setTitleText(verticalAxisTitle(m_yTitle));
    // Its title is fitted here, whole or short (fitToPlot), not broken by fitChartTexts.
    m_y->setProperty(keepsOwnTitle, true);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    rescale({});
    // The plot's height, known once QtCharts has laid the chart out (on screen or for an
    // export), decides how many labels its vertical axis has room for.
    QObject::connect(m_chart, &QChart::plotAreaChanged, m_chart,
                     [this](const QRectF &area) { fitToPlot(area); });
}

ChartCanvas::~ChartCanvas()
{
    if (m_owned)
        delete m_chart;
}

int ChartCanvas::addSeries(const QString &label, int styleIndex)
{
    m_styles.append(styleIndex >= 0 ? styleIndex : int(m_lines.size()));
    const int series = int(m_lines.size());
    const Piece whole = addPiece(series);
    whole.line->setName(label);
    m_lines.append(whole.line);
    m_upper.append(whole.upper);
    m_lower.append(whole.lower);
    m_bands.append(whole.band);
    m_pieces.append(QList<Piece>());
    showSeries(series);
    return series;
}

ChartCanvas::Piece ChartCanvas::addPiece(int series)
{
    Piece piece;
    // The band owns its edges (QObject parent), so deleting the band deletes them.
    piece.band = new QAreaSeries;
    piece.upper = new QLineSeries(piece.band);
    piece.lower = new QLineSeries(piece.band);
    piece.band->setUpperSeries(piece.upper);
    piece.band->setLowerSeries(piece.lower);
    piece.line = new QLineSeries;
    stylePen(piece.line, series);
    styleBand(piece.band, series);
    for (QAbstractSeries *shown :
         {static_cast<QAbstractSeries *>(piece.band), static_cast<QAbstractSeries *>(piece.line)}) {
        m_chart->addSeries(shown);
        shown->attachAxis(m_x);
        shown->attachAxis(m_y);
    }
    return piece;
}

void ChartCanvas::stylePen(QLineSeries *line, int series) const
{
    const SeriesStyle style = seriesStyle(m_styles.at(series));
    QPen pen(style.color);
    pen.setWidthF(2.0);
    pen.setStyle(style.line);
    line->setPen(pen);
}

void ChartCanvas::styleBand(QAreaSeries *band, int series) const
{
    QColor fill = seriesStyle(m_styles.at(series)).color;
    fill.setAlpha(m_dark ? 110 : 50);
    band->setBrush(fill);
    band->setPen(Qt::NoPen);
}

void ChartCanvas::showSeries(int series)
{
    const bool whole = m_pieces.at(series).isEmpty();
    m_lines[series]->setVisible(whole);
    m_lines[series]->setPointsVisible(m_bandsVisible);
    m_bands[series]->setVisible(whole && m_bandsVisible);
    for (const Piece &piece : m_pieces.at(series)) {
        piece.band->setVisible(m_bandsVisible);
        // A piece of one size is only its marker.
        piece.line->setPointsVisible(m_bandsVisible || piece.line->count() == 1);
    }
}

bool ChartCanvas::holeBetween(quint64 smaller, quint64 larger)
{
    // More than one halving apart; sizes that are not powers of two (a device's granularity)
    // still sit within a factor 2 of their neighbour.
    return smaller > 0 && larger > 2 * smaller;
}

void ChartCanvas::removePieces(int series)
{
    for (const Piece &piece : std::as_const(m_pieces[series])) {
        m_chart->removeSeries(piece.band);
        m_chart->removeSeries(piece.line);
        delete piece.band;
        delete piece.line;
    }
    m_pieces[series].clear();
}

void ChartCanvas::updatePieces(int series)
{
    const QLineSeries *all = m_lines.at(series);
    // Where each run of neighbouring sizes starts: x is log2 of the size.
    QList<int> starts{0};
    for (int i = 1; i < all->count(); ++i) {
        if (holeBetween(quint64(std::exp2(all->at(i - 1).x()) + 0.5),
                        quint64(std::exp2(all->at(i).x()) + 0.5)))
            starts.append(i);
    }
    // One size alone is a piece too, for its band's width (bandEdge).
    if (starts.size() == 1 && all->count() != 1) {
        if (!m_pieces.at(series).isEmpty()) {
            removePieces(series);
            showSeries(series);
        }
        return;
    }
    // The points move as samples arrive: pieces are reused while their number holds.
    if (m_pieces.at(series).size() != starts.size()) {
        removePieces(series);
        for (int i = 0; i < starts.size(); ++i)
            m_pieces[series].append(addPiece(series));
    }
    starts.append(int(all->count()));
    for (int i = 0; i + 1 < starts.size(); ++i) {
        const auto slice = [&](const QLineSeries *from) {
            return from->points().mid(starts.at(i), starts.at(i + 1) - starts.at(i));
        };
        const Piece &piece = m_pieces.at(series).at(i);
        piece.line->replace(slice(all));
        piece.upper->replace(bandEdge(slice(m_upper.at(series))));
        piece.lower->replace(bandEdge(slice(m_lower.at(series))));
    }
    showSeries(series);
}

QList<QList<QPointF>> ChartCanvas::drawnLines(int series) const
{
    return drawnPoints(series, m_lines, &Piece::line);
}

QList<QList<QPointF>> ChartCanvas::drawnBandTops(int series) const
{
    return drawnPoints(series, m_upper, &Piece::upper);
}

QList<QList<QPointF>> ChartCanvas::drawnPoints(int series, const QList<QLineSeries *> &whole,
                                               QLineSeries *Piece::*part) const
{
    if (series < 0 || series >= m_lines.size())
        return {};
    if (m_pieces.at(series).isEmpty())
        return {whole.at(series)->points()};
    QList<QList<QPointF>> drawn;
    for (const Piece &piece : m_pieces.at(series))
        drawn.append((piece.*part)->points());
    return drawn;
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
    updatePieces(series);
}

void ChartCanvas::clear()
{
    for (int series = 0; series < m_pieces.size(); ++series)
        removePieces(series);
    m_pieces.clear();
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
    m_dark = dark;
    m_chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->legend()->hide();
    m_chart->setLocale(numberLocale());
    // setTheme resets series colours; restore ours.
    for (int i = 0; i < m_lines.size(); ++i) {
        stylePen(m_lines[i], i);
        styleBand(m_bands[i], i);
        for (const Piece &piece : std::as_const(m_pieces[i])) {
            stylePen(piece.line, i);
            styleBand(piece.band, i);
        }
    }
    QFont titleFont = QGuiApplication::font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_chart->setTitleFont(titleFont);
}

void ChartCanvas::setTitle(const QString &title)
{
    setWholeTitle(m_chart, title);
}

void ChartCanvas::setMaxXTicks(int ticks)
{
    m_widthXTicks = std::clamp(ticks, 3, 16);
    // The axis' room as last laid out still holds: a resize that leaves the plot as it was
    // brings no fitToPlot() after this (800×600, German: the widget's width allowed 3 sizes,
    // the axis 1, and the three were drawn "512...", "1 MiB", "2 GiB").
    m_maxXTicks = std::min(m_widthXTicks, m_plotXTicks);
}

void ChartCanvas::fitToPlot(const QRectF &plot)
{
    // A narrow chart (212 pixels beside the plan at 800×600) gives its margins to its axes:
    // QtCharts lets the vertical one have 40 % of the width inside them, and cut "128 MiB/s" to
    // "128 Mi…" and "50 ms" to "5…" in German.
    const QMarginsF margins =
        m_chart->size().width() < kNarrowChart ? QMarginsF(4, 8, 4, 4) : m_margins;
    if (m_chart->margins() != margins.toMargins())
        m_chart->setMargins(margins.toMargins());
    qreal left = 0, top = 0, right = 0, bottom = 0;
    if (m_chart->layout())
        m_chart->layout()->getContentsMargins(&left, &top, &right, &bottom);
    const double axisWidth =
        m_chart->size().width() - margins.left() - margins.right() - left - right;
    const double plotHeight = plot.height();
    // The title runs along the plot's height, in one or two lines: QtCharts elides it when
    // longer.
    const QFontMetricsF title(m_y->titleFont());
    double longest = 0;
    const QStringList lines = verticalAxisTitle(m_yTitle).split(QStringLiteral("<br>"));
    for (const QString &line : lines)
        longest = std::max(longest, title.horizontalAdvance(line));
    // QtCharts gives the vertical axis at most 40 % of the chart's width and cuts its labels
    // to "1…" beyond (800×600: a chart 200 pixels wide beside the plan): a narrow chart has the
    // short title in one line, and the labels their room.
    const QFontMetricsF labels(m_y->labelsFont());
    double widestLabel = 0;
    for (const QString &label : m_y->categoriesLabels())
        widestLabel = std::max(widestLabel, labels.horizontalAdvance(label));
    const double axisRoom = 0.4 * axisWidth - kAxisPadding;
    const auto fits = [&](double titleLines) {
        return widestLabel + titleLines * title.height() <= axisRoom;
    };
    if (longest <= plotHeight && fits(double(lines.size())))
        m_y->setTitleText(verticalAxisTitle(m_yTitle));
    else if (fits(1))
        m_y->setTitleText(verticalAxisTitle(m_yShortTitle));
    else // the labels ("2 ms") and the chart's title say what is plotted
        m_y->setTitleText(QString());
    // QtCharts gives each label the plot's height over the ticks and the axis' start, less a
    // padding above and below; a little more here, so a label is never cut.
    const double perLabel = QFontMetricsF(m_y->labelsFont()).height() + 12;
    const int ticks = std::clamp(int(plotHeight / perLabel) - 1, 2, 12);
    // As many size labels as QtCharts draws whole: it gives each of n labels the axis' width
    // (the chart's, less its margins) over n + 1, less a padding of 4 on each side, and draws a
    // label in a text box 4 wider on each side. Two labels were cut to "128 …" in a chart 212
    // pixels wide (800×600, beside the plan), where one reads whole.
    const double perSize =
        QFontMetricsF(m_x->labelsFont()).horizontalAdvance(QStringLiteral("128 MiB")) + 4 * 4 + 2;
    m_plotXTicks = std::clamp(int(axisWidth / perSize) - 1, 1, 16);
    const int sizes = std::min(m_plotXTicks, m_widthXTicks);
    if (ticks == m_maxYTicks && sizes == m_maxXTicks)
        return;
    m_maxYTicks = ticks;
    m_maxXTicks = sizes;
    if (m_range.size() == 4)
        applyTicks();
}

void ChartCanvas::setBandsVisible(bool visible)
{
    m_bandsVisible = visible;
    // Without bands many runs overlap: point markers would only add clutter (and paint time).
    for (int series = 0; series < m_lines.size(); ++series)
        showSeries(series);
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
    const QList<double> range{xLo, xHi, yLo, yHi};
    if (range == m_range && m_tickedFor == QPoint(m_maxXTicks, m_maxYTicks))
        return;
    m_range = range;
    applyTicks();
}

void ChartCanvas::applyTicks()
{
    const double xLo = m_range.at(0), xHi = m_range.at(1), yLo = m_range.at(2), yHi = m_range.at(3);
    setTicks(m_x, byteSizeTicks(xLo, xHi, m_maxXTicks), xLo, xHi);
    setTicks(m_y,
             m_metric == ChartMetric::Latency ? secondsTicks(yLo, yHi, m_maxYTicks)
                                              : rateTicks(yLo, yHi, m_maxYTicks),
             yLo, yHi);
    m_tickedFor = QPoint(m_maxXTicks, m_maxYTicks);
}

} // namespace trimscope::gui
