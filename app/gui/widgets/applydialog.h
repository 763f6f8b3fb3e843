#pragma once

#include "apply/applyplan.h"

#include <QDialog>

class QPlainTextEdit;
class QPushButton;

namespace trimscope::gui {

// The one question before the advice changes this computer: exactly what will change (each
// fstab or crypttab line now and after, the unit to enable, the filesystems to remount, what
// is left to the next boot), and one button to do it. Undoing asks the same way.
class ApplyDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Mode { Apply, Undo };
    ApplyDialog(const QList<apply::ApplyPlan> &plans, Mode mode, QWidget *parent = nullptr);

    QPlainTextEdit *changes() const { return m_changes; }
    // What is left to the next boot or to the user, shown below the changes.
    QString notes() const;
    QPushButton *goButton() const { return m_go; }

private:
    QPlainTextEdit *m_changes;
    QPushButton *m_go;
};

} // namespace trimscope::gui
