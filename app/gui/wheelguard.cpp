#include "wheelguard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QWidget>

namespace trimscope::gui {

namespace {

class WheelGuard : public QObject
{
public:
    using QObject::QObject;

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *field = qobject_cast<QWidget *>(watched);
        if (event->type() != QEvent::Wheel || !field || field->hasFocus())
            return QObject::eventFilter(watched, event);
        // The page under the field scrolls instead (a scroll area's viewport takes it on its
        // way up); the field itself never sees the wheel.
        if (QWidget *parent = field->parentWidget())
            QCoreApplication::sendEvent(parent, event);
        return true;
    }
};

} // namespace

void guardWheelOnFields(QWidget *root)
{
    auto *guard = new WheelGuard(root);
    const auto guardField = [guard](QWidget *field) {
        field->setFocusPolicy(Qt::StrongFocus);
        field->installEventFilter(guard);
    };
    for (QComboBox *box : root->findChildren<QComboBox *>())
        guardField(box);
    for (QAbstractSpinBox *box : root->findChildren<QAbstractSpinBox *>())
        guardField(box);
}

} // namespace trimscope::gui
