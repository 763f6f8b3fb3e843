#include "mainwindow.h"

#include "appsettings.h"
#include "backends/errorwords.h"
#include "backends/helperbackend.h"
#include "backends/simulatedbackend.h"
#include "backends/udisksbackend.h"
#include "chart/barchart.h"
#include "chart/trimchart.h"
#include "focusringstyle.h"
#include "health/drivedb.h"
#include "report/resultfile.h"
#include "reportfile.h"
#include "results/drivereport.h"
#include "results/watchperiods.h"
#include "runstore.h"
#include "savedruns.h"
#include "simulate/simulatedprofiles.h"
#include "startupmark.h"
#include "suspendinhibitor.h"
#include "wheelguard.h"
#include "widgets/advicetab.h"
#include "widgets/applycontroller.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/exportdialog.h"
#include "widgets/filesystemtab.h"
#include "widgets/fittingtabs.h"
#include "widgets/healthtab.h"
#include "widgets/historytab.h"
#include "widgets/inusetab.h"
#include "widgets/jobpanel.h"
#include "widgets/overviewtab.h"
#include "widgets/planeditor.h"
#include "widgets/recoverytab.h"
#include "widgets/sidebartabs.h"
#include "windowfit.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>
#include <QWindow>
#include <algorithm>
#include <utility>

namespace trimscope::gui {

MainWindow::MainWindow(const MainWindowOptions &options, QWidget *parent)
    : QMainWindow(parent), m_options(options), m_store(options.runDirectory),
      m_savedRuns(new SavedRuns(m_store, this)), m_simulated(new SimulatedBackend(this)),
      m_inhibitor(new SuspendInhibitor(this)), m_backendStatus(new QLabel(this))
{
    FocusRingStyle::install();
    setWindowTitle(tr("TrimScope"));
    m_simulated->setTimeScale(options.simulatedTimeScale);
    m_backends.append(m_simulated);
    if (options.systemBackends) {
        m_backends.append(new HelperBackend(this));
        m_backends.append(new UdisksBackend(this));
    }
    m_drives = new DriveList(m_backends, this,
                             options.fillAfterShown ? DriveList::Listing::OnRequest
                                                    : DriveList::Listing::Now);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("driveTabs"));
    // Each tab's short title, for a bar too narrow for the whole ones (1024×768; German at
    // 1366×768), keeps the whole title's Alt letter; narrower still (800×600), the tabs are a
    // side bar under the drive list. Each page is a stand-in until its tab is built (buildTab):
    // the shown one before the first frame, the others after it.
    m_tabTitles = new FittingTabs(m_tabs);
    const auto addPage = [this](const QString &title, const QString &shortTitle) {
        m_tabTitles->addTab(new QWidget(m_tabs), title, shortTitle);
    };
    addPage(tr("&Overview"), tr("&Overview", "short tab title"));
    addPage(tr("&TRIM Benchmark"), tr("&TRIM", "short tab title"));
    addPage(tr("H&ealth"), tr("H&ealth", "short tab title"));
    addPage(tr("Trac&k record"), tr("Trac&k record", "short tab title"));
    addPage(tr("File&system"), tr("File&system", "short tab title"));
    addPage(tr("&Write && Stall Tests"), tr("&Write && Stall", "short tab title"));
    addPage(tr("This drive in &use"), tr("In &use", "short tab title"));
    addPage(tr("&Advice"), tr("&Advice", "short tab title"));
    addPage(tr("Co&mpare Runs"), tr("Co&mpare", "short tab title"));

    m_splitter = new QSplitter(this);
    // Under the drive list the tabs' side bar, where they do not fit on top: pages keep width.
    auto *left = new QWidget(this);
    auto *leftColumn = new QVBoxLayout(left);
    leftColumn->setContentsMargins(0, 0, 0, 0);
    leftColumn->addWidget(m_drives, 1);
    leftColumn->addWidget(m_tabTitles->sideBar());
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({440, 840});
    setCentralWidget(m_splitter);
    m_backendStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_backendStatus, 1);
    buildMenus();

    connect(m_drives, &DriveList::driveSelected, this, &MainWindow::onDriveSelected);
    connect(m_inhibitor, &SuspendInhibitor::stateChanged, this, [this](const QString &state) {
        if (!state.isEmpty())
            statusBar()->showMessage(state, 10000);
    });
    for (Backend *backend : std::as_const(m_backends))
        connect(backend, &Backend::changed, this, &MainWindow::updateBackendStatus);
    updateBackendStatus();
    restoreSettings();
    // A tab chosen before the others were built is built as it shows.
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::buildTab);
    m_resultsToOpen = options.resultsToOpen;
    m_driveToOpen = options.driveToOpen;
    if (options.fillAfterShown) {
        buildTab(m_tabs->currentIndex());
    } else {
        buildTabs();
        fill();
    }
}

