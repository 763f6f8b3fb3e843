#pragma once

#include "backends/backend.h"
#include "runstore.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace trimscope::gui {

class LinesLabel;

// Runs one job of any kind (a TRIM sweep, fsbench, mkfs-timing, recovery, fill-curve, a
// diagnosis) on the selected drive: the typed confirmation for a real drive, then the backend's
// JobRunner with a progress bar, the step (or discards) and time left in words, and Cancel. When
// the job ends its typed result is kept with the drive, here for every kind (the run store),
// before the tab it sits in shows it; "Save a copy…" writes it elsewhere too. Never blocks the
// window.
class JobPanel : public QWidget
{
    Q_OBJECT
public:
    explicit JobPanel(RunStore store, QWidget *parent = nullptr);
    ~JobPanel() override;

    void setDrive(const DriveEntry &drive, Backend *backend);
    const DriveEntry &drive() const { return m_drive; }
    Backend *backend() const { return m_backend; }
    // Whether the plan could start on the selected drive now; why not in words otherwise.
    bool canRun(const JobPlan &plan) const;
    QString whyNot(const JobPlan &plan) const;

    // Asks for confirmation (real drives, kinds that destroy data; one that only trims free
    // space has the helper's password prompt), then starts. `what` names the run in the status
    // ("filesystem experiment"); `confirmHeadline` is the dialog's first sentence and `runText`
    // its run button (default "Destroy data and run"); `devicePath` is where the job is sent
    // when not the drive itself (the partition a filesystem is on). Returns whether the job
    // started.
    bool run(const JobPlan &plan, const QString &what, const QString &confirmHeadline,
             const QString &runText = QString(), const QString &devicePath = QString());
    void cancel();
    bool isRunning() const { return !m_job.isNull(); }
    // What the last run is called ("TRIM benchmark", "filesystem experiment").
    QString what() const { return m_what; }
    // Whether a job ran on the selected drive in this session (its words are shown).
    bool ranOnThisDrive() const { return !m_what.isEmpty(); }

    // The last run's result, and its file as "Save a copy…" writes it.
    const std::optional<AnyResult> &lastResult() const { return m_result; }
    QByteArray lastResultJson() const;
    QString lastKind() const { return m_lastKind; }
    Error saveResult(const QString &path) const;

    QProgressBar *progressBar() const { return m_progress; }
    QLabel *status() const;
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *saveButton() const { return m_save; }
    // Shows a state in the status line while no job runs ("Last run: …").
    void setIdleText(const QString &text);
    // The status keeps the height of `lines` lines whatever it says (longer text ends in "…",
    // whole on hover), so what sits above it in a full column keeps its room; 0: as tall as
    // its text.
    void setStatusLines(int lines);

signals:
    void runStarted(const QString &what);
    // Once per run, after its result (which a cancelled or failed run may have too) was kept:
    // how it ended, and where it was kept (empty when it was not; `message` said why). The tab
    // shows the result; the panel shows how the run ended.
    void runFinished(const trimscope::JobOutcome &outcome, const QString &savedPath);
    // Sweeps: the samples measured since the last emission, as the job sends them.
    void samplesMeasured(const QList<trimscope::Sample> &samples);
    void message(const QString &text);

private:
    void onProgress(const JobProgress &progress);
    // The running job's line (progress and ETA) and, under it, its latest note.
    void showRunning();
    void onFinished(const JobOutcome &ended);
    // Where the run is kept with the drive; empty when it was not.
    QString keep(const AnyResult &result);
    void saveClicked();
    void updateControls();

    RunStore m_store;
    DriveEntry m_drive;
    QPointer<Backend> m_backend;
    QPointer<JobRunner> m_job;
    JobPlan m_plan;
    QList<Sample> m_liveSamples; // a sweep's, as they arrive
    QString m_what;
    QString m_lastKind;
    std::optional<AnyResult> m_result;
    QString m_jobLine; // the running job's last progress, with its ETA
    QString m_note;    // what the running job said it does or waits for, until it says otherwise
    // What the panel showed for each other drive when the selection left it: a finished job's
    // words and result stay with their drive (issue 47: the spare drive's "The diagnosis
    // finished" showed on the mounted drive's Advice tab).
    struct DriveJobState
    {
        QString what;
        QString kind;
        QString status;
        int progress = 0;
        std::optional<AnyResult> result;
    };
    QHash<QString, DriveJobState> m_otherDrives;
    QProgressBar *m_progress;
    LinesLabel *m_status;
    QPushButton *m_cancel;
    QPushButton *m_save;
};

} // namespace trimscope::gui
