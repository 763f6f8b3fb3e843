#include "jobpanel.h"

#include "appsettings.h"
#include "backends/errorwords.h"
#include "common/atomicfile.h"
#include "common/units.h"
#include "confirmdialog.h"
#include "lineslabel.h"
#include "wraptext.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace trimscope::gui {

JobPanel::JobPanel(RunStore store, QWidget *parent)
    : QWidget(parent), m_store(std::move(store)), m_progress(new QProgressBar(this)),
      m_status(new LinesLabel(this)), m_cancel(new QPushButton(tr("&Cancel"), this)),
      m_save(new QPushButton(tr("Save a cop&y…"), this))
{
    m_progress->setObjectName(QStringLiteral("jobProgress"));
    m_status->setObjectName(QStringLiteral("jobStatus"));
    m_cancel->setObjectName(QStringLiteral("jobCancel"));
    m_save->setObjectName(QStringLiteral("jobSave"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setFormat(QStringLiteral("%p %"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_save->setToolTip(tr("Saves a copy of the result JSON (the file \"trimscope-cli\" writes) "
                          "where you choose; the drive keeps its own copy anyway."));

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_progress, 1);
    row->addWidget(m_cancel);
    row->addWidget(m_save);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_status);

    connect(m_cancel, &QPushButton::clicked, this, &JobPanel::cancel);
    connect(m_save, &QPushButton::clicked, this, &JobPanel::saveClicked);
    updateControls();
}

JobPanel::~JobPanel()
{
    if (m_job) {
        m_job->disconnect(this);
        m_job->cancel();
    }
}

void JobPanel::setDrive(const DriveEntry &drive, Backend *backend)
{
    if (isRunning())
        return; // the window keeps the running drive selected
    if (drive.id != m_drive.id) {
        if (!m_drive.id.isEmpty())
            m_otherDrives.insert(
                m_drive.id, {m_what, m_lastKind, m_status->text(), m_progress->value(), m_result});
        const DriveJobState state = m_otherDrives.take(drive.id);
        m_what = state.what;
        m_lastKind = state.kind;
        setWrappedText(m_status, state.status);
        m_progress->setValue(state.progress);
        m_result = state.result;
    }
    m_drive = drive;
    m_backend = backend;
    updateControls();
}

bool JobPanel::canRun(const JobPlan &plan) const
{
    return whyNot(plan).isEmpty();
}

QString JobPanel::whyNot(const JobPlan &plan) const
{
    if (isRunning())
        return tr("A run is in progress.");
    if (m_drive.id.isEmpty() || !m_backend)
        return tr("Select a drive on the left.");
    if (const QString why = m_backend->whyNot(plan); !why.isEmpty())
        return why;
    // A diagnosis does not need discard: a drive without TRIM gets its "no TRIM" verdict. A
    // kind that only trims a mounted filesystem's free space is for drives in use (the system
    // drive): only a drive without TRIM stops it.
    const bool needsDiscard = !std::holds_alternative<DiagnosePlan>(plan);
    const bool destroys = jobRisk(plan) == JobRisk::DestroysData;
    for (const Refusal &refusal : m_drive.safety.refusals) {
        const bool noDiscard = refusal.reason == RefusalReason::NoDiscard;
        if ((destroys && (needsDiscard || !noDiscard)) || (!destroys && noDiscard))
            return refusal.message;
    }
    return QString();
}

bool JobPanel::run(const JobPlan &plan, const QString &what, const QString &confirmHeadline,
                   const QString &runText, const QString &devicePath)
{
    if (!canRun(plan))
        return false;
    if (!m_drive.info.simulated && jobRisk(plan) == JobRisk::DestroysData) {
        ConfirmDialog dialog(m_drive.info, this, confirmHeadline,
                             runText.isEmpty() ? tr("&Destroy data and run") : runText);
        if (dialog.exec() != QDialog::Accepted)
            return false;
        if (!canRun(plan)) // the drive list may have changed meanwhile
            return false;
    }
    m_what = what;
    m_plan = plan;
    m_lastKind = jobKind(plan);
    m_result.reset();
    m_liveSamples.clear();
    m_progress->setValue(0);
    m_note.clear();
    m_jobLine = tr("Starting the %1…").arg(what);
    showRunning();
    DriveEntry target = m_drive;
    if (!devicePath.isEmpty())
        target.info.path = devicePath;
    m_job = m_backend->start(target, plan);
    m_job->setParent(this);
    connect(m_job, &JobRunner::progressed, this, &JobPanel::onProgress);
    connect(m_job, &JobRunner::samplesMeasured, this, [this](const QList<Sample> &samples) {
        m_liveSamples.append(samples);
        emit samplesMeasured(samples);
    });
    connect(m_job, &JobRunner::statusMessage, this, [this](const QString &text) {
        // A note goes beside the job's line: it hid the progress and its ETA until the next
        // report (the sweep's "The sweep writes …" note did for its whole pre-write).
        m_note = text;
        if (text.isEmpty() && m_jobLine == tr("Starting the %1…").arg(m_what))
            m_jobLine = tr("The %1 is running…").arg(m_what);
        showRunning();
    });
    connect(m_job, &JobRunner::finished, this, &JobPanel::onFinished);
    m_job->start();
    updateControls();
    emit runStarted(what);
    return true;
}

void JobPanel::cancel()
{
    if (!m_job)
        return;
    m_job->cancel();
    m_cancel->setEnabled(false);
    setWrappedText(m_status, tr("Cancelling after the current step…"));
}

void JobPanel::onProgress(const JobProgress &progress)
{
    m_progress->setValue(int(std::clamp(progress.fraction, 0.0, 1.0) * 1000));
    QString text;
    if (m_lastKind == jobKind(SweepPlan()))
        text = tr("%1 of %2 discards, %3 elapsed")
                   .arg(formatCount(progress.done), formatCount(progress.planned),
                        formatSeconds(progress.elapsedSeconds));
    else if (progress.phase.isEmpty())
        text = tr("Step %1 of %2").arg(progress.done + 1).arg(progress.planned);
    else
        text = tr("Step %1 of %2: %3")
                   .arg(std::min(progress.done + 1, std::max(progress.planned, 1)))
                   .arg(progress.planned)
                   .arg(progress.phase);
    if (progress.etaSeconds >= 0)
        text += tr(", about %1 left").arg(formatEstimate(progress.etaSeconds));
    m_jobLine = text;
    showRunning();
}

void JobPanel::showRunning()
{
    setWrappedText(m_status, m_note.isEmpty() || m_note == m_jobLine
                                 ? m_jobLine
                                 : QStringLiteral("%1\n%2").arg(m_jobLine, m_note));
}

void JobPanel::onFinished(const JobOutcome &ended)
{
    if (m_job)
        m_job->deleteLater();
    m_job.clear();
    JobOutcome outcome = ended;
    // A runner that ended without a result (a helper that never confirmed its cancellation)
    // leaves what arrived live.
    const auto *sweep = std::get_if<SweepPlan>(&m_plan);
    if (!outcome.result && sweep && !m_liveSamples.isEmpty())
        outcome.result =
            SweepResult::fromLiveSamples(m_drive.info, *sweep, m_liveSamples, outcome.error);
    m_liveSamples.clear();
    m_result = outcome.result;
    const QString saved = m_result ? keep(*m_result) : QString();
    const Error &error = outcome.error;
    if (!error.isError()) {
        m_progress->setValue(1000);
        setWrappedText(
            m_status,
            tr("The %1 finished; the result is shown and kept with the drive.").arg(m_what));
    } else if (error.code == ErrorCode::Cancelled) {
        setWrappedText(m_status, !m_result ? tr("Cancelled.")
                                           : tr("Cancelled; what ran until then is shown below."));
    } else {
        setWrappedText(m_status, tr("The %1 failed: %2").arg(m_what, errorInWords(error)));
    }
    updateControls();
    emit runFinished(outcome, saved);
}

QString JobPanel::keep(const AnyResult &result)
{
    const Expected<QString> saved = m_store.save(result);
    if (saved)
        return *saved;
    emit message(tr("The result could not be kept: %1").arg(saved.error().message));
    return QString();
}

void JobPanel::setIdleText(const QString &text)
{
    if (isRunning())
        return;
    m_progress->setValue(0);
    setWrappedText(m_status, text);
}

QLabel *JobPanel::status() const
{
    return m_status;
}

void JobPanel::setStatusLines(int lines)
{
    m_status->setLines(lines);
}

void JobPanel::updateControls()
{
    m_cancel->setEnabled(isRunning());
    m_save->setEnabled(!isRunning() && m_result);
    if (!isRunning() && !m_result && m_status->text().isEmpty())
        setWrappedText(m_status, tr("Not run yet."));
}

QByteArray JobPanel::lastResultJson() const
{
    return m_result ? resultToJsonBytes(*m_result) : QByteArray();
}

Error JobPanel::saveResult(const QString &path) const
{
    if (!m_result)
        return makeError(ErrorCode::InvalidArgument, tr("There is no result to save."));
    return writeFileAtomically(path, resultToJsonBytes(*m_result));
}

void JobPanel::saveClicked()
{
    auto settings = appSettings();
    const QString dir = settings->value(QStringLiteral("results/dir"), userFilesDir()).toString();
    const QString name =
        QStringLiteral("%1-%2-%3.trimscope.json")
            .arg(m_lastKind, m_drive.info.name,
                 QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save result"), QDir(dir).filePath(name), tr("TrimScope results (*.json)"));
    if (path.isEmpty())
        return;
    settings->setValue(QStringLiteral("results/dir"), QFileInfo(path).absolutePath());
    const Error error = saveResult(path);
    emit message(error.isError() ? tr("Not saved: %1").arg(error.message)
                                 : tr("Result saved to %1").arg(path));
}

} // namespace trimscope::gui
