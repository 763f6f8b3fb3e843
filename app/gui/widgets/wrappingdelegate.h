#pragma once

#include <QStyledItemDelegate>

class QTreeView;

namespace trimscope::gui {

// Rows as tall as their text wrapped to the column's width, so a long label is read whole
// instead of elided ("Zusätzliche Zeit, um ein…ernel-Quellbaum", issue 15, item 6). The view
// lays its rows out again whenever a column changes width.
class WrappingDelegate : public QStyledItemDelegate
{
public:
    explicit WrappingDelegate(QTreeView *view);
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

protected:
    // The cell's text as it is measured and drawn: kept whole at its slashes ("I/O"; wraptext.h).
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    QTreeView *m_view;
};

} // namespace trimscope::gui
