#include "flowlayout.h"

#include <QSpacerItem>
#include <QStyle>
#include <QWidget>
#include <algorithm>

namespace trimscope::gui {

FlowLayout::FlowLayout(QWidget *parent) : QLayout(parent)
{
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
    qDeleteAll(m_items);
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

void FlowLayout::addStretch(int)
{
    addItem(new QSpacerItem(0, 0, QSizePolicy::Expanding, QSizePolicy::Minimum));
}

QLayoutItem *FlowLayout::itemAt(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items.at(index) : nullptr;
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as the widest item: everything else can go on lines of its own.
    QSize size;
    for (const QLayoutItem *item : m_items)
        size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // Everything on one line.
    int width = 0, height = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width() + (width > 0 ? spacing() : 0);
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect &rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int gap = spacing() >= 0 ? spacing() : 6;
    // Lines of items, each a run that fits the width; a stretch on a line pushes what follows it
    // to the line's right end.
    struct Line
    {
        QList<QLayoutItem *> items;
        int width = 0;
        int height = 0;
    };
    QList<Line> lines(1);
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty() && !item->spacerItem())
            continue;
        const int w = item->spacerItem() ? 0 : item->sizeHint().width();
        Line &line = lines.last();
        const int needed = line.items.isEmpty() ? w : line.width + gap + w;
        if (!line.items.isEmpty() && needed > area.width() && !item->spacerItem()) {
            lines.append(Line{{item}, w, item->sizeHint().height()});
            continue;
        }
        line.items.append(item);
        line.width = needed;
        line.height = std::max(line.height, item->spacerItem() ? 0 : item->sizeHint().height());
    }
    int y = area.top();
    for (const Line &line : std::as_const(lines)) {
        const int spacers = int(std::count_if(line.items.cbegin(), line.items.cend(),
                                              [](QLayoutItem *i) { return i->spacerItem(); }));
        const int room = std::max(0, area.width() - line.width);
        // Without a stretch, the room left goes to the items that may grow, as a QHBoxLayout
        // would give it.
        const int growing =
            int(std::count_if(line.items.cbegin(), line.items.cend(), [](QLayoutItem *i) {
                return !i->spacerItem() &&
                       (i->expandingDirections() & Qt::Horizontal || i->widget());
            }));
        const int extra = spacers == 0 && growing > 0 ? room / growing : 0;
        int x = area.left();
        for (QLayoutItem *item : line.items) {
            if (item->spacerItem()) {
                x += room / std::max(1, spacers);
                continue;
            }
            const int width = std::min(
                {item->sizeHint().width() + extra, item->maximumSize().width(), area.width()});
            const QSize size(width, line.height);
            if (apply)
                item->setGeometry(QRect(QPoint(x, y), size));
            x += size.width() + gap;
        }
        y += line.height + gap;
    }
    return y - gap - area.top() + contentsMargins().top() + contentsMargins().bottom();
}

} // namespace trimscope::gui
