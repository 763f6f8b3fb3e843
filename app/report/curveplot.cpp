#include "curveplot.h"

#include "axisticks.h"
#include "reporttext.h"

#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace trimscope::report {

namespace {

// Okabe–Ito: apart for the common colour-vision deficiencies, and in greyscale print.
const QColor kColors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                          QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                          QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9)};

QColor colorOf(int index)
{
    return kColors[index % int(std::size(kColors))];
}

bool measured(const SizePoint &point)
{
    return point.stats.count > 0 && point.stats.median > 0;
}

double log10Of(double seconds)
{
    return std::log10(std::max(seconds, 1e-12));
}

// The data's extent in log space: x is log2 of the size, y log10 of the seconds.
struct Range
{
    double xLo = INFINITY, xHi = -INFINITY, yLo = INFINITY, yHi = -INFINITY;

    bool empty() const { return !(xLo <= xHi); }
};

Range rangeOf(const QList<SweepResult> &sweeps)
{
    Range r;
    for (const SweepResult &sweep : sweeps) {
        for (const SizePoint &point : sweep.points) {
            if (!measured(point))
                continue;
            const double x = std::log2(double(point.bytes));
            r.xLo = std::min(r.xLo, x);
            r.xHi = std::max(r.xHi, x);
            for (const double s : {point.stats.p5, point.stats.median, point.stats.p95}) {
                if (s > 0) {
                    r.yLo = std::min(r.yLo, log10Of(s));
                    r.yHi = std::max(r.yHi, log10Of(s));
                }
            }
        }
    }
    if (r.empty())
        return {12, 30, -4, 0}; // 4 KiB..1 GiB, 100 µs..1 s: a plausible empty frame
    if (r.xHi - r.xLo < 2) {
        r.xLo -= 1;
        r.xHi += 1;
    }
    // Room for the end markers on x; on y the nearest 1-2-5 values outside the data, as the
    // window's chart has them.
    r.xLo -= 0.4;
    r.xHi += 0.4;
    r.yLo = snapDown125(r.yLo - 0.03);
    r.yHi = snapUp125(r.yHi + 0.03);
    return r;
}

QFont fontOfSize(qreal pixels, bool bold = false)
{
    QFont font = QGuiApplication::font();
    font.setPixelSize(std::max(6, int(std::lround(pixels))));
    font.setBold(bold);
    return font;
}

} // namespace

QString sweepLegendLabel(const SweepResult &sweep)
{
    const QString when = reportDateTime(sweep.started);
    switch (sweep.stopReason) {
    case StopReason::Completed:
        return ReportText::tr("TRIM sweep of %1").arg(when);
    case StopReason::Cancelled:
        return ReportText::tr("TRIM sweep of %1 (cancelled)").arg(when);
    case StopReason::TimeBudget:
        return ReportText::tr("TRIM sweep of %1 (stopped at its time budget)").arg(when);
    case StopReason::Failed:
        return ReportText::tr("TRIM sweep of %1 (failed)").arg(when);
    }
    return when;
}

namespace {

struct TickLabel
{
    qreal at; // the tick's position on its axis, in pixels
    QRectF rect;
    QString text;
};

// Where the plot, its ticks and their numbers go in `area`.
struct Frame
{
    qreal unit = 0;
    QFont tickFont, titleFont;
    qreal line = 0;
    Range r;
    QRectF plot;
    QList<TickLabel> yLabels, xLabels;

