#include "applycontroller.h"

#include "apply/planner.h"
#include "applydialog.h"
#include "applyjob.h"
#include "backends/errorwords.h"
#include "backgroundcall.h"
#include "helpernow.h"
#include "passphrasedialog.h"
#include "wraptext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <utility>

namespace trimscope::gui {

ApplyController::ApplyController(const QString &journalPath, QWidget *parent)
    : QWidget(parent), m_journalPath(journalPath), m_step(new QLabel(this)),
      m_bar(new QProgressBar(this)), m_cancel(new QPushButton(tr("Sto&p after this step"), this)),
      m_undo(new QPushButton(tr("&Undo last change…"), parent))
{
    setObjectName(QStringLiteral("applyProgress"));
    m_step->setObjectName(QStringLiteral("applyStep"));
    m_step->setWordWrap(true);
    m_cancel->setObjectName(QStringLiteral("applyCancel"));
    m_cancel->setToolTip(tr("Stops before the next step, or at once where the TrimScope helper "
                            "waits for the password. What is already changed stays changed "
                            "and recorded: “Undo last change” puts it back."));
    m_undo->setObjectName(QStringLiteral("undoApplied"));
    m_bar->setTextVisible(false);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_step, 1);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, this, &ApplyController::cancel);
    connect(m_undo, &QPushButton::clicked, this, &ApplyController::undo);
    hide();
    updateUndoButton();
}

ApplyController::~ApplyController()
{
    // The job outlives this panel only to end its step; it then deletes itself.
    if (m_job)
        m_job->requestStop();
}

bool ApplyController::isRunning() const
{
    return m_job || m_asking != 0;
}

bool ApplyController::stopBeforeClosing(std::function<void()> closeWindow)
{
    if (!isRunning())
        return true;
    if (QMessageBox::question(window(), tr("Change under way"),
                              tr("A change to this computer is under way. Stop it and quit? "
                                 "What is already changed stays recorded: “Undo last change” "
                                 "puts it back.")) != QMessageBox::Yes)
        return false;
    m_closeWindow = std::move(closeWindow);
    cancel(); // may end at once (nothing had started): finished() has then run
    return true;
}

void ApplyController::showBusy(const QString &text)
{
    setWrappedText(m_step, text);
    m_bar->setRange(0, 0);
    m_cancel->setEnabled(true);
    m_undo->setEnabled(false);
    show();
}

void ApplyController::showIdle()
{
    hide();
    m_undo->setEnabled(true);
    updateUndoButton();
}

void ApplyController::apply(const QString &fixId, const advice::Advice &advice,
                            const audit::SystemSnapshot &computer)
{
    if (isRunning()) {
        emit message(tr("A change to this computer is under way: wait for it, or cancel it."));
        return;
    }
    // Planned again now, with the helper asked whether it can remount: what the dialog shows is
    // what happens. Asking may start the helper, so the answer is awaited off the GUI thread.
    const int asking = m_asking = ++m_nextAsk;
    emit started(tr("change to this computer"));
    showBusy(tr("Asking the TrimScope helper whether it can remount now…"));
    callInBackground(
        this,
        [] {
            const ThreadBus bus;
            return apply::helperCanChangeNow(bus.connection());
        },
        [this, asking, fixId, advice, computer](bool canChangeNow) {
            if (asking != m_asking)
                return; // cancelled meanwhile
            m_asking = 0;
            showIdle();
            const Expected<apply::ApplyPlan> plan =
                apply::planFix(fixId, apply::applyInputFrom(advice, computer, canChangeNow));
            if (!plan) {
                emit finished(QString(), QString(), false);
                tell(tr("Not applied"), plan.error().message, false);
                return;
            }
            confirmAndRun(*plan, Kind::Apply);
        });
}

void ApplyController::undo()
{
    if (isRunning())
        return;
    const Expected<apply::AppliedChange> last = apply::lastChange(m_journalPath);
    if (!last) {
        tell(tr("Nothing to undo"), last.error().message, false);
        updateUndoButton();
        return;
    }
    emit started(tr("change to this computer"));
    confirmAndRun(apply::undoPlan(*last), Kind::Undo);
}

void ApplyController::confirmAndRun(const apply::ApplyPlan &plan, Kind kind)
{
    auto *dialog = new ApplyDialog(
        {plan}, kind == Kind::Apply ? ApplyDialog::Mode::Apply : ApplyDialog::Mode::Undo,
        parentWidget());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, [this, plan, kind](int result) {
        if (result != QDialog::Accepted) {
            emit message(tr("Nothing was changed."));
            emit finished(QString(), QString(), false);
            return;
        }
        run(plan, kind);
    });
    dialog->open();
}

void ApplyController::run(const apply::ApplyPlan &plan, Kind kind)
{
    const QString journal = m_journalPath;
    ApplyJob::Work work;
    if (kind == Kind::Apply)
        work = [plan, journal](const QDBusConnection &bus, const apply::AskPassphrase &ask,
                               const apply::StepControl &control) {
            return apply::applyAndRecord(plan, bus, journal, ask, control);
        };
    else
        work = [journal](const QDBusConnection &bus, const apply::AskPassphrase &ask,
                         const apply::StepControl &control) {
            return apply::undoLast(bus, journal, ask, control);
        };
    auto *job = new ApplyJob(std::move(work));
    m_job = job;
    connect(job, &ApplyJob::stepStarted, this, &ApplyController::showStep);
    connect(job, &ApplyJob::passphraseWanted, this, &ApplyController::askPassphrase);
    connect(job, &ApplyJob::completed, this,
            [this, kind](const apply::ApplyOutcome &outcome) { jobDone(kind, outcome); });
    showBusy(tr("Finding the lines to change where udisks2 keeps them…"));
    job->start();
}

