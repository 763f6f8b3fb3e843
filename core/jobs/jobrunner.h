#pragma once

#include "jobplan.h"
#include "jobprogress.h"
#include "jobtarget.h"

#include <QList>
#include <QMutex>
#include <QObject>

class QThread;

namespace trimscope {

// One job of any kind, whoever runs it: in this process (LocalJobRunner), in trimscope-helper
// over D-Bus (helper/client), or on a device udisks2 lends (app/runners). The CLI, the GUI and
// the helper itself only talk to this. Every signal arrives on the runner's thread (the thread
// that created it, with an event loop).
class JobRunner : public QObject
{
    Q_OBJECT
public:
    explicit JobRunner(QString kind, QObject *parent = nullptr);

    QString kind() const { return m_kind; }
    // Starts the job; never blocks. Call once, after connecting.
    virtual void start() = 0;
    // Asks the job to stop between two device commands; finished() still follows. A command
    // the drive is working on cannot be called back (a whole-device discard by mkfs may take
    // minutes): when the job has not ended a second after the request, statusMessage() says
    // that it waits for the drive, so nobody takes the silence for a hang.
    void cancel();
    bool isRunning() const { return m_started && !m_finished; }
    bool hasFinished() const { return m_finished; }

signals:
    void progressed(const trimscope::JobProgress &progress);
    // Sweeps: the samples measured since the last emission, in measurement order.
    void samplesMeasured(const QList<trimscope::Sample> &samples);
    // What the job waits for or wants known, in words ("Waiting for authorization…"); empty
    // once it runs.
    void statusMessage(const QString &message);
    // Emitted once: how the job ended and its typed result (also for a failed or cancelled run
    // that measured something), or why the job never started.
    void finished(const trimscope::JobOutcome &outcome);

protected:
    // The runner's own way of passing the request on (a token, a D-Bus call).
    virtual void requestCancel() = 0;
    void markStarted() { m_started = true; }
    // Emits finished() the first time only.
    void finish(const JobOutcome &outcome);

private:
    QString m_kind;
    bool m_started = false;
    bool m_finished = false;
    bool m_cancelRequested = false;
};

// Runs a job in this process on a worker thread: prepareJob on the worker (probing and opening
// can take a while), then the body. Samples are delivered in batches and progress coalesced, so a
// fast drive cannot flood the event loop; a change of phase is never coalesced away.
class LocalJobRunner final : public JobRunner
{
    Q_OBJECT
public:
    LocalJobRunner(JobPlan plan, JobTarget target, QObject *parent = nullptr);
    // A body prepared already (the helper prepares before it answers StartJob).
    LocalJobRunner(QString kind, JobBody body, QObject *parent = nullptr);
    ~LocalJobRunner() override;

    void start() override;
    bool isCancelled() const { return m_cancel.isCancelled(); }

private:
    void requestCancel() override { m_cancel.cancel(); }
    void runOnWorker();
    void queueSample(const Sample &sample);
    void queueProgress(const JobProgress &progress);
    void flush();

    std::optional<JobPlan> m_plan;
    std::optional<JobTarget> m_target;
    JobBody m_body;
    CancelToken m_cancel;
    QThread *m_thread = nullptr;
    QMutex m_mutex;
    QList<Sample> m_samples;
    QList<JobProgress> m_progress; // one per phase at most
    bool m_flushQueued = false;
};

// A job that could not start: reports its error once, after the caller had time to connect.
class FailedJobRunner final : public JobRunner
{
    Q_OBJECT
public:
    FailedJobRunner(QString kind, Error error, QObject *parent = nullptr);
    void start() override;

private:
    void requestCancel() override {}
    Error m_error;
};

} // namespace trimscope
