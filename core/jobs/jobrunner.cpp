#include "jobrunner.h"

#include "preparejob.h"

#include <QThread>
#include <QTimer>

namespace trimscope {

JobRunner::JobRunner(QString kind, QObject *parent) : QObject(parent), m_kind(std::move(kind))
{
    qRegisterMetaType<JobProgress>();
    qRegisterMetaType<JobOutcome>();
}

namespace {
// How long a cancelled job may take before we say why it is still running.
constexpr int kStillStoppingAfterMs = 1000;
} // namespace

void JobRunner::cancel()
{
    if (m_finished)
        return;
    requestCancel();
    if (std::exchange(m_cancelRequested, true))
        return;
    QTimer::singleShot(kStillStoppingAfterMs, this, [this] {
        if (!m_finished)
            emit statusMessage(
                tr("Stopping: the drive is still working on the command it was given "
                            "(a discard cannot be called back once sent). Nothing more is sent "
                            "to it; the job ends when the drive answers."));
    });
}

void JobRunner::finish(const JobOutcome &outcome)
{
    if (m_finished)
        return;
    m_started = true;
    m_finished = true;
    emit finished(outcome);
}

LocalJobRunner::LocalJobRunner(JobPlan plan, JobTarget target, QObject *parent)
    : JobRunner(jobKind(plan), parent), m_plan(std::move(plan)), m_target(std::move(target))
{
}

LocalJobRunner::LocalJobRunner(QString kind, JobBody body, QObject *parent)
    : JobRunner(std::move(kind), parent), m_body(std::move(body))
{
}

LocalJobRunner::~LocalJobRunner()
{
    m_cancel.cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void LocalJobRunner::start()
{
    Q_ASSERT(!m_thread);
    markStarted();
    m_thread = QThread::create([this] { runOnWorker(); });
    m_thread->start();
}

void LocalJobRunner::runOnWorker()
{
    if (!m_body) {
        Expected<JobBody> prepared = prepareJob(*m_plan, *m_target);
        if (!prepared) {
            const JobOutcome failed{StopReason::Failed, prepared.error(), {}};
            QMetaObject::invokeMethod(
                this, [this, failed] { finish(failed); }, Qt::QueuedConnection);
            return;
        }
        m_body = std::move(prepared).value();
    }
    JobReporter reporter;
    reporter.progress = [this](const JobProgress &progress) { queueProgress(progress); };
    reporter.sample = [this](const Sample &sample) { queueSample(sample); };
    reporter.note = [this](const QString &note) {
        QMetaObject::invokeMethod(
            this, [this, note] { emit statusMessage(note); }, Qt::QueuedConnection);
    };
    const JobOutcome outcome = m_body(m_cancel, reporter);
    // Whatever the body holds (the open device) is released before finished(), so the next job
    // on the same device can open it O_EXCL.
    m_body = nullptr;
    QMetaObject::invokeMethod(
        this,
        [this, outcome] {
            flush();
            finish(outcome);
        },
        Qt::QueuedConnection);
}

void LocalJobRunner::queueSample(const Sample &sample)
{
    QMutexLocker lock(&m_mutex);
    m_samples.append(sample);
    if (!std::exchange(m_flushQueued, true))
        QMetaObject::invokeMethod(this, &LocalJobRunner::flush, Qt::QueuedConnection);
}

void LocalJobRunner::queueProgress(const JobProgress &progress)
{
    QMutexLocker lock(&m_mutex);
    // Only the newest report of a phase matters; a report of a new phase is kept beside it.
    if (!m_progress.isEmpty() && m_progress.constLast().phase == progress.phase)
        m_progress.last() = progress;
    else
        m_progress.append(progress);
    if (!std::exchange(m_flushQueued, true))
        QMetaObject::invokeMethod(this, &LocalJobRunner::flush, Qt::QueuedConnection);
}

void LocalJobRunner::flush()
{
    QList<Sample> samples;
    QList<JobProgress> progress;
    {
        QMutexLocker lock(&m_mutex);
        samples.swap(m_samples);
        progress.swap(m_progress);
        m_flushQueued = false;
    }
    if (!samples.isEmpty())
        emit samplesMeasured(samples);
    for (const JobProgress &p : std::as_const(progress))
        emit progressed(p);
}

FailedJobRunner::FailedJobRunner(QString kind, Error error, QObject *parent)
    : JobRunner(std::move(kind), parent), m_error(std::move(error))
{
}

void FailedJobRunner::start()
{
    markStarted();
    QMetaObject::invokeMethod(
        this,
        [this] {
            finish({StopReason::Failed, m_error, {}});
        },
        Qt::QueuedConnection);
}

} // namespace trimscope
