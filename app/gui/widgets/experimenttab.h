#pragma once

#include "backends/backend.h"
#include "report/resultfile.h"
#include "runstore.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QPushButton;
class QStackedWidget;

namespace trimscope::gui {

class ChartWidget;
class JobPanel;
class RunHistory;

// What the Filesystem and Write Recovery tabs share: a "Run on the selected drive" box (the
// tab's choices, Run, and a JobPanel), the selected drive's saved runs of the tab's kinds (a
// RunHistory; the newest is shown when the drive is selected, or what to do when there is
// none), Open result…, Export chart…, a summary line and the tab's views. Results of a run are
// kept with the drive; an opened file is shown until another drive is selected.
class ExperimentTab : public QWidget
{
    Q_OBJECT
public:
    void setDrive(const DriveEntry &drive, Backend *backend = nullptr);
    const DriveEntry &drive() const { return m_drive; }
    Error openResult(const QString &path);
    // The view of a result JSON, whether opened from a file or just run.
    Error showResult(const QByteArray &json);
    // The plan the Run box's choices make.
    virtual JobPlan runPlan() const = 0;
    // Confirms (real drives) and starts the plan (the Run box's unless given). Returns whether
    // it started.
    bool runExperiment();
    bool runExperiment(const JobPlan &plan);
    virtual ChartWidget *currentChart() const = 0;
    // Whether a result is on screen (else the empty state says what to do).
    bool showsResult() const { return m_showing; }

    JobPanel *jobPanel() const { return m_job; }
    QPushButton *runButton() const { return m_run; }
    RunHistory *history() const { return m_history; }
    QLabel *summary() const { return m_summary; }

signals:
    void exportChartRequested();
    void message(const QString &text);
    void runStarted(const QString &what);
    void runFinished();

protected:
    struct Words
    {
        QString runButton;   // "&Run experiment…"
        QString openTitle;   // the file dialog's title
        QString openTooltip; // which CLI commands write what this tab opens
        QString wanted;      // "filesystem experiment": what wrong-kind messages ask for
        QString cliHint;     // how to get a result without running it here
    };
    ExperimentTab(RunStore store, QStringList kinds, const Words &words, QWidget *parent);

    // The Run box's choices (the tab adds its rows) and where the views go (once).
    QFormLayout *choices() const { return m_form; }
    void setViews(QWidget *views);
    // Fills the views from a result of the tab's kinds; InvalidArgument for another kind.
    virtual Error show(const AnyResult &result) = 0;
    // Empties the views (a drive without results).
    virtual void clearViews() = 0;
    // What the run is called in the status line, and the confirmation's first sentence.
    virtual QString runWhat(const JobPlan &plan) const = 0;
    virtual QString confirmHeadline(const JobPlan &plan) const = 0;
    // Why the choices cannot run (none ticked); empty when they can.
    virtual QString choicesInvalid() const { return QString(); }
    // The choices follow the running state and the drive (enable, estimates).
    virtual void updateChoices(bool running) { Q_UNUSED(running) }
    void updateRunControls();

private:
    void openClicked();
    void showStored(const QString &path);
    void showEmptyState();
    void reveal();
    void onFinished(const Error &error, const QByteArray &json);

    RunStore m_store;
    QStringList m_kinds;
    Words m_words;
    DriveEntry m_drive;
    bool m_showing = false;
    bool m_whyShown = false; // the job panel says why the Run button is disabled
    JobPanel *m_job;
    QFormLayout *m_form;
    RunHistory *m_history;
    QLabel *m_summary;
    QLabel *m_empty;
    QWidget *m_views = nullptr;
    QStackedWidget *m_pages;
    QPushButton *m_open;
    QPushButton *m_run;
    QPushButton *m_exportChart;
};

} // namespace trimscope::gui
