#include "verticalscroll.h"

#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>

namespace trimscope::gui {

namespace {

// QScrollArea remembers its content's size hint from when it was set; this one asks each time,
// so a plan that gained a line after a drive was chosen is not cut short.
class VerticalScrollArea : public QScrollArea
{
public:
    explicit VerticalScrollArea(QWidget *parent) : QScrollArea(parent) {}

    QSize sizeHint() const override
    {
        QSize hint = QScrollArea::sizeHint();
        if (QWidget *content = widget()) {
            // Wrapped text is as tall as the width it has, not the narrow width of its hint.
            const int width = viewport()->width();
            const int height = content->hasHeightForWidth() && width > 0
                                   ? content->heightForWidth(width)
                                   : content->sizeHint().height();
            hint.setHeight(height + 2 * frameWidth());
        }
        return hint;
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == widget() &&
            (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize))
            updateGeometry(); // a taller content asks for a taller area
        return QScrollArea::eventFilter(watched, event);
    }
};

} // namespace

QScrollArea *verticalScroll(QWidget *content, QWidget *parent, ScrollHeight height)
{
    QScrollArea *area = height == ScrollHeight::FollowsContent ? new VerticalScrollArea(parent)
                                                               : new QScrollArea(parent);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setWidget(content);
    // As wide as the content wants, with room for the scroll bar when it shows.
    const int bar = area->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, area);
    area->setMinimumWidth(content->minimumSizeHint().width() + bar);
    area->setMaximumWidth(content->maximumWidth() < QWIDGETSIZE_MAX ? content->maximumWidth() + bar
                                                                    : QWIDGETSIZE_MAX);
    return area;
}

} // namespace trimscope::gui
