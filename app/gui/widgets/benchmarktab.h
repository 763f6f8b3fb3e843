#pragma once

#include "backends/backend.h"
#include "chart/trimchartdata.h"
#include "sweep/sweepresult.h"

#include <QMap>
#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace trimscope::gui {

class PlanEditor;
class ResultsTable;
class TrimChart;

// Plan, Benchmark TRIM, progress with ETA and Cancel, and the live views of the run: TRIM time
// and throughput against size, and a table. Nothing here measures; the backend's job does.
class BenchmarkTab : public QWidget
{
    Q_OBJECT
public:
    explicit BenchmarkTab(QWidget *parent = nullptr);
    ~BenchmarkTab() override;

    void setDrive(const DriveEntry &drive, Backend *backend);
    bool isRunning() const { return !m_job.isNull(); }
    const SweepResult &lastResult() const { return m_result; }
    bool hasResult() const { return !m_result.samples.isEmpty(); }

    PlanEditor *planEditor() const { return m_plan; }
    TrimChart *latencyChart() const { return m_latency; }
    TrimChart *throughputChart() const { return m_throughput; }
    ResultsTable *table() const { return m_table; }
    QPushButton *benchmarkButton() const { return m_start; }
    QPushButton *cancelButton() const { return m_cancel; }
    TrimChart *currentChart() const;

    Error exportData(const QString &path) const;

public slots:
    void startBenchmark();
    void cancelBenchmark();

signals:
    void runStarted(const trimscope::gui::DriveEntry &drive);
    void runFinished(const trimscope::SweepResult &result);
    void exportChartRequested();
    void exportDataRequested();

private:
    void onSamples(const QList<Sample> &samples);
    void onProgress(const JobProgress &progress);
    void onFinished(const JobOutcome &outcome);
    SweepResult resultOf(const JobOutcome &outcome) const;
    void resetViews(const QString &label);
    void updateControls();
    bool confirmDestructive();

    DriveEntry m_drive;
    QPointer<Backend> m_backend;
    QPointer<JobRunner> m_job;
    SweepResult m_result;
    QMap<quint64, QList<double>> m_live; // samples per size of the running job

    QLabel *m_header;
    PlanEditor *m_plan;
    QPushButton *m_start;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_status;
    QTabWidget *m_views;
    TrimChart *m_latency;
    TrimChart *m_throughput;
    ResultsTable *m_table;
    QPushButton *m_exportChart;
    QPushButton *m_exportData;
};

} // namespace trimscope::gui
