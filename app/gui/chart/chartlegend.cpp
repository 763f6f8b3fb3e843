#include "chartlegend.h"

#include "widgets/wraptext.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace trimscope::gui {

namespace {
constexpr int kSwatch = 28;  // width of the line sample
constexpr int kGap = 6;      // between swatch and label
constexpr int kSpacing = 18; // between columns
constexpr int kMargin = 6;

struct LegendLayout
{
    int columns = 1;
    int columnWidth = 0;
    QList<QRect> cells; // one per entry, relative to the legend's top left
    int height = 0;
};

LegendLayout layoutLegend(const QList<LegendEntry> &entries, int width, const QFont &font)
{
    LegendLayout layout;
    if (entries.isEmpty())
        return layout;
    const QFontMetrics metrics(font);
    const int usable = std::max(kSwatch + kGap + 40, width - 2 * kMargin);
    int widest = 0;
    for (const LegendEntry &entry : entries)
        widest = std::max(widest, kSwatch + kGap + metrics.horizontalAdvance(entry.label) + 4);
    layout.columnWidth = std::min(widest, usable);
    layout.columns = std::max(1, (usable + kSpacing) / (layout.columnWidth + kSpacing));
    const int textWidth = layout.columnWidth - kSwatch - kGap;
    int y = kMargin;
    for (qsizetype start = 0; start < entries.size(); start += layout.columns) {
        int rowHeight = metrics.height();
        const qsizetype end = std::min<qsizetype>(start + layout.columns, entries.size());
        for (qsizetype i = start; i < end; ++i)
            rowHeight = std::max(rowHeight,
                                 metrics
                                     .boundingRect(QRect(0, 0, textWidth, 10000), Qt::TextWordWrap,
                                                   joinAtSlashes(entries.at(i).label, false))
                                     .height());
        for (qsizetype i = start; i < end; ++i) {
            const int column = int(i - start);
            layout.cells.append(QRect(kMargin + column * (layout.columnWidth + kSpacing), y,
                                      layout.columnWidth, rowHeight));
        }
        y += rowHeight + 4;
    }
    layout.height = y + kMargin - 4;
    return layout;
}

void paintSwatch(QPainter &painter, const QRect &cell, const LegendEntry &entry,
                 const QFontMetrics &metrics)
{
    const int middle = cell.top() + metrics.height() / 2;
    if (entry.swatch == LegendEntry::Swatch::Box) {
        QColor fill = entry.color;
        painter.fillRect(QRect(cell.left() + 8, middle - 6, 12, 12), fill);
        return;
    }
    QPen pen(entry.color);
    pen.setWidthF(2.5);
    pen.setStyle(entry.line);
    pen.setCapStyle(Qt::FlatCap);
    painter.setPen(pen);
    painter.drawLine(QPointF(cell.left() + 2, middle + 0.5),
                     QPointF(cell.left() + kSwatch - 2, middle + 0.5));
}
} // namespace

int legendHeight(const QList<LegendEntry> &entries, int width, const QFont &font)
{
    return layoutLegend(entries, width, font).height;
}

void paintLegend(QPainter &painter, const QRect &rect, const QList<LegendEntry> &entries,
                 const QFont &font, const QColor &text)
{
    const LegendLayout layout = layoutLegend(entries, rect.width(), font);
    const QFontMetrics metrics(font);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setFont(font);
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QRect cell = layout.cells.at(i).translated(rect.topLeft());
        paintSwatch(painter, cell, entries.at(i), metrics);
        painter.setPen(text);
        painter.drawText(cell.adjusted(kSwatch + kGap, 0, 0, 0),
                         Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
                         joinAtSlashes(entries.at(i).label, false));
    }
    painter.restore();
}

ChartLegend::ChartLegend(QWidget *parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ChartLegend::setEntries(const QList<LegendEntry> &entries)
{
    m_entries = entries;
    QStringList tips;
    for (const LegendEntry &entry : entries)
        tips.append(entry.label);
    setToolTip(tips.join(QLatin1Char('\n')));
    updateGeometry();
    update();
}

QStringList ChartLegend::labels() const
{
    QStringList labels;
    for (const LegendEntry &entry : m_entries)
        labels.append(entry.label);
    return labels;
}

int ChartLegend::heightForWidth(int width) const
{
    return legendHeight(m_entries, width, font());
}

QSize ChartLegend::sizeHint() const
{
    const int width = std::max(200, parentWidget() ? parentWidget()->width() : 400);
    return {width, heightForWidth(width)};
}

QSize ChartLegend::minimumSizeHint() const
{
    // In a window too short for the whole legend (800×600) the chart keeps its least height and
    // the legend gives way to its first line, rather than hold the window taller than the screen.
    const int whole = heightForWidth(width() > 0 ? width() : 400);
    return {100, std::min(whole, fontMetrics().lineSpacing() + 8)};
}

void ChartLegend::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintLegend(painter, rect(), m_entries, font(), palette().color(QPalette::WindowText));
}

} // namespace trimscope::gui
