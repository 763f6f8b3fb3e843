#pragma once

#include "advice/advice.h"
#include "drivetab.h"
#include "sweep/sweepresult.h"

class QTabWidget;

namespace trimscope::gui {

class PlanEditor;
class ResultsTable;
class TrimChart;

// Plan, Benchmark TRIM, progress with ETA and Cancel (the frame's job panel), and what the
// selected drive has measured: its saved runs (newest first, with their dates), the shown run's
// summary card and its views (TRIM time and throughput against size, a table), growing live
// while a run goes on. A drive without runs shows what to do instead, never another drive's
// result. Nothing here measures; the backend's job does.
class BenchmarkTab : public DriveTab
{
    Q_OBJECT
public:
    explicit BenchmarkTab(SavedRuns *runs = nullptr, QWidget *parent = nullptr);
    ~BenchmarkTab() override;

    // The run on screen (the one running, or the saved run chosen in the history).
    const SweepResult &lastResult() const { return m_result; }
    bool hasResult() const { return !m_result.samples.isEmpty(); }
    // Shows the drive's newest saved curve (a diagnosis just swept the drive).
    void showNewestRun();

    PlanEditor *planEditor() const { return m_plan; }
    TrimChart *latencyChart() const { return m_latency; }
    TrimChart *throughputChart() const { return m_throughput; }
    ResultsTable *table() const { return m_table; }
    QPushButton *benchmarkButton() const { return m_start; }
    QPushButton *cancelButton() const;
    RunHistory *historyBox() const { return history(); }
    QLabel *summaryCard() const { return m_summary; }
    QPushButton *reportButton() const { return m_exportReport; }
    // The verdict the Advice tab reached for this drive, for the summary card (with a link to
    // that tab), in the words of its headline; Unknown shows none.
    void setDriveVerdict(const advice::Advice &advice);
    ChartWidget *currentChart() const override;
    QString chartFileName() const override { return QStringLiteral("trim-benchmark"); }

    Error exportData(const QString &path) const;

public slots:
    void startBenchmark();

signals:
    void exportDataRequested();
    void exportReportRequested();
    void adviceRequested();

protected:
    Error show(const AnyResult &result) override;
    void clearViews() override;
    QString emptyText() const override;
    void driveSelected(bool another) override;
    void updateControls(bool running) override;
    void announce(const StoredRun &run) override;
    void endedWithoutResult(const JobOutcome &outcome) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void onSamples(const QList<Sample> &samples);
    void showPoint(const SizePoint &point);
    void updateHeader();
    void updateSummary();
    // How many lines the job's words keep under Run: two where the column has the room.
    void fitStatusLines();

    SweepResult m_result;
    bool m_automaticMax = false; // the shown run was started with an automatic maximum
    advice::Verdict m_verdict = advice::Verdict::Unknown; // the Advice tab's, for this drive
    QString m_headline;

    QLabel *m_header;
    PlanEditor *m_plan;
    QPushButton *m_start;
    QWidget *m_planColumn = nullptr; // the plan, Run, the job and the run's card
    QLabel *m_summary;
    QTabWidget *m_views;
    TrimChart *m_latency;
    TrimChart *m_throughput;
    ResultsTable *m_table;
    QPushButton *m_exportData;
    QPushButton *m_exportReport;
};

} // namespace trimscope::gui
