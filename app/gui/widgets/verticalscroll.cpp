#include "verticalscroll.h"

#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>

namespace trimscope::gui {

QScrollArea *verticalScroll(QWidget *content, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
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
