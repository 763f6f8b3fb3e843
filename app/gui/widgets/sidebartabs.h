#pragma once

#include <QTabBar>

namespace trimscope::gui {

// The window's tabs as a side bar: one title under the other, written across and drawn as the
// rows of a list (the selected one highlighted), as in KDE's and GNOME's settings, not as Qt
// draws west tabs, turned on their side. It is a QTabBar, so each title's Alt letter, its hover
// text and the arrow keys work as on the bar on top (issue 47: at 800×600 even the short titles
// needed 688 px in English and 760 px in German of the 570 px the tabs have; FittingTabs shows
// this bar under the drive list instead).
class SideBarTabs : public QTabBar
{
    Q_OBJECT
public:
    explicit SideBarTabs(QWidget *parent = nullptr);

protected:
    QSize tabSizeHint(int index) const override;
    QSize minimumTabSizeHint(int index) const override;
    void paintEvent(QPaintEvent *event) override;
    // A row is the bar's whole width: a click or a hover right of the widest title is on it too.
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRect rowRect(int index) const;
};

} // namespace trimscope::gui
