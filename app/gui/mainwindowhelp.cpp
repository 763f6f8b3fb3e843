// The Help menu: the user guide shipped inside the program (F1 opens it at the tab shown), the
// online pages (when no browser opens, the guide's window says so and shows the address), About.
#include "mainwindow.h"
#include "trimscope_config.h"
#include "widgets/aboutdialog.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/filesystemtab.h"
#include "widgets/healthtab.h"
#include "widgets/helpwindow.h"
#include "widgets/historytab.h"
#include "widgets/inusetab.h"
#include "widgets/overviewtab.h"
#include "widgets/recoverytab.h"

#include <QMenuBar>
#include <QTabWidget>
#include <QUrl>
#include <utility>

namespace trimscope::gui {

void MainWindow::buildHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *guideAction =
        help->addAction(tr("User &guide"), QKeySequence::HelpContents, this,
                        [this] { guide()->showSection(guideSectionOfCurrentTab()); });
    guideAction->setObjectName(QStringLiteral("userGuideAction"));
    guideAction->setStatusTip(tr("What each tab does and how to read it, without a browser; F1 "
                                 "opens it at the tab shown."));
    QAction *online = help->addAction(tr("README (&online)"), this, [this] {
        guide()->openOnline(QUrl(QStringLiteral(TRIMSCOPE_HOMEPAGE_URL "#readme")),
                            guideSectionOfCurrentTab());
    });
    online->setObjectName(QStringLiteral("guideAction"));
    online->setStatusTip(tr("The README on the project's homepage: each measurement in technical "
                            "detail, and the command line (man trimscope-cli)."));
    QAction *bug = help->addAction(tr("Report a &bug (online)…"), this, [this] {
        guide()->openOnline(QUrl(QStringLiteral(TRIMSCOPE_BUGREPORT_URL)), QStringLiteral("bugs"));
    });
    bug->setObjectName(QStringLiteral("bugAction"));
    bug->setStatusTip(tr("Attach the report from File > Export report…: it names the drive, "
                         "the version and what was measured."));
    help->addSeparator();
    help->addAction(tr("&About TrimScope"), this, [this] {
        AboutDialog about(this);
        about.exec();
    });
}

HelpWindow *MainWindow::guide()
{
    if (!m_guide)
        m_guide = new HelpWindow(m_store.directory(), this);
    return m_guide;
}

QString MainWindow::guideSectionOfCurrentTab() const
{
    // Each tab's section in resources/help/guide.*.html.
    const std::pair<const QWidget *, const char *> sections[] = {
        {m_overview, "drive"},  {m_benchmark, "benchmark"},   {m_health, "health"},
        {m_history, "history"}, {m_filesystem, "filesystem"}, {m_recovery, "stall"},
        {m_inUse, "inuse"},     {m_advice, "advice"},         {m_compare, "compare"}};
    for (const auto &[tab, anchor] : sections)
        if (m_tabs->currentWidget() == tab)
            return QString::fromLatin1(anchor);
    return {};
}

} // namespace trimscope::gui
