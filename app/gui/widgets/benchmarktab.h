#pragma once

#include "advice/advice.h"
#include "backends/backend.h"
#include "runstore.h"
#include "sweep/sweepresult.h"

#include <QMap>
#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;
class QStackedWidget;
class QTabWidget;

namespace trimscope::gui {

class JobPanel;
class PlanEditor;
class ResultsTable;
class RunHistory;
class TrimChart;

// Plan, Benchmark TRIM, progress with ETA and Cancel (a JobPanel), and what the selected drive
// has measured: its saved runs (newest first, with their dates), the shown run's summary card
// and its views (TRIM time and throughput against size, a table). A drive without runs shows
// what to do instead, never another drive's result. Nothing here measures; the backend's job
// does.
class BenchmarkTab : public QWidget
{
    Q_OBJECT
public:
    explicit BenchmarkTab(RunStore store = RunStore(), QWidget *parent = nullptr);
    ~BenchmarkTab() override;

    void setDrive(const DriveEntry &drive, Backend *backend);
    const DriveEntry &drive() const { return m_drive; }
    bool isRunning() const;
    // The run on screen (the one running, or the saved run chosen in the history).
    const SweepResult &lastResult() const { return m_result; }
    bool hasResult() const { return !m_result.samples.isEmpty(); }
    // Shows a saved run of the selected drive (one of its history).
    void showSaved(const QString &path);
    // Lists the drive's saved runs again (another tab imported one), keeping the one shown.
    void reloadHistory();
    QString shownPath() const { return m_shownPath; }

    PlanEditor *planEditor() const { return m_plan; }
    TrimChart *latencyChart() const { return m_latency; }
    TrimChart *throughputChart() const { return m_throughput; }
    ResultsTable *table() const { return m_table; }
    QPushButton *benchmarkButton() const { return m_start; }
    QPushButton *cancelButton() const;
    RunHistory *historyBox() const { return m_history; }
    QLabel *emptyState() const { return m_empty; }
    QLabel *summaryCard() const { return m_summary; }
    // The verdict the Advice tab reached for this drive, for the summary card (with a link to
    // that tab); Unknown shows none.
    void setDriveVerdict(advice::Verdict verdict);
    JobPanel *jobPanel() const { return m_job; }
    bool showsResult() const;
    TrimChart *currentChart() const;

    Error exportData(const QString &path) const;

public slots:
    void startBenchmark();
    void cancelBenchmark();

signals:
    void runStarted(const trimscope::gui::DriveEntry &drive);
    // After a run: the result and where it was saved (empty with `saveError` when it was not).
    void runFinished(const trimscope::SweepResult &result, const QString &savedPath,
                     const trimscope::Error &saveError);
    void exportChartRequested();
    void exportDataRequested();
    void adviceRequested();

private:
    void onSamples(const QList<Sample> &samples);
    void onFinished(const Error &error, const QByteArray &json);
    SweepResult resultOf(const Error &error, const QByteArray &json) const;
    void fillHistory(const QString &select, bool announce = true);
    void showStored(const QString &path, bool announce);
    void showResult(const SweepResult &result, const QString &path);
    void showEmptyState();
    void resetViews(const QString &label);
    void updateSummary();
    void updateControls();

    RunStore m_store;
    DriveEntry m_drive;
    QPointer<Backend> m_backend;
    SweepResult m_result;
    QString m_shownPath;
    bool m_automaticMax = false;         // the shown run was started with an automatic maximum
    advice::Verdict m_verdict = advice::Verdict::Unknown; // the Advice tab's, for this drive
    QMap<quint64, QList<double>> m_live; // samples per size of the running job

    QLabel *m_header;
    PlanEditor *m_plan;
    QPushButton *m_start;
    JobPanel *m_job;
    RunHistory *m_history;
    QLabel *m_summary;
    QStackedWidget *m_pages;
    QLabel *m_empty;
    QTabWidget *m_views;
    TrimChart *m_latency;
    TrimChart *m_throughput;
    ResultsTable *m_table;
    QPushButton *m_exportChart;
    QPushButton *m_exportData;
};

} // namespace trimscope::gui
