#pragma once

#include "experimenttab.h"
#include "watch/discardwatch.h"

#include <QTimer>

class QComboBox;
class QGroupBox;
class QTableWidget;

namespace trimscope::gui {

class BarChart;

// "This drive in use" (issue 31): the measurements that are safe on the drive people boot from.
// Above, what the drive served as its own counters say (the watch: per device and filesystem,
// since boot or since "Watch from now", refreshed every few seconds; read-only, no privilege),
// with the verdict those figures and the timed fstrims kept with the drive give. Below, the timed
// fstrim of one mounted filesystem's free space as a run (through the helper: progress, cancel
// between pieces), its pieces as bars and rows. Simulated drives have no counters: the tab says so.
class InUseTab : public ExperimentTab
{
    Q_OBJECT
public:
    explicit InUseTab(RunStore store = RunStore(), QWidget *parent = nullptr);

    JobPlan runPlan() const override;
    ChartWidget *currentChart() const override;
    QString chartFileName() const override { return QStringLiteral("fstrim-timing"); }

    QComboBox *filesystemBox() const { return m_filesystem; }
    QComboBox *pieceBox() const { return m_piece; }
    QTableWidget *watchTable() const { return m_watchTable; }
    QLabel *watchPeriod() const { return m_period; }
    QLabel *verdict() const { return m_verdict; }
    QTableWidget *pieceTable() const { return m_table; }
    BarChart *chart() const { return m_chart; }
    QPushButton *watchFromNowButton() const { return m_fromNow; }
    QPushButton *sinceBootButton() const { return m_sinceBoot; }
    // Reads the counters again now (the timer does it every few seconds).
    void refreshWatch();
    // The watch on screen; nothing for a simulated drive or before the first read.
    const std::optional<watch::DiscardWatch> &currentWatch() const { return m_watch; }

protected:
    Error show(const AnyResult &result) override;
    void clearViews() override;
    QString runWhat(const JobPlan &plan) const override;
    QString confirmHeadline(const JobPlan &plan) const override;
    QString runDevice(const JobPlan &plan) const override;
    QString choicesInvalid() const override;
    void updateChoices(bool running) override;
    void driveSelected(bool another) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void fillFilesystems();
    // The timed fstrims kept with the drive, read once per drive and after each run.
    void reloadKept();
    void updateVerdict();

    QGroupBox *m_watchBox;
    QLabel *m_period;
    QTableWidget *m_watchTable;
    QLabel *m_verdict;
    QPushButton *m_fromNow;
    QPushButton *m_sinceBoot;
    QComboBox *m_filesystem;
    QComboBox *m_piece;
    BarChart *m_chart;
    QTableWidget *m_table;
    QTimer m_refresh;
    RunStore m_runs;
    std::optional<watch::CounterSnapshot> m_baseline; // "Watch from now"; none: since boot
    std::optional<watch::DiscardWatch> m_watch;
    BlockDevice m_disk;      // the selected drive as the probe sees it (its mounts)
    QList<AnyResult> m_kept; // its timed fstrims, oldest first
};

} // namespace trimscope::gui