void MainWindow::fill()
{
    if (m_filled)
        return;
    m_filled = true;
    // The Health tab needs the drive database for the drive it shows: loaded on another core
    // while the other tabs are built here; the tab waits for it, never reads it on this thread.
    // Not before the first frame, where it took a core from the window (and the X server) on a
    // busy machine.
    health::preloadSystemDriveDatabase();
    buildTabs();
    m_drives->listDrives();
    // Every saved run read now that the window is on screen, on a worker: hundreds of them
    // would stall it. Tests that fill while building get the list at once.
    if (m_options.fillAfterShown)
        m_savedRuns->list();
    else
        m_savedRuns->listNow();
    selectInitialDrive();
    if (!m_resultsToOpen.isEmpty())
        openResultsShowingErrors(std::exchange(m_resultsToOpen, {}));
    markStartup("filled");
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // The window is on screen: what it shows is filled in once this expose is painted.
    if (!m_filled && watched == windowHandle() && event->type() == QEvent::Expose &&
        windowHandle()->isExposed())
        QTimer::singleShot(0, this, &MainWindow::fill);
    return QMainWindow::eventFilter(watched, event);
}

MainWindow::~MainWindow() = default;

void MainWindow::connectTabs()
{
    const auto showMessage = [this](const QString &text) { statusBar()->showMessage(text, 8000); };
    // Every run keeps the drive selected; a run on a real drive keeps the machine awake too (a
    // simulated one has nothing to lose to a suspend, and no "could not be inhibited" to say).
    const auto jobStarted = [this](const QString &what) {
        m_drives->setEnabled(false);
        const std::optional<DriveEntry> drive = m_drives->selectedDrive();
        if (!drive || !drive->info.simulated)
            m_inhibitor->inhibit(tr("A %1 is running").arg(what));
    };
    const auto jobFinished = [this] {
        m_drives->setEnabled(true);
        m_inhibitor->release();
    };
    for (DriveTab *tab : std::as_const(m_driveTabs)) {
        connect(tab, &DriveTab::runStarted, this, jobStarted);
        connect(tab, &DriveTab::runFinished, this, jobFinished);
        connect(tab, &DriveTab::runSaved, this, &MainWindow::onRunSaved);
        connect(tab, &DriveTab::message, this, showMessage);
        connect(tab, &DriveTab::exportChartRequested, this,
                [this, tab] { exportChart(tab->currentChart(), tab->chartFileName()); });
    }
    // A diagnosis kept with the drive swept it: its curve is the drive's newest, shown on the
    // TRIM Benchmark tab (and listed in Compare, as every saved run is: SavedRuns::changed).
    // The Advice tab, connected first, has advised from it already, so the card names that
    // verdict.
    connect(m_advice->jobPanel(), &JobPanel::runFinished, this,
            [this](const JobOutcome &, const QString &savedPath) {
                if (!savedPath.isEmpty())
                    m_benchmark->showNewestRun();
            });
    connect(m_advice, &AdviceTab::runStarted, this, jobStarted);
    connect(m_advice, &AdviceTab::runFinished, this, jobFinished);
    connect(m_health, &HealthTab::message, this, showMessage);
    connect(m_advice, &AdviceTab::message, this, showMessage);
    connect(m_compare, &CompareTab::message, this, showMessage);
    connect(m_health, &HealthTab::healthChanged, this,
            [this] { m_advice->setHealth(m_health->adviceSummary()); });
}

QList<JobPanel *> MainWindow::jobPanels() const
{
    QList<JobPanel *> panels;
    for (const DriveTab *tab : m_driveTabs)
        panels.append(tab->jobPanel());
    if (m_advice)
        panels.append(m_advice->jobPanel());
    return panels;
}

void MainWindow::exportComparison()
{
    exportChart(m_compare->chart(), QStringLiteral("trim-comparison"));
}

