#pragma once

#include "backends/backend.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace trimscope::gui {

// Runs one job of any kind (a TRIM sweep, fsbench, mkfs-timing, recovery, fill-curve) on the
// selected drive: the typed confirmation for a real drive, then the backend's JobRunner with a
// progress bar, the step (or discards) and time left in words, and Cancel. The tab it sits in
// turns the result JSON into its view; "Save result…" keeps a copy of the JSON elsewhere. Never
// blocks the window.
class JobPanel : public QWidget
{
    Q_OBJECT
public:
    explicit JobPanel(QWidget *parent = nullptr);
    ~JobPanel() override;

    void setDrive(const DriveEntry &drive, Backend *backend);
    const DriveEntry &drive() const { return m_drive; }
    Backend *backend() const { return m_backend; }
    // Whether the plan could start on the selected drive now; why not in words otherwise.
    bool canRun(const JobPlan &plan) const;
    QString whyNot(const JobPlan &plan) const;

    // Asks for confirmation (real drives), then starts. `what` names the run in the status
    // ("filesystem experiment"); `confirmHeadline` is the dialog's first sentence and `runText`
    // its run button (default "Destroy data and run"). Returns whether the job started.
    bool run(const JobPlan &plan, const QString &what, const QString &confirmHeadline,
             const QString &runText = QString());
    void cancel();
    bool isRunning() const { return !m_job.isNull(); }

    QByteArray lastResultJson() const { return m_resultJson; }
    QString lastKind() const { return m_lastKind; }
    Error saveResult(const QString &path) const;

    QProgressBar *progressBar() const { return m_progress; }
    QLabel *status() const { return m_status; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *saveButton() const { return m_save; }
    // Shows a state in the status line while no job runs ("Last run: …").
    void setIdleText(const QString &text);

signals:
    void runStarted(const QString &what);
    // Once per run: the error (None when it ran to its end) and the result JSON (may be
    // present with Cancelled too). The tab shows the JSON; the panel shows the outcome.
    void runFinished(const trimscope::Error &error, const QByteArray &resultJson);
    // Sweeps: the samples measured since the last emission, as the job sends them.
    void samplesMeasured(const QList<trimscope::Sample> &samples);
    void message(const QString &text);

private:
    void onProgress(const JobProgress &progress);
    void onFinished(const JobOutcome &outcome);
    void saveClicked();
    void updateControls();

    DriveEntry m_drive;
    QPointer<Backend> m_backend;
    QPointer<JobRunner> m_job;
    QString m_what;
    QString m_lastKind;
    QByteArray m_resultJson;
    QProgressBar *m_progress;
    QLabel *m_status;
    QPushButton *m_cancel;
    QPushButton *m_save;
};

} // namespace trimscope::gui
