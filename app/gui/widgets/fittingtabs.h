#pragma once

#include <QList>
#include <QObject>
#include <QString>

class QTabBar;
class QTabWidget;
class QWidget;

namespace trimscope::gui {

class SideBarTabs;

// Tab titles that fit the bar, so no tab hides behind scroll arrows (issue 47: at 1024×768 the
// tabs scrolled; in German even at 1366×768). Each tab has its whole title and a short one with
// the same Alt letter; where the whole titles are wider than the bar, the widest takes its short
// title, then the next, until the bar holds them all. A shortened tab shows its whole title on
// hover. Where even the short titles do not fit (800×600: 688 px in English and 760 px in German
// of 570 px; cut to fit, nine titles read "Übe…", "Z…", "J…"), the bar on top hides and a side
// bar shows the short titles one under the other (the window puts it under the drive list, so
// the pages keep their width). Both bars carry the same titles, hover texts and Alt letters; the
// one shown answers them, and the two always have the same tab current.
class FittingTabs : public QObject
{
public:
    explicit FittingTabs(QTabWidget *tabs);

    // The side bar, for the window to place; hidden while the tabs fit on top.
    SideBarTabs *sideBar() const { return m_side; }
    // The bar that shows the tabs now: the one on top, or the side bar.
    QTabBar *shownBar() const;

    // Adds `page` with `title`; `shortTitle` must carry the same mnemonic letter ("Co&mpare Runs",
    // "Co&mpare"): Alt+letter reaches the tab whichever title shows.
    int addTab(QWidget *page, const QString &title, const QString &shortTitle);
    // Puts `page` in the place of the tab's page (a stand-in until the tab was built), with its
    // titles and hover text; the tab shown stays shown, and the tab widget's currentChanged does
    // not fire for the swap. The old page is deleted.
    void setPage(int index, QWidget *page);
    // The title a tab has when the bar is wide enough.
    QString wholeTitle(int index) const;
    // Chooses each tab's title for the bar's width now.
    void fit();
    // The width the bar on top needs with every short title.
    int leastWidth() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Widths
    {
        int frame = 0; // every tab's padding
        QList<int> whole;
        QList<int> shortened;
    };
    Widths widths() const;

    QTabWidget *m_tabs;
    SideBarTabs *m_side;
    bool m_fitting = false;
};

// Titles cut at their end where the bar is too narrow, instead of scroll arrows that hide tabs
// (inner tab bars whose titles have no short form).
void keepEveryTabOnTheBar(QTabWidget *tabs);

} // namespace trimscope::gui
