#pragma once

#include "backends/backend.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace trimscope::gui {

class BarChart;
class ChartWidget;
class CurveChart;
class StallChart;
class JobPanel;

// The write-recovery test and the sequential fill (issue 9): bars per phase as % of fresh out
// of box, and MB/s against % written with the cache cliff marked; and the stall test (issue 14):
// I/O latency over time with the discards shaded. Results come from "Open result…" or from a
// run through the backend's jobs (the helper's recovery, fill-curve and stall); before a run the
// time and bytes it costs are shown for the selected drive.
class RecoveryTab : public QWidget
{
    Q_OBJECT
public:
    explicit RecoveryTab(QWidget *parent = nullptr);

    void setDrive(const DriveEntry &drive, Backend *backend = nullptr);
    Error openResult(const QString &path);
    // The view of a result JSON, whether opened from a file or just run.
    Error showResult(const QByteArray &json);
    // The plan the Run panel's choices make.
    JobPlan runPlan() const;
    // Confirms (real drives) and starts the plan (the Run panel's unless given).
    bool runTest();
    bool runTest(const JobPlan &plan);
    JobPanel *jobPanel() const { return m_job; }
    QPushButton *runButton() const { return m_run; }
    QComboBox *experimentBox() const { return m_experiment; }
    BarChart *recoveryChart() const { return m_bars; }
    CurveChart *fillChart() const { return m_curve; }
    StallChart *stallChart() const { return m_stall; }
    ChartWidget *currentChart() const;
    QLabel *estimate() const { return m_estimate; }

signals:
    void exportChartRequested();
    void message(const QString &text);
    void runStarted(const QString &what);
    void runFinished();

private:
    void openClicked();
    void updateEstimate();
    void updateRunControls();

    DriveEntry m_drive;
    QComboBox *m_experiment;
    QComboBox *m_preset;
    JobPanel *m_job;
    QLabel *m_estimate;
    QLabel *m_summary;
    QTabWidget *m_views;
    BarChart *m_bars;
    CurveChart *m_curve;
    StallChart *m_stall;
    QTableWidget *m_table;
    QPushButton *m_open;
    QPushButton *m_run;
    QPushButton *m_exportChart;
};

} // namespace trimscope::gui
