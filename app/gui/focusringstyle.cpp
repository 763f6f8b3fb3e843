#include "focusringstyle.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOption>

namespace trimscope::gui {

void FocusRingStyle::install()
{
    if (qobject_cast<FocusRingStyle *>(QApplication::style()))
        return;
    // By name, so the user's style (Fusion, Breeze, ...) stays what it was underneath.
    QApplication::setStyle(new FocusRingStyle(QApplication::style()->name()));
}

void FocusRingStyle::drawControl(ControlElement element, const QStyleOption *option,
                                 QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawControl(element, option, painter, widget);
    if (element != CE_PushButton || !(option->state & State_HasFocus) ||
        !(option->state & State_Enabled))
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(option->palette.color(QPalette::Highlight), 2));
    painter->setBrush(Qt::NoBrush);
    // Inside the button's own outline, so it shows whatever the outline's colour.
    painter->drawRoundedRect(QRectF(option->rect).adjusted(3, 3, -3, -3), 2, 2);
    painter->restore();
}

} // namespace trimscope::gui
