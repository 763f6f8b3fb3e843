#pragma once

#include "backends/backend.h"
#include "runstore.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QStackedWidget;

namespace trimscope::gui {

class ChartWidget;
class JobPanel;
class RunHistory;
class SavedRuns;

// The frame of every tab that measures the selected drive (TRIM benchmark, filesystem, write and
// stall tests), and what the window asks of each: the drive; a JobPanel that runs the tab's plans
// and keeps each result with the drive; the drive's saved runs of the tab's kinds (a RunHistory:
// the newest is shown when the drive is selected, what to do when there is none); the views, or
// the empty state in their place; Export chart… and the chart's file name; running or not. A
// finished run is shown as its kept file says. Each tab lays these parts out and fills its views.
class DriveTab : public QWidget
{
    Q_OBJECT
public:
    // Ignored while a job runs: the window keeps the running drive selected.
    void setDrive(const DriveEntry &drive, Backend *backend = nullptr);
    const DriveEntry &drive() const { return m_drive; }
    bool isRunning() const;
    // Asks the running job, if any, to stop.
    void cancelRun();
    // Whether a result is on screen (a saved run, an opened file or a run going on); else the
    // empty state says what to do.
    bool showsResult() const { return m_showing; }
    // The saved run on screen; empty for anything else.
    QString shownPath() const { return m_shownPath; }
    // The saved runs are being listed (SavedRuns, on a worker) and the tab waits for them; it
    // says so meanwhile and shows the drive's when they are in.
    bool isListing() const { return m_waiting; }
    // What Export chart… saves, and the name it suggests ("trim-benchmark").
    virtual ChartWidget *currentChart() const = 0;
    virtual QString chartFileName() const = 0;

    JobPanel *jobPanel() const { return m_job; }
    RunHistory *history() const { return m_history; }
    QLabel *emptyState() const { return m_empty; }

signals:
    // A job started ("TRIM benchmark") and ended, whatever kind.
    void runStarted(const QString &what);
    void runFinished();
    // A run was kept with the drive, at `path`.
    void runSaved(const QString &path);
    void message(const QString &text);
    void exportChartRequested();

protected:
    // Which of the drive's saved runs the tab lists: those of its kinds, or every one that holds
    // a TRIM curve (benchmarks and diagnoses that swept).
    enum class Listed { OfKinds, Curves };
    // `runs`: the window's listing of saved runs; none: the tab lists the default store's.
    DriveTab(SavedRuns *runs, QStringList kinds, QWidget *parent, Listed listed = Listed::OfKinds);

    // The views' place (the views or the empty state) and Export chart…, for the tab's layout.
    QStackedWidget *pages() const { return m_pages; }
    QPushButton *exportChartButton() const { return m_exportChart; }
    void setViews(QWidget *views);
    // Confirms (real drives) and starts the plan, on `devicePath` when not the drive itself;
    // whether it started.
    bool startJob(const JobPlan &plan, const QString &what, const QString &confirmHeadline,
                  const QString &runText = QString(), const QString &devicePath = QString());
    // Shows the drive's runs as listed and `select`, else the newest, else the empty state;
    // `sayWhich` lets the tab say which run is shown (announce()). At once when the runs are
    // listed; else when the listing is in, what is on screen staying until then.
    void fillHistory(const QString &select, bool sayWhich = true);
    // Shows a result that is not one of the drive's saved runs (an opened file, a run that could
    // not be kept); InvalidArgument for a kind the tab does not show.
    Error showUnsaved(const AnyResult &result);
    // The views, emptied, for a run that is going on.
    void showLive();
    void showEmptyState();
    // Enables what follows the running state and the drive, and updates the empty state (why
    // the tab cannot run may have changed).
    void updateRunControls();

    // Fills the views from a result of the tab's kinds; InvalidArgument for another kind.
    virtual Error show(const AnyResult &result) = 0;
    virtual void clearViews() = 0;
    // The empty state (rich text): what to do on this drive, or that no drive is selected.
    virtual QString emptyText() const = 0;
    // The drive was set: another one, or the same again with fresh facts (its backend refreshed).
    virtual void driveSelected(bool another) { Q_UNUSED(another) }
    const SavedRuns *savedRuns() const { return m_runs; }
    // The tab's own controls follow the running state.
    virtual void updateControls(bool running) { Q_UNUSED(running) }
    // A result, or the empty state, went on screen.
    virtual void showingChanged() {}
    // A saved run was shown at the user's request (chosen, or the newest of a drive).
    virtual void announce(const StoredRun &run) { Q_UNUSED(run) }
    // A job ended with no result to show (it never started); its panel says why.
    virtual void endedWithoutResult(const JobOutcome &outcome) { Q_UNUSED(outcome) }

private:
    // What a listing asked for shows once the runs are listed.
    struct HistoryRequest
    {
        QString select;
        bool sayWhich = true;
        bool keepShown = false; // the same drive again: the shown run stays if still there
    };
    void listHistory(const HistoryRequest &request);
    void showHistory(const HistoryRequest &request);
    void onRunsChanged();
    QList<StoredRun> drivesRuns() const;
    void showSaved(const QString &path, bool sayWhich);
    void reveal();
    void onFinished(const JobOutcome &outcome, const QString &savedPath);

    SavedRuns *m_runs;
    QStringList m_kinds;
    Listed m_listed;
    HistoryRequest m_request; // shown when the runs are listed
    bool m_waiting = false;   // for the listing, to show m_request
    DriveEntry m_drive;
    bool m_showing = false;
    bool m_emptyExplainsFile = false; // the empty state says why a saved run did not open
    QString m_shownPath;
    JobPanel *m_job;
    RunHistory *m_history;
    QLabel *m_empty;
    QStackedWidget *m_pages;
    QWidget *m_views = nullptr;
    QPushButton *m_exportChart;
};

} // namespace trimscope::gui
