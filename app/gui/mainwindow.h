#pragma once

#include "backends/backend.h"
#include "sweep/sweepresult.h"

#include <QMainWindow>

class QLabel;
class QSplitter;
class QTabWidget;

namespace trimscope::gui {

class BenchmarkTab;
class CompareTab;
class DriveList;
class OverviewTab;
class SimulatedBackend;
class SuspendInhibitor;
class TrimChart;

struct MainWindowOptions
{
    double simulatedTimeScale = 1.0; // < 1: simulated drives run faster than modelled
    QString runDirectory;            // empty: the XDG data dir
    bool systemBackends = true;      // false: only simulated drives (tests)
};

// Drive list on the left, the selected drive's tabs on the right. Wiring only: each tab and
// backend is its own class.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(const MainWindowOptions &options = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    DriveList *driveList() const { return m_drives; }
    BenchmarkTab *benchmarkTab() const { return m_benchmark; }
    CompareTab *compareTab() const { return m_compare; }
    QTabWidget *tabs() const { return m_tabs; }
    SimulatedBackend *simulatedBackend() const { return m_simulated; }

protected:
    void closeEvent(class QCloseEvent *event) override;

private:
    void buildMenus();
    void onDriveSelected(const DriveEntry &drive);
    void onRunStarted();
    void onRunFinished(const trimscope::SweepResult &result);
    void exportChart(TrimChart *chart, const QString &baseName);
    void exportData();
    void importRun();
    void updateBackendStatus();
    void saveSettings() const;
    void restoreSettings();

    QList<Backend *> m_backends;
    SimulatedBackend *m_simulated;
    DriveList *m_drives;
    QSplitter *m_splitter;
    QTabWidget *m_tabs;
    OverviewTab *m_overview;
    BenchmarkTab *m_benchmark;
    CompareTab *m_compare;
    SuspendInhibitor *m_inhibitor;
    QLabel *m_backendStatus;
};

} // namespace trimscope::gui
