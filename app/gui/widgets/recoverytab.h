#pragma once

#include "experimenttab.h"

class QComboBox;
class QTabWidget;
class QTableWidget;

namespace trimscope::gui {

class BarChart;
class CurveChart;
class StallChart;

// The write-recovery test and the sequential fill (issue 9): bars per phase as % of fresh out
// of box, and MB/s against % written with the cache cliff marked; and the stall test (issue 14):
// I/O latency over time with the discards shaded. Results come from a run through the backend's
// jobs (the helper's recovery, fill-curve and stall), the drive's saved runs or "Open result…";
// before a run the time and bytes it costs are shown for the selected drive.
class RecoveryTab : public ExperimentTab
{
    Q_OBJECT
public:
    explicit RecoveryTab(SavedRuns *runs = nullptr, QWidget *parent = nullptr);

    JobPlan runPlan() const override;
    ChartWidget *currentChart() const override;
    QString chartFileName() const override { return QStringLiteral("write-recovery"); }
    // Confirms (real drives) and starts the plan (the Run box's unless given).
    bool runTest() { return runExperiment(); }
    bool runTest(const JobPlan &plan) { return runExperiment(plan); }
    QComboBox *experimentBox() const { return m_experiment; }
    BarChart *recoveryChart() const { return m_bars; }
    CurveChart *fillChart() const { return m_curve; }
    StallChart *stallChart() const { return m_stall; }
    QLabel *estimate() const { return m_estimate; }

protected:
    Error show(const AnyResult &result) override;
    void clearViews() override;
    QString runWhat(const JobPlan &plan) const override;
    QString confirmHeadline(const JobPlan &plan) const override;
    void updateChoices(bool running) override;

private:
    void updateEstimate();

    QComboBox *m_experiment;
    QComboBox *m_preset;
    QLabel *m_estimate;
    QTabWidget *m_views;
    BarChart *m_bars;
    CurveChart *m_curve;
    StallChart *m_stall;
    QTableWidget *m_table;
};

} // namespace trimscope::gui