    double toX(double x) const
    {
        return plot.left() + (x - r.xLo) / (r.xHi - r.xLo) * plot.width();
    }
    double toY(double y) const
    {
        return plot.bottom() - (y - r.yLo) / (r.yHi - r.yLo) * plot.height();
    }
};

Frame frameOf(const QList<SweepResult> &sweeps, const QRectF &area)
{
    Frame f;
    // Text scales with the plot: 1/48 of its width, readable from a 480-pixel image to a page.
    f.unit = std::clamp(area.width() / 48, 7.0, 18.0);
    const qreal unit = f.unit;
    f.tickFont = fontOfSize(unit);
    f.titleFont = fontOfSize(unit * 1.05);
    const QFontMetricsF tickMetrics(f.tickFont);
    f.r = rangeOf(sweeps);
    const QList<AxisTick> yTicks = secondsTicks(f.r.yLo, f.r.yHi);
    const int maxXTicks = std::clamp(int(area.width() / (unit * 6)), 3, 16);
    const QList<AxisTick> xTicks = byteSizeTicks(f.r.xLo, f.r.xHi, maxXTicks);

    qreal labelWidth = 0;
    for (const AxisTick &tick : yTicks)
        labelWidth = std::max(labelWidth, tickMetrics.horizontalAdvance(tick.label));
    f.line = tickMetrics.height();
    const qreal line = f.line;
    // Room on the left for the tick labels and a y title of up to two lines.
    f.plot = area.adjusted(line * 2.6 + labelWidth + unit * 0.6, unit * 0.8, -unit * 1.2,
                           -(line * 2.8 + unit * 0.4));
    for (const AxisTick &tick : xTicks) {
        const qreal x = f.toX(tick.position);
        const qreal width = tickMetrics.horizontalAdvance(tick.label) + unit;
        f.xLabels.append(
            {x, QRectF(x - width / 2, f.plot.bottom() + unit * 0.3, width, line), tick.label});
    }
    for (const AxisTick &tick : yTicks) {
        const qreal y = f.toY(tick.position);
        QRectF rect(area.left(), y - line / 2, f.plot.left() - area.left() - unit * 0.4, line);
        // The lowest number sits on the plot's bottom edge, where the first size's number
        // begins below it: lifted clear of it ("20 µs512 B" ran together).
        const qreal textLeft = rect.right() - tickMetrics.horizontalAdvance(tick.label);
        for (const TickLabel &x : std::as_const(f.xLabels)) {
            const qreal xTextLeft =
                x.at - tickMetrics.horizontalAdvance(x.text) / 2; // drawn centred
            if (xTextLeft < rect.right() && x.rect.right() > textLeft &&
                rect.bottom() > x.rect.top())
                rect.moveBottom(x.rect.top() - unit * 0.1);
        }
        f.yLabels.append({y, rect, tick.label});
    }
    return f;
}

} // namespace

QList<QRectF> CurvePlot::tickLabelRects(const QRectF &area, Qt::Orientation axis) const
{
    const Frame f = frameOf(sweeps, area);
    const QFontMetricsF metrics(f.tickFont);
    QList<QRectF> rects;
    // The text's own box: right-aligned numbers on the left, centred ones below.
    for (const TickLabel &label : axis == Qt::Vertical ? f.yLabels : f.xLabels) {
        const qreal width = metrics.horizontalAdvance(label.text);
        const qreal left =
            axis == Qt::Vertical ? label.rect.right() - width : label.rect.center().x() - width / 2;
        rects.append(QRectF(left, label.rect.top(), width, label.rect.height()));
    }
    return rects;
}

