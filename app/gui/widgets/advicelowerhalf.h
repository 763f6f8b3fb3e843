#pragma once

#include <QSplitter>

namespace trimscope::gui {

// The Advice tab's lower half, the numbers beside what to change: as tall as the tab leaves
// them, asking only for the least height that shows their words whole (the notes under and above
// the lists, wrapped at their width) and a few rows of each list. Asking for their lists' whole
// height, they made the page scroll where all of it fitted.
class AdviceLowerHalf : public QSplitter
{
public:
    using QSplitter::QSplitter;
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
};

} // namespace trimscope::gui
