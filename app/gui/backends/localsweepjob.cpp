#include "localsweepjob.h"

#include <QThread>

namespace trimscope::gui {

LocalSweepJob::LocalSweepJob(QObject *parent) : SweepJob(parent) {}

LocalSweepJob::~LocalSweepJob()
{
    m_cancel.cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void LocalSweepJob::start(Prepare prepare, TargetWrapper wrap)
{
    Q_ASSERT(!m_thread);
    m_thread = QThread::create([this, prepare = std::move(prepare), wrap = std::move(wrap)] {
        runOnWorker(prepare, wrap);
    });
    m_thread->start();
}

void LocalSweepJob::fail(const Error &error, const DriveInfo &drive)
{
    SweepResult result;
    result.drive = drive;
    result.stopReason = StopReason::Failed;
    result.error = error;
    QMetaObject::invokeMethod(
        this, [this, result] { finish(result); }, Qt::QueuedConnection);
}

void LocalSweepJob::cancel()
{
    m_cancel.cancel();
}

bool LocalSweepJob::isRunning() const
{
    return !m_finished;
}

void LocalSweepJob::runOnWorker(const Prepare &prepare, const TargetWrapper &wrap)
{
    Expected<PreparedSweep> prepared = prepare();
    if (!prepared) {
        SweepResult failed;
        failed.stopReason = StopReason::Failed;
        failed.error = prepared.error();
        QMetaObject::invokeMethod(
            this, [this, failed] { finish(failed); }, Qt::QueuedConnection);
        return;
    }
    if (wrap)
        prepared->target = wrap(std::move(prepared->target));
    SweepRunner runner(*prepared->target, prepared->plan, prepared->drive, m_cancel);
    runner.onSample = [this](const Sample &sample) { queueSample(sample); };
    runner.onProgress = [this](const SweepProgress &progress) { queueProgress(progress); };
    const SweepResult result = runner.run();
    QMetaObject::invokeMethod(
        this,
        [this, result] {
            flushSamples();
            finish(result);
        },
        Qt::QueuedConnection);
}

void LocalSweepJob::queueSample(const Sample &sample)
{
    QMutexLocker lock(&m_mutex);
    const bool wasEmpty = m_pending.isEmpty();
    m_pending.append(sample);
    // One queued flush per batch, so a fast drive cannot flood the event loop.
    if (wasEmpty)
        QMetaObject::invokeMethod(this, &LocalSweepJob::flushSamples, Qt::QueuedConnection);
}

void LocalSweepJob::queueProgress(const SweepProgress &progress)
{
    QMutexLocker lock(&m_mutex);
    // Only the newest report matters; one queued delivery at a time keeps the window current
    // without a queue of stale reports.
    m_latestProgress = progress;
    if (!m_progressQueued) {
        m_progressQueued = true;
        QMetaObject::invokeMethod(this, &LocalSweepJob::flushProgress, Qt::QueuedConnection);
    }
}

void LocalSweepJob::flushProgress()
{
    SweepProgress progress;
    {
        QMutexLocker lock(&m_mutex);
        progress = m_latestProgress;
        m_progressQueued = false;
    }
    emit progressed(progress);
}

void LocalSweepJob::flushSamples()
{
    QList<Sample> batch;
    {
        QMutexLocker lock(&m_mutex);
        batch.swap(m_pending);
    }
    if (!batch.isEmpty())
        emit samplesMeasured(batch);
}

void LocalSweepJob::finish(const SweepResult &result)
{
    if (m_finished)
        return;
    m_finished = true;
    emit finished(result);
}

} // namespace trimscope::gui
