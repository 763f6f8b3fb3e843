#pragma once

#include "backends/backend.h"

#include <QWidget>

class QLabel;

namespace trimscope::gui {

// The selected drive's facts, discard parameters, who serves it and the safety verdict, in
// words.
class OverviewTab : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewTab(QWidget *parent = nullptr);
    void setDrive(const DriveEntry &drive, const Backend *backend);

private:
    QLabel *m_text;
};

} // namespace trimscope::gui