void MainWindow::exportCurrentChart()
{
    if (m_tabs->currentWidget() == m_compare)
        return exportComparison();
    if (m_tabs->currentWidget() == m_history)
        return exportChart(m_history->currentChart(), m_history->chartFileName());
    const DriveTab *tab = m_benchmark;
    for (const DriveTab *driveTab : std::as_const(m_driveTabs)) {
        if (m_tabs->currentWidget() == driveTab)
            tab = driveTab;
    }
    exportChart(tab->currentChart(), tab->chartFileName());
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open results…"), QKeySequence::Open, this, &MainWindow::openResultClicked);
    file->addAction(tr("Export &chart…"), QKeySequence(tr("Ctrl+E")), this,
                    &MainWindow::exportCurrentChart);
    file->addAction(tr("Export &data…"), QKeySequence(tr("Ctrl+Shift+E")), this,
                    &MainWindow::exportData);
    file->addAction(tr("Export &report…"), QKeySequence(tr("Ctrl+Shift+R")), this,
                    &MainWindow::exportReport)
        ->setObjectName(QStringLiteral("exportReportAction"));
    file->addSeparator();
    // The guided run sits with the file actions: a menu of its own found no free Alt letter
    // beside the tabs' (tst_mnemonics).
    QAction *diagnose =
        file->addAction(tr("Dia&gnose drive…"), QKeySequence(tr("Ctrl+D")), this, [this] {
            m_tabs->setCurrentWidget(m_advice);
            m_advice->diagnose();
        });
    diagnose->setObjectName(QStringLiteral("diagnoseAction"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Refresh drives"), QKeySequence::Refresh, this, [this] {
        for (Backend *backend : std::as_const(m_backends))
            backend->refresh();
    });
    // Ctrl, not Alt: an Alt+letter shortcut meets some tab's mnemonic in some language (Alt+L
    // focused "&Largest size", and clashed with "Gespeicherter &Lauf"; tst_mnemonics).
    view->addAction(tr("Go to &drive list"), QKeySequence(tr("Ctrl+L")), this,
                    [this] { m_drives->view()->setFocus(); });
    buildHelpMenu();
}

void MainWindow::updateBackendStatus()
{
    QStringList parts;
    for (const Backend *backend : std::as_const(m_backends))
        parts.append(tr("%1: %2").arg(backend->displayName(), backend->status().summary));
    m_backendStatus->setText(parts.join(QStringLiteral(" · ")));
}

void MainWindow::onDriveSelected(const DriveEntry &drive)
{
    buildTabs(); // every tab shows the drive
    // Runs the CLI kept meanwhile are listed too, once for every tab, and shown when they are in.
    if (m_savedRuns->isListed())
        m_savedRuns->refresh();
    Backend *backend = m_drives->backendOf(drive.id);
    m_overview->setDrive(drive, backend);
    for (DriveTab *tab : std::as_const(m_driveTabs))
        tab->setDrive(drive, backend);
    m_health->setDrive(drive, backend);
    m_history->setDrive(drive);
    m_advice->setDrive(drive, backend);
}

void MainWindow::onRunSaved(const QString &path)
{
    // Compare, the drive's other tabs and the advice list it already (SavedRuns::changed).
    statusBar()->showMessage(tr("Run saved to %1").arg(path), 10000);
}

void MainWindow::exportChart(ChartWidget *chart, const QString &baseName)
{
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("export/dir"), userFilesDir()).toString();
    const QString format =
        settings->value(QStringLiteral("export/format"), QStringLiteral("png")).toString();
    const QSize size = settings->value(QStringLiteral("export/size"), QSize(1200, 800)).toSize();
    ExportDialog dialog(QDir(dir).filePath(baseName + QLatin1Char('.') + format), size, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (const Error error = chart->exportTo(dialog.path(), dialog.size()); error.isError()) {
        QMessageBox::warning(this, tr("Export failed"), error.message);
        return;
    }
    const QFileInfo info(dialog.path());
    settings->setValue(QStringLiteral("export/dir"), info.absolutePath());
    settings->setValue(QStringLiteral("export/format"), info.suffix().toLower());
    settings->setValue(QStringLiteral("export/size"), dialog.size());
    statusBar()->showMessage(tr("Chart saved to %1").arg(dialog.path()), 10000);
}

void MainWindow::exportData()
{
    if (!m_benchmark->hasResult()) {
        statusBar()->showMessage(tr("This drive has no run to export yet: run a benchmark first."),
                                 8000);
        return;
    }
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("export/dir"), userFilesDir()).toString();
    QString filter;
    const QString filters = tr("CSV table (*.csv);;TrimScope JSON (*.json)");
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export data"), QDir(dir).filePath(QStringLiteral("trim-benchmark.csv")), filters,
        &filter, QFileDialog::DontConfirmOverwrite);
    // The chosen filter gives a name without a suffix its suffix; then ask before replacing.
    const QString path = withFilterSuffix(chosen, filter, filters);
    if (path.isEmpty() || !mayWrite(this, path))
        return;
    settings->setValue(QStringLiteral("export/dir"), QFileInfo(path).absolutePath());
    if (const Error error = m_benchmark->exportData(path); error.isError())
        QMessageBox::warning(this, tr("Export failed"), error.message);
    else
        statusBar()->showMessage(tr("Data saved to %1").arg(path), 10000);
}

