#include "sidebartabs.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QStyleOptionFocusRect>
#include <QStyleOptionViewItem>
#include <QStylePainter>
#include <QToolTip>

namespace trimscope::gui {

namespace {
constexpr int kTextMargin = 8;  // left and right of a title
constexpr int kRowPadding = 10; // above and below it, together
} // namespace

SideBarTabs::SideBarTabs(QWidget *parent) : QTabBar(parent)
{
    setShape(RoundedWest);
    setDrawBase(false);
    setExpanding(false);
    setElideMode(Qt::ElideNone);
    setUsesScrollButtons(true); // nine rows need about 230 px; a shorter window scrolls them
}

QSize SideBarTabs::tabSizeHint(int index) const
{
    const QSize text = fontMetrics().size(Qt::TextShowMnemonic, tabText(index));
    return {text.width() + 2 * kTextMargin, text.height() + kRowPadding};
}

QSize SideBarTabs::minimumTabSizeHint(int index) const
{
    return tabSizeHint(index); // no title is cut
}

QRect SideBarTabs::rowRect(int index) const
{
    QRect row = tabRect(index);
    row.setLeft(0);
    row.setRight(width() - 1);
    return row;
}

void SideBarTabs::paintEvent(QPaintEvent *event)
{
    QStylePainter painter(this);
    const int mnemonic = style()->styleHint(QStyle::SH_UnderlineShortcut, nullptr, this)
                             ? Qt::TextShowMnemonic
                             : Qt::TextHideMnemonic;
    for (int index = 0; index < count(); ++index) {
        const QRect row = rowRect(index);
        if (!row.intersects(event->rect()))
            continue;
        const bool current = index == currentIndex();
        QStyleOptionViewItem panel;
        panel.initFrom(this);
        panel.rect = row;
        panel.state.setFlag(QStyle::State_Selected, current);
        panel.state.setFlag(QStyle::State_HasFocus, false);
        panel.showDecorationSelected = true;
        panel.viewItemPosition = QStyleOptionViewItem::OnlyOne;
        painter.drawPrimitive(QStyle::PE_PanelItemViewItem, panel);
        painter.drawItemText(row.adjusted(kTextMargin, 0, -kTextMargin, 0),
                             int(Qt::AlignLeft | Qt::AlignVCenter) | mnemonic, palette(),
                             isEnabled() && isTabEnabled(index), tabText(index),
                             current ? QPalette::HighlightedText : QPalette::WindowText);
        if (current && hasFocus()) {
            QStyleOptionFocusRect focus;
            focus.initFrom(this);
            focus.rect = row.adjusted(1, 1, -1, -1);
            focus.backgroundColor = palette().color(QPalette::Highlight);
            painter.drawPrimitive(QStyle::PE_FrameFocusRect, focus);
        }
    }
}

void SideBarTabs::mousePressEvent(QMouseEvent *event)
{
    // Where the title's own tab ends, the row goes on: pass the click on at the row's start.
    QMouseEvent inRow(event->type(), QPointF(1, event->position().y()), event->globalPosition(),
                      event->button(), event->buttons(), event->modifiers());
    QTabBar::mousePressEvent(&inRow);
    event->setAccepted(inRow.isAccepted());
}

bool SideBarTabs::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int index = tabAt(QPoint(1, help->pos().y()));
        if (index >= 0 && !tabToolTip(index).isEmpty())
            QToolTip::showText(help->globalPos(), tabToolTip(index), this, rowRect(index));
        else
            QToolTip::hideText();
        return true;
    }
    return QTabBar::event(event);
}

} // namespace trimscope::gui