void ApplyController::showStep(int number, int count, const QString &what)
{
    m_bar->setRange(0, count);
    m_bar->setValue(number - 1);
    setWrappedText(m_step,
                   tr("Step %1 of %2: %3. Waiting for the system to make the change; it may "
                      "first ask for the administrator password…")
                       .arg(number)
                       .arg(count)
                       .arg(what));
}

void ApplyController::askPassphrase(const QString &mappingName)
{
    setWrappedText(m_step, tr("Waiting for the passphrase of /dev/mapper/%1…").arg(mappingName));
    const QPointer<ApplyJob> job = m_job;
    askPassphraseLater(window(), mappingName, [job](std::optional<QByteArray> passphrase) {
        if (job)
            job->answerPassphrase(std::move(passphrase));
    });
}

void ApplyController::cancel()
{
    if (m_job) {
        m_job->requestStop();
        m_cancel->setEnabled(false);
        // A step of our helper gives its password question up at once (apply::StepStop); one
        // of udisks2 or systemd ends when its prompt is answered or dismissed.
        setWrappedText(m_step,
                       tr("Stopping: a step of the TrimScope helper waiting for the password "
                          "is withdrawn now; a step of udisks2 or systemd ends when its password "
                          "prompt is answered or dismissed…"));
        return;
    }
    if (m_asking != 0) {
        m_asking = 0;
        showIdle();
        emit message(tr("Nothing was changed."));
        emit finished(QString(), QString(), false);
        if (m_closeWindow)
            std::exchange(m_closeWindow, {})();
    }
}

void ApplyController::jobDone(Kind kind, const apply::ApplyOutcome &outcome)
{
    m_job = nullptr;
    showIdle();
    const bool apply = kind == Kind::Apply;
    QStringList lines;
    for (const QString &done : outcome.done)
        lines.append(apply ? tr("Changed: %1").arg(done) : tr("Put back: %1").arg(done));
    for (const QString &skipped : outcome.skipped)
        lines.append(apply ? tr("Skipped: %1").arg(skipped)
                           : tr("Skipped, still changed: %1").arg(skipped));
    if (!outcome.applied()) {
        // A refusal by polkit says which it was and what helps (where a password prompt can
        // come from, who can allow it); the helper's own message is for logs and scripts.
        const ErrorCode code = outcome.error.code;
        const bool refusedByPolkit = code == ErrorCode::NotAuthorizedNoAgent ||
                                     code == ErrorCode::NotAuthorizedByPolicy ||
                                     code == ErrorCode::NotAuthorizedAuthFailed;
        lines.prepend(refusedByPolkit ? errorInWords(outcome.error) : outcome.error.message);
        for (const QString &back : outcome.putBack)
            lines.append(tr("Put back: %1").arg(back));
        for (const QString &left : outcome.leftOver)
            lines.append(tr("Still changed: %1").arg(left));
        if (outcome.stopped && !outcome.nothingChanged())
            lines.append(apply ? tr("What was changed is recorded: “Undo last change” puts it "
                                    "back.")
                               : tr("What is not yet put back stays recorded: “Undo last "
                                    "change” puts it back."));
        else if (apply && outcome.nothingChanged() && outcome.leftOver.isEmpty())
            lines.append(tr("Nothing was changed."));
    }
    QString title;
    if (outcome.applied())
        title = apply ? tr("Applied") : tr("Undone");
    else if (outcome.stopped)
        title = apply ? tr("Stopped") : tr("Undo stopped");
    else
        title = apply ? tr("Not applied") : tr("Not undone");
    const QString text = lines.join(QLatin1Char('\n'));
    emit finished(title, text, !outcome.applied());
    tell(title, text, !outcome.applied() && !outcome.stopped);
}

void ApplyController::tell(const QString &title, const QString &text, bool failed)
{
    if (m_closeWindow) {
        // The window was closed while the change ran: no box to answer, the window goes now.
        emit message(QStringLiteral("%1: %2").arg(title, text.section(QLatin1Char('\n'), 0, 0)));
        std::exchange(m_closeWindow, {})();
        return;
    }
    auto *box = new QMessageBox(failed ? QMessageBox::Warning : QMessageBox::Information, title,
                                text, QMessageBox::Ok, parentWidget());
    box->setObjectName(QStringLiteral("applyResult"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit message(QStringLiteral("%1: %2").arg(title, text.section(QLatin1Char('\n'), 0, 0)));
}

void ApplyController::updateUndoButton()
{
    const Expected<apply::AppliedChange> last = apply::lastChange(m_journalPath);
    m_undo->setVisible(bool(last));
    m_undo->setToolTip(
        last ? tr("Puts back “%1”, applied %2.")
                   .arg(last->plan.title, last->when.toLocalTime().toString(Qt::ISODate))
             : QString());
}

} // namespace trimscope::gui
