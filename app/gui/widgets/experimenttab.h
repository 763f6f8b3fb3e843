#pragma once

#include "drivetab.h"

class QFormLayout;

namespace trimscope::gui {

// What the Filesystem and Write Recovery tabs share beyond the frame: a "Run on the selected
// drive" box (the tab's choices, Run, and the job panel) above the saved runs, Open result…,
// Export chart…, a summary line and the tab's views. An opened file is shown until another drive
// is selected.
class ExperimentTab : public DriveTab
{
    Q_OBJECT
public:
    Error openResult(const QString &path);
    // The plan the Run box's choices make.
    virtual JobPlan runPlan() const = 0;
    // Confirms (real drives) and starts the plan (the Run box's unless given). Returns whether
    // it started.
    bool runExperiment();
    bool runExperiment(const JobPlan &plan);

    QPushButton *runButton() const { return m_run; }
    QLabel *summary() const { return m_summary; }

protected:
    struct Words
    {
        QString runButton;   // "&Run experiment…"
        QString openTitle;   // the file dialog's title
        QString openTooltip; // which CLI commands write what this tab opens
        QString wanted;      // "filesystem experiment": what wrong-kind messages ask for
        QString cliHint;     // how to get a result without running it here
    };
    ExperimentTab(SavedRuns *runs, QStringList kinds, const Words &words, QWidget *parent);

    // The Run box's choices (the tab adds its rows).
    QFormLayout *choices() const { return m_form; }
    // The views' least height; below it the page scrolls (default: a chart's plot of about 150
    // px, a legend of three lines and the views' tabs).
    void setLeastViewsHeight(int pixels);
    // What the run is called in the status line, and the confirmation's first sentence.
    virtual QString runWhat(const JobPlan &plan) const = 0;
    virtual QString confirmHeadline(const JobPlan &plan) const = 0;
    // The device the job is sent to when it is not the drive itself (a timed fstrim: the
    // partition its filesystem is on); empty: the drive.
    virtual QString runDevice(const JobPlan &plan) const
    {
        Q_UNUSED(plan)
        return QString();
    }
    // Why the choices cannot run (none ticked); empty when they can.
    virtual QString choicesInvalid() const { return QString(); }
    // The choices follow the running state and the drive (enable, estimates).
    virtual void updateChoices(bool running) { Q_UNUSED(running) }

    QString emptyText() const override;
    void updateControls(bool running) override;
    void showingChanged() override;

private:
    void openClicked();

    Words m_words;
    bool m_whyShown = false; // the job panel says why the Run button is disabled
    QFormLayout *m_form;
    QLabel *m_summary;
    QPushButton *m_open;
    QPushButton *m_run;
};

} // namespace trimscope::gui