void CurvePlot::paint(QPainter &painter, const QRectF &area) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(area, Qt::white);

    const Frame frame = frameOf(sweeps, area);
    const qreal unit = frame.unit;
    const QFont &tickFont = frame.tickFont;
    const QFont &titleFont = frame.titleFont;
    const QFontMetricsF tickMetrics(tickFont);
    const qreal line = frame.line;
    const QRectF plot = frame.plot;
    const auto toX = [&](double x) { return frame.toX(x); };
    const auto toY = [&](double y) { return frame.toY(y); };

    // Grid, ticks and labels.
    painter.setFont(tickFont);
    const QPen grid(QColor(0xDD, 0xDD, 0xDD), 0);
    const QColor text(0x33, 0x33, 0x33);
    for (const TickLabel &label : frame.yLabels) {
        painter.setPen(grid);
        painter.drawLine(QPointF(plot.left(), label.at), QPointF(plot.right(), label.at));
        painter.setPen(text);
        painter.drawText(label.rect, Qt::AlignRight | Qt::AlignVCenter, label.text);
    }
    for (const TickLabel &label : frame.xLabels) {
        painter.setPen(grid);
        painter.drawLine(QPointF(label.at, plot.top()), QPointF(label.at, plot.bottom()));
        painter.setPen(text);
        painter.drawText(label.rect, Qt::AlignCenter, label.text);
    }
    painter.setPen(QPen(QColor(0x88, 0x88, 0x88), 0));
    painter.drawRect(plot);

    // Axis titles: whole, never elided.
    painter.setFont(titleFont);
    painter.setPen(text);
    painter.drawText(
        QRectF(plot.left(), plot.bottom() + unit * 0.3 + line, plot.width(), line * 1.4),
        Qt::AlignCenter, ReportText::tr("Discard size (log scale)"));
    // The y title runs along the plot's height, whole: on two lines where one is too long, in a
    // smaller font where two are.
    const QString yTitle = ReportText::tr("Time per TRIM (median, log scale)");
    QFont yFont = titleFont;
    QString yText = yTitle;
    const double room = plot.height() + unit * 2;
    if (QFontMetricsF(yFont).horizontalAdvance(yTitle) > room) {
        const qsizetype middle = yTitle.size() / 2;
        qsizetype cut = yTitle.lastIndexOf(QLatin1Char(' '), middle);
        const qsizetype after = yTitle.indexOf(QLatin1Char(' '), middle);
        if (cut < 0 || (after >= 0 && after - middle < middle - cut))
            cut = after;
        if (cut > 0)
            yText = yTitle.left(cut) + QLatin1Char('\n') + yTitle.mid(cut + 1);
        double widest = 0;
        for (const QString &part : yText.split(QLatin1Char('\n')))
            widest = std::max(widest, QFontMetricsF(yFont).horizontalAdvance(part));
        if (widest > room)
            yFont.setPixelSize(std::max(6, int(yFont.pixelSize() * room / widest)));
    }
    const qreal yLines = double(yText.count(QLatin1Char('\n')) + 1);
    painter.save();
    painter.setFont(yFont);
    painter.translate(area.left(), plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-room / 2, 0, room, QFontMetricsF(yFont).height() * yLines),
                     Qt::AlignCenter, yText);
    painter.restore();

    bool any = false;
    painter.setClipRect(plot);
    // Back to front, so the first sweep's line lies on top of the others.
    for (int i = int(sweeps.size()) - 1; i >= 0; --i) {
        QList<SizePoint> points;
        for (const SizePoint &point : sweeps.at(i).points) {
            if (measured(point))
                points.append(point);
        }
        if (points.isEmpty())
            continue;
        any = true;
        std::sort(points.begin(), points.end(),
                  [](const SizePoint &a, const SizePoint &b) { return a.bytes < b.bytes; });
        const QColor color = colorOf(i);
        QPainterPath band;
        QPolygonF median;
        for (const SizePoint &p : points) {
            const qreal x = toX(std::log2(double(p.bytes)));
            median.append(QPointF(x, toY(log10Of(p.stats.median))));
            const QPointF high(x, toY(log10Of(std::max(p.stats.p95, p.stats.median))));
            if (median.size() == 1)
                band.moveTo(high);
            else
                band.lineTo(high);
        }
        for (auto it = points.crbegin(); it != points.crend(); ++it)
            band.lineTo(toX(std::log2(double(it->bytes))),
                        toY(log10Of(std::min(it->stats.p5 > 0 ? it->stats.p5 : it->stats.median,
                                             it->stats.median))));
        band.closeSubpath();
        QColor fill = color;
        fill.setAlpha(55);
        painter.fillPath(band, fill);
        painter.setPen(
            QPen(color, std::max(1.5, unit / 5), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.drawPolyline(median);
        painter.setBrush(color);
        for (const QPointF &p : std::as_const(median))
            painter.drawEllipse(p, unit / 4, unit / 4);
        painter.setBrush(Qt::NoBrush);
    }
    painter.setClipping(false);

    if (!any) {
        painter.setFont(titleFont);
        painter.setPen(text);
        painter.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap, emptyText);
    } else {
        // The legend, in the plot's upper left corner (small sizes: the curve rises to the
        // right): each sweep, then what the band is.
        struct Entry
        {
            QString label;
            QColor color;
            bool band;
        };
        QList<Entry> entries;
        for (int i = 0; i < sweeps.size(); ++i)
            entries.append({sweepLegendLabel(sweeps.at(i)), colorOf(i), false});
        QColor bandColor = colorOf(0);
        bandColor.setAlpha(55);
        entries.append({ReportText::tr("shaded: 5th to 95th percentile"), bandColor, true});
        painter.setFont(tickFont);
        qreal width = 0;
        for (const Entry &e : std::as_const(entries))
            width = std::max(width, tickMetrics.horizontalAdvance(e.label));
        const QRectF box(plot.left() + unit * 0.6, plot.top() + unit * 0.6, width + unit * 3.4,
                         line * qreal(entries.size()) + unit * 0.6);
        painter.setPen(QPen(QColor(0xCC, 0xCC, 0xCC), 0));
        painter.setBrush(QColor(255, 255, 255, 230));
        painter.drawRect(box);
        painter.setBrush(Qt::NoBrush);
        qreal y = box.top() + unit * 0.3;
        for (const Entry &e : std::as_const(entries)) {
            const QRectF swatch(box.left() + unit * 0.5, y + line * 0.2, unit * 1.8, line * 0.6);
            if (e.band) {
                painter.fillRect(swatch, e.color);
            } else {
                painter.setPen(QPen(e.color, std::max(1.5, unit / 5)));
                painter.drawLine(QPointF(swatch.left(), swatch.center().y()),
                                 QPointF(swatch.right(), swatch.center().y()));
            }
            painter.setPen(text);
            painter.drawText(QRectF(swatch.right() + unit * 0.5, y, width + unit, line),
                             Qt::AlignLeft | Qt::AlignVCenter, e.label);
            y += line;
        }
    }
    painter.restore();
}

QImage CurvePlot::image(QSize size, qreal pixelRatio) const
{
    QImage image(size * pixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(pixelRatio);
    image.fill(Qt::white);
    QPainter painter(&image);
    paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    painter.end();
    return image;
}

} // namespace trimscope::report