void MainWindow::exportReport()
{
    if (!m_drives->selectedDrive()) {
        statusBar()->showMessage(tr("Select a drive first: a report is about one drive."), 8000);
        return;
    }
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("export/dir"), userFilesDir()).toString();
    const QString format =
        settings->value(QStringLiteral("report/format"), QStringLiteral("pdf")).toString();
    const QString pdf = tr("PDF, one page (*.pdf)");
    const QString html = tr("HTML, one file with everything inside (*.html)");
    QString filter = format == QLatin1String("html") ? html : pdf;
    const QString filters = pdf + QStringLiteral(";;") + html;
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export report"), QDir(dir).filePath(QStringLiteral("trim-report.") + format),
        filters, &filter, QFileDialog::DontConfirmOverwrite);
    // "report.pdf" typed with HTML remembered is a PDF.
    const QString path = withFilterSuffix(chosen, filter, filters);
    if (path.isEmpty() || !mayWrite(this, path))
        return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Error error = saveReport(path);
    QApplication::restoreOverrideCursor();
    if (error.isError()) {
        QMessageBox::warning(this, tr("Export failed"), error.message);
        return;
    }
    settings->setValue(QStringLiteral("export/dir"), QFileInfo(path).absolutePath());
    settings->setValue(QStringLiteral("report/format"), QFileInfo(path).suffix().toLower());
    statusBar()->showMessage(tr("Report saved to %1").arg(path), 10000);
}

Error MainWindow::saveReport(const QString &path) const
{
    const std::optional<DriveEntry> drive = m_drives->selectedDrive();
    if (!drive)
        return makeError(ErrorCode::InvalidArgument,
                         tr("Select a drive first: a report is about one drive."));
    return report::writeReport(driveReport(m_store, *drive, *m_advice, *m_health), path);
}

void MainWindow::openResultClicked()
{
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("results/dir"), userFilesDir()).toString();
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open results"), dir,
                                                            tr("TrimScope results (*.json)"));
    if (paths.isEmpty())
        return;
    settings->setValue(QStringLiteral("results/dir"), QFileInfo(paths.constFirst()).absolutePath());
    openResultsShowingErrors(paths);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!m_filled && windowHandle())
        windowHandle()->installEventFilter(this);
    // First start: the drive list takes three tenths of the window, at most what its names and
    // columns need; the tabs the rest (at 1024 pixels they keep room for their charts). Where
    // that leaves the tab bar too narrow for its short titles (German at 1024×768), the list
    // gives way, down to its least width.
    if (!m_splitterRestored) {
        m_splitterRestored = true;
        const int least = m_drives->minimumSizeHint().width();
        const int tabsNeed = m_tabTitles->leastWidth() + m_splitter->handleWidth() + 4;
        const int list = std::max(least, std::min({width() * 3 / 10, width() - tabsNeed, 440}));
        m_splitter->setSizes({list, std::max(1, width() - list)});
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // A change to this computer is stopped first and recorded; the window closes after it.
    ApplyController *change = m_advice ? m_advice->applyController() : nullptr;
    if (change && change->isRunning()) {
        event->ignore();
        change->stopBeforeClosing([this] { QTimer::singleShot(0, this, [this] { close(); }); });
        return;
    }
    // Whichever tab runs a job: closing the window cancels it, so ask first.
    QString running;
    for (const JobPanel *panel : jobPanels()) {
        if (panel->isRunning() && running.isEmpty())
            running = panel->what();
    }
    if (!running.isEmpty() &&
        QMessageBox::question(this, tr("Measurement running"),
                              tr("A %1 is running. Cancel it and quit?").arg(running)) !=
            QMessageBox::Yes) {
        event->ignore();
        return;
    }
    for (JobPanel *panel : jobPanels())
        panel->cancel();
    saveSettings();
    event->accept();
}

void MainWindow::saveSettings() const
{
    auto settings = appSettings();
    settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings->setValue(QStringLiteral("window/state"), saveState());
    settings->setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    settings->setValue(QStringLiteral("window/tab"), m_tabs->currentIndex());
    // Closed before it was filled: the drive of the last session stays the one to select.
    if (m_filled)
        settings->setValue(QStringLiteral("lastDrive"), m_drives->selectedDriveId());
    if (m_benchmark) // closed before it was built: the plan saved last time stays
        m_benchmark->planEditor()->save(*settings);
}

void MainWindow::restoreSettings()
{
    auto settings = appSettings();
    if (!restoreGeometry(settings->value(QStringLiteral("window/geometry")).toByteArray()))
        resize(firstWindowSize(screen() ? screen()->availableGeometry().size() : QSize()));
    restoreState(settings->value(QStringLiteral("window/state")).toByteArray());
    // First start: the drive list's share is set once the window has its size (showEvent).
    m_splitterRestored =
        m_splitter->restoreState(settings->value(QStringLiteral("window/splitter")).toByteArray());
    m_tabs->setCurrentIndex(settings->value(QStringLiteral("window/tab"), 1).toInt());
}

} // namespace trimscope::gui
