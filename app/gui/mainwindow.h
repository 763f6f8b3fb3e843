#pragma once

#include "backends/backend.h"
#include "runstore.h"

#include <QMainWindow>
#include <QPointer>
#include <functional>

class QLabel;
class QSplitter;
class QTabWidget;

namespace trimscope::gui {

class BenchmarkTab;
class CompareTab;
class SavedRuns;
class DriveList;
class DriveTab;
class JobPanel;
class OverviewTab;
class ResultBatch;
class SimulatedBackend;
class SuspendInhibitor;
class ChartWidget;
class AdviceTab;
class FilesystemTab;
class HealthTab;
class HistoryTab;
class RecoveryTab;
class InUseTab;
class HelpWindow;
class FittingTabs;

struct MainWindowOptions
{
    double simulatedTimeScale = 1.0; // < 1: simulated drives run faster than modelled
    QString runDirectory;            // empty: the XDG data dir
    bool systemBackends = true;      // false: only simulated drives (tests)
    // The program's start: the window is shown first and mapped, then the drive is selected
    // (its runs, history, audit and health read) and these results opened. false (tests): the
    // drive is selected while the window is built.
    bool fillAfterShown = false;
    QStringList resultsToOpen; // with fillAfterShown: opened after the drive is selected
    // A drive to open on, as `trimscope /dev/sda` names it (the alert's "open" action): its
    // device path, kernel name or simulated path; its History tab is shown.
    QString driveToOpen;
    QString historyPath; // empty: the history the collector keeps (HistoryStore::defaultPath)
};

// The GUI's command line: a device (/dev/…, simulated:…) is the drive to open on, anything else a
// result file to open.
void takeStartArguments(const QStringList &arguments, MainWindowOptions &options);

// Drive list on the left, the selected drive's tabs on the right. Wiring only: each tab and
// backend is its own class.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(const MainWindowOptions &options = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    DriveList *driveList() const { return m_drives; }
    // The tabs. With fillAfterShown, each but the shown one is nullptr until the window's first
    // frame (a plain widget stands in for it on the bar).
    BenchmarkTab *benchmarkTab() const { return m_benchmark; }
    CompareTab *compareTab() const { return m_compare; }
    // The saved runs as every tab lists them.
    SavedRuns *savedRuns() const { return m_savedRuns; }
    HealthTab *healthTab() const { return m_health; }
    HistoryTab *historyTab() const { return m_history; }
    FilesystemTab *filesystemTab() const { return m_filesystem; }
    RecoveryTab *recoveryTab() const { return m_recovery; }
    InUseTab *inUseTab() const { return m_inUse; }
    AdviceTab *adviceTab() const { return m_advice; }
    SuspendInhibitor *suspendInhibitor() const { return m_inhibitor; }
    QTabWidget *tabs() const { return m_tabs; }
    FittingTabs *tabTitles() const { return m_tabTitles; }
    SimulatedBackend *simulatedBackend() const { return m_simulated; }
    // Any result file TrimScope writes, shown in the tab for its kind (which becomes current): a
    // sweep joins the compared runs, filesystem and recovery results their tabs, a health
    // report the Health tab, an audit or background probe the advice's input, an advice itself
    // the Advice tab.
    Error openResult(const QString &path);
    // The same, saying in a message box why a file could not be opened (a file named on the
    // command line, or chosen in File > Open results…).
    void openResultShowingErrors(const QString &path);
    // Several at once, in order, the last one's tab shown; one message for all that could not
    // be opened. Two or more are read off the window's thread behind a progress dialog, copies
    // of one run opened once (ResultBatch): resultsOpened() says when they are all shown.
    void openResultsShowingErrors(const QStringList &paths);
    // Selects the drive `device` names (its /dev path or kernel name, or a simulated drive's
    // path) and shows its history; false when no backend lists it (yet).
    bool showDrive(const QString &device);
    // The selected drive's report, as File > Export report… writes it: a .pdf or an .html.
    Error saveReport(const QString &path) const;

signals:
    void resultsOpened();

protected:
    void closeEvent(class QCloseEvent *event) override;
    void showEvent(class QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildMenus();
    // Help: the guide shipped inside (F1: at the tab shown), the online pages, About.
    void buildHelpMenu();
    HelpWindow *guide();
    QString guideSectionOfCurrentTab() const;
    void onDriveSelected(const DriveEntry &drive);
    void onRunSaved(const QString &path);
    // Every job the window runs: the drive tabs' and the diagnosis.
    QList<JobPanel *> jobPanels() const;
    void exportChart(ChartWidget *chart, const QString &baseName);
    void exportCurrentChart();
    void exportComparison();
    void connectTabs();
    void exportData();
    // The selected drive's report (PDF or HTML), where the person chooses.
    void exportReport();
    void openResultClicked();
    void showOpenErrors(const QStringList &errors);
    // Each step in a turn of the event loop of its own, in order.
    void runInTurns(QList<std::function<void()>> steps);
    void updateBackendStatus();
    void saveSettings() const;
    void restoreSettings();
    // Selects the drive named on the command line, else the one the last session had, else the
    // default simulated one.
    void selectInitialDrive();
    void connectHistory();
    // What fillAfterShown leaves until the window is on screen: the tabs not shown, the drive.
    void fill();
    // The tab at `index` (built now if it was not yet); nullptr for no such index.
    QWidget *tabPage(int index);
    // Puts the tab at `index` in its stand-in's place on the bar, building it first.
    void buildTab(int index);
    // Every tab not built yet, then the wiring between them and the window (once).
    void buildTabs();

    MainWindowOptions m_options;
    RunStore m_store;
    SavedRuns *m_savedRuns; // every tab lists the saved runs through it
    QList<Backend *> m_backends;
    SimulatedBackend *m_simulated;
    DriveList *m_drives;
    QSplitter *m_splitter;
    QTabWidget *m_tabs;
    FittingTabs *m_tabTitles;
    OverviewTab *m_overview = nullptr;
    BenchmarkTab *m_benchmark = nullptr;
    CompareTab *m_compare = nullptr;
    HealthTab *m_health = nullptr;
    HistoryTab *m_history = nullptr;
    FilesystemTab *m_filesystem = nullptr;
    RecoveryTab *m_recovery = nullptr;
    InUseTab *m_inUse = nullptr;
    AdviceTab *m_advice = nullptr;
    QList<DriveTab *> m_driveTabs; // the tabs that measure the selected drive
    SuspendInhibitor *m_inhibitor;
    QLabel *m_backendStatus;
    bool m_splitterRestored = false; // a saved share of the drive list, or the first one set
    bool m_filled = false;           // the initial drive selected (fillAfterShown)
    bool m_wired = false;            // every tab built and connected (buildTabs)
    QStringList m_resultsToOpen;
    QPointer<ResultBatch> m_batch; // results being opened
    QStringList m_batchRuns;       // the batch's runs as stored, for Compare at its end
    QString m_driveToOpen;         // until a backend lists it
    HelpWindow *m_guide = nullptr; // made when first asked for
};

} // namespace trimscope::gui
