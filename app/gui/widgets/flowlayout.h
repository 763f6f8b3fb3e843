#pragma once

#include <QLayout>
#include <QList>

namespace trimscope::gui {

// A row of buttons that wraps onto the next line where the window is too narrow for all of them
// (German labels, an 800-pixel screen) instead of holding the window wider. addStretch() works as
// in a QHBoxLayout: what follows sits at the right end of its line.
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    void addStretch(int stretch = 1);
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return Qt::Horizontal; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    // Lays the items out in `rect` (or only measures, when `apply` is false); the height used.
    int arrange(const QRect &rect, bool apply) const;

    QList<QLayoutItem *> m_items;
};

} // namespace trimscope::gui
