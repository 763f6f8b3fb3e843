#include "wrappingdelegate.h"

#include "wraptext.h"

#include <QApplication>
#include <QHeaderView>
#include <QTimer>
#include <QTreeView>

namespace trimscope::gui {

WrappingDelegate::WrappingDelegate(QTreeView *view) : QStyledItemDelegate(view), m_view(view)
{
    view->setWordWrap(true);
    view->setUniformRowHeights(false);
    view->setTextElideMode(Qt::ElideNone);
    // One relayout after a burst of resizes (a splitter drag resizes on every mouse move).
    auto *relayout = new QTimer(view);
    relayout->setSingleShot(true);
    relayout->setInterval(0);
    QObject::connect(relayout, &QTimer::timeout, view, [view] { view->doItemsLayout(); });
    QObject::connect(view->header(), &QHeaderView::sectionResized, relayout,
                     qOverload<>(&QTimer::start));
}

void WrappingDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->text = joinAtSlashes(option->text, false);
}

QSize WrappingDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const int width = m_view->header()->sectionSize(index.column());
    if (width <= 0)
        return QStyledItemDelegate::sizeHint(option, index);
    const QStyle *style = m_view->style();
    // The margins the style puts around an item's text, on both sides.
    const int margin = 2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, &opt, m_view) + 1);
    const QRect text =
        opt.fontMetrics.boundingRect(QRect(0, 0, std::max(1, width - margin), 0),
                                     Qt::TextWordWrap | int(opt.displayAlignment), opt.text);
    const QSize base = QStyledItemDelegate::sizeHint(option, index);
    return {base.width(), std::max(base.height(), text.height() + 2 * margin)};
}

} // namespace trimscope::gui
