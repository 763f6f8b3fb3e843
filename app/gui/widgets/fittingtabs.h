#pragma once

#include <QList>
#include <QObject>
#include <QString>

class QTabWidget;
class QWidget;

namespace trimscope::gui {

// Tab titles that fit the bar, so no tab hides behind scroll arrows (issue 47: at 1024×768 the
// tabs scrolled; in German even at 1366×768). Each tab has its whole title and a short one with
// the same Alt letter; where the whole titles are wider than the bar, the widest takes its short
// title, then the next, until the bar holds them all. A shortened tab shows its whole title on
// hover. Where even the short titles do not fit (800×600), Qt's scroll arrows remain: cut to fit,
// nine titles read "Übe…", "Z…", "J…".
class FittingTabs : public QObject
{
public:
    explicit FittingTabs(QTabWidget *tabs);

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
    // The width the bar needs with every short title.
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
    bool m_fitting = false;
};

// Titles cut at their end where the bar is too narrow, instead of scroll arrows that hide tabs
// (inner tab bars whose titles have no short form).
void keepEveryTabOnTheBar(QTabWidget *tabs);

} // namespace trimscope::gui
