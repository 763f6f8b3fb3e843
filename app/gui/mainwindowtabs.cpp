// The drive's tabs, each built when it is first needed: the shown one before the window's first
// frame, the others once it is on screen (issue 47 item 17: building, polishing and sizing nine
// tabs was most of the time to the first frame), and their wiring once all are there.
#include "appsettings.h"
#include "mainwindow.h"
#include "results/watchperiods.h"
#include "savedruns.h"
#include "wheelguard.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/filesystemtab.h"
#include "widgets/fittingtabs.h"
#include "widgets/healthtab.h"
#include "widgets/historytab.h"
#include "widgets/inusetab.h"
#include "widgets/overviewtab.h"
#include "widgets/planeditor.h"
#include "widgets/recoverytab.h"

#include <QTabWidget>
#include <memory>

namespace trimscope::gui {

namespace {
// The tabs' places on the bar, as the constructor adds their pages.
enum TabIndex {
    Overview,
    Benchmark,
    Health,
    History,
    Filesystem,
    Recovery,
    InUse,
    Advice,
    Compare
};
// The order they are built in when all are: as the window built them before, so that signals
// connected inside them keep their order.
constexpr TabIndex kBuildOrder[] = {Overview,   Benchmark, Compare, Health, History,
                                    Filesystem, Recovery,  InUse,   Advice};

// `tab`, made by `make` when it is not there yet.
template <typename Tab, typename Make> QWidget *built(Tab *&tab, Make make)
{
    if (!tab)
        tab = make();
    return tab;
}
} // namespace

QWidget *MainWindow::tabPage(int index)
{
    switch (index) {
    case Overview:
        return built(m_overview, [this] { return new OverviewTab(this); });
    case Benchmark:
        if (!m_benchmark) {
            m_benchmark = new BenchmarkTab(m_savedRuns, this);
            m_benchmark->planEditor()->restore(*appSettings());
        }
        return m_benchmark;
    case Health:
        return built(m_health, [this] { return new HealthTab(this); });
    case History:
        if (!m_history) {
            m_history = new HistoryTab(m_options.historyPath, this);
            // The app keeps the user's history itself while it runs (issue 44), not in tests.
            if (m_options.systemBackends && m_options.historyPath.isEmpty())
                m_history->recordWhileOpen();
        }
        return m_history;
    case Filesystem:
        return built(m_filesystem, [this] { return new FilesystemTab(m_savedRuns, this); });
    case Recovery:
        return built(m_recovery, [this] { return new RecoveryTab(m_savedRuns, this); });
    case InUse:
        return built(m_inUse, [this] { return new InUseTab(m_savedRuns, this); });
    case Advice:
        return built(m_advice, [this] { return new AdviceTab(m_savedRuns, this); });
    case Compare:
        return built(m_compare, [this] { return new CompareTab(m_savedRuns, this); });
    default:
        return nullptr;
    }
}

void MainWindow::buildTab(int index)
{
    QWidget *standIn = m_tabs->widget(index);
    QWidget *page = tabPage(index);
    if (!page || page == standIn)
        return;
    m_tabTitles->setPage(index, page);
    guardWheelOnFields(page);
}

void MainWindow::buildTabs()
{
    if (m_wired)
        return;
    for (const TabIndex index : kBuildOrder)
        buildTab(index);
    m_wired = true;
    m_driveTabs = {m_benchmark, m_filesystem, m_recovery, m_inUse};
    connectTabs();
    connectHistory();
    connect(m_benchmark, &BenchmarkTab::exportDataRequested, this, &MainWindow::exportData);
    connect(m_benchmark, &BenchmarkTab::exportReportRequested, this, &MainWindow::exportReport);
    connect(m_benchmark, &BenchmarkTab::adviceRequested, this,
            [this] { m_tabs->setCurrentWidget(m_advice); });
    // One verdict per drive (issue 47): the Advice tab's, on the benchmark's card and on "This
    // drive in use", whose counters over the period the user chose it reads.
    const auto periods = std::make_shared<WatchPeriods>();
    m_inUse->setWatchPeriods(periods);
    m_advice->setWatchPeriods(periods);
    connect(m_advice, &AdviceTab::adviceChanged, this, [this](const advice::Advice &advice) {
        m_benchmark->setDriveVerdict(advice);
        m_inUse->setDriveAdvice(advice);
    });
    connect(m_inUse, &InUseTab::watchChanged, m_advice, &AdviceTab::countersChanged);
    connect(m_compare, &CompareTab::exportChartRequested, this, &MainWindow::exportComparison);
    // Runs imported or deleted in Compare: the drive's Saved run list and its advice follow
    // SavedRuns::changed at once, not after a restart.
}

} // namespace trimscope::gui
