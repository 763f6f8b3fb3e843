#pragma once

#include "advice/advice.h"
#include "experimenttab.h"
#include "watch/discardwatch.h"

#include <QTimer>
#include <memory>

class QComboBox;
class QGroupBox;
class QTableWidget;

namespace trimscope::gui {

class BarChart;
class WatchPeriods;

// "This drive in use" (issue 31): the measurements that are safe on the drive people boot from.
// Above, what the drive served as its own counters say (the watch: per device and filesystem,
// since boot or since "Start a new period", refreshed every few seconds; read-only, no
// privilege), with the drive's one verdict: the Advice tab's, which reads the same counters over
// the same period (WatchPeriods) beside everything else kept with the drive. Below, the timed
// fstrim of one mounted filesystem's free space as a run (through the helper: progress, cancel
// between pieces), its pieces as bars and rows. Simulated drives have no counters: the tab says so.
class InUseTab : public ExperimentTab
{
    Q_OBJECT
public:
    explicit InUseTab(SavedRuns *runs = nullptr, QWidget *parent = nullptr);

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
    // The periods chosen per drive, shared with the Advice tab (the window's).
    void setWatchPeriods(std::shared_ptr<WatchPeriods> periods);
    // The drive's verdict as the Advice tab gave it, shown when the drive has counters or
    // timed fstrims to speak of; Unknown until it has advised on this drive.
    void setDriveAdvice(const advice::Advice &advice);

signals:
    // The counters of drive `driveId` were read again, or the period changed: the reading (none
    // when they cannot be read), which the drive's advice takes as it is rather than reading
    // them a second time.
    void watchChanged(const QString &driveId,
                      const std::optional<trimscope::watch::DiscardWatch> &watch);

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
    QWidget *m_verdictArea = nullptr; // hidden while it has no verdict to show
    QPushButton *m_fromNow;
    QPushButton *m_sinceBoot;
    QComboBox *m_filesystem;
    QComboBox *m_piece;
    BarChart *m_chart;
    QTableWidget *m_table;
    QTimer m_refresh;
    std::shared_ptr<WatchPeriods> m_periods;
    std::optional<watch::DiscardWatch> m_watch;
    std::optional<advice::Advice> m_advice; // the Advice tab's, for this drive
    BlockDevice m_disk;                     // the selected drive as the probe sees it (its mounts)
    QList<AnyResult> m_kept;                // its timed fstrims, oldest first
};

} // namespace trimscope::gui
