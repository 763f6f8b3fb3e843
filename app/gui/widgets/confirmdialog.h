#pragma once

#include "device/driveinfo.h"

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace trimscope::gui {

// The last word before a destructive run on a real drive: names model, serial and size, says
// that everything on it is destroyed, and enables the run only once the device name is typed.
class ConfirmDialog : public QDialog
{
    Q_OBJECT
public:
    // `headline` replaces the TRIM benchmark's first sentence ("The filesystem experiment
    // destroys all data on this drive."), `runText` the run button's label.
    explicit ConfirmDialog(const DriveInfo &drive, QWidget *parent = nullptr,
                           const QString &headline = QString(), const QString &runText = QString());

    QLineEdit *nameEdit() const { return m_name; }
    QPushButton *runButton() const { return m_run; }

private:
    QLineEdit *m_name;
    QPushButton *m_run;
};

} // namespace trimscope::gui
