#pragma once

#include "advice/advice.h"
#include "audit/systemsnapshot.h"
#include "planrunner.h"

#include <QPointer>
#include <QWidget>
#include <functional>

class QLabel;
class QProgressBar;
class QPushButton;

namespace trimscope::gui {

class ApplyJob;

// Apply and Undo of the Advice tab, driven without freezing the window: the question to the
// helper (can it remount now?) and every step of the plan run on a worker thread (ApplyJob,
// with app/apply's plan runner as the CLI uses it); this panel shows which step of how many runs
// and that the system may be asking for the administrator password, and its Cancel stops before
// the next step. What changed is recorded in the journal as before, so "Undo last change…" (the
// button this controller owns; the tab places it) puts back exactly that, stopped or not.
// Confirmation, passphrase and result dialogs open window-modal without a nested event loop.
class ApplyController : public QWidget
{
    Q_OBJECT
public:
    ApplyController(const QString &journalPath, QWidget *parent = nullptr);
    ~ApplyController() override;

    // Plans `fixId` for `advice` on `computer` (with the helper's answer), asks, carries it out.
    void apply(const QString &fixId, const advice::Advice &advice,
               const audit::SystemSnapshot &computer);
    // Asks, then puts back the newest recorded change.
    void undo();
    // Stops before the next step (or drops the helper's pending answer: nothing changed yet).
    void cancel();
    bool isRunning() const;
    // Closing the window while a change runs: asks first (false: the user keeps the window and
    // the change goes on). On "yes" the change is stopped as Cancel stops it and `closeWindow`
    // runs once it has ended, so that what changed is recorded before the window goes; the
    // result box is then left out.
    bool stopBeforeClosing(std::function<void()> closeWindow);
    // Shown while a change is recorded.
    void updateUndoButton();

    QPushButton *undoButton() const { return m_undo; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *stepLabel() const { return m_step; }
    QProgressBar *progressBar() const { return m_bar; }

signals:
    void started(const QString &what);
    // A plan ran (carried out, stopped, refused on the way or failed: `failed`); `text` says
    // what changed. Not emitted when nothing ran (a plan core refuses, a cancelled question).
    void finished(const QString &title, const QString &text, bool failed);
    void message(const QString &text);

private:
    enum class Kind { Apply, Undo };
    void confirmAndRun(const apply::ApplyPlan &plan, Kind kind);
    void run(const apply::ApplyPlan &plan, Kind kind);
    void showStep(int number, int count, const QString &what);
    void askPassphrase(const QString &mappingName);
    void jobDone(Kind kind, const apply::ApplyOutcome &outcome);
    void showBusy(const QString &text);
    void showIdle();
    // A result box that does not wait (no nested event loop); also said in the status bar.
    void tell(const QString &title, const QString &text, bool failed);

    QString m_journalPath;
    QPointer<ApplyJob> m_job;
    int m_asking = 0; // the helper's answer awaited under this number; 0: none
    int m_nextAsk = 0;
    std::function<void()> m_closeWindow; // set: the window closes once the change ended
    QLabel *m_step;
    QProgressBar *m_bar;
    QPushButton *m_cancel;
    QPushButton *m_undo;
};

} // namespace trimscope::gui
