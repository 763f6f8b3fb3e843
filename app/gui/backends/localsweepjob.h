#pragma once

#include "common/canceltoken.h"
#include "sweep/sweepsetup.h"
#include "sweepjob.h"

#include <QMutex>
#include <QPointer>
#include <functional>
#include <memory>

class QThread;

namespace trimscope::gui {

// Runs the core's SweepRunner in a worker thread of the app: the simulated and udisks2
// backends. Preparing (probing, opening, resolving the plan) runs on the worker too.
class LocalSweepJob final : public SweepJob
{
    Q_OBJECT
public:
    using Prepare = std::function<Expected<PreparedSweep>()>;
    // Wraps the prepared target, e.g. to pace a simulated drive; identity when empty.
    using TargetWrapper =
        std::function<std::unique_ptr<DiscardTarget>(std::unique_ptr<DiscardTarget>)>;

    explicit LocalSweepJob(QObject *parent = nullptr);
    ~LocalSweepJob() override;

    void start(Prepare prepare, TargetWrapper wrap = {});
    // For a job that could not start (OpenDevice refused, ...).
    void fail(const Error &error, const DriveInfo &drive);

    void cancel() override;
    bool isRunning() const override;

private:
    void runOnWorker(const Prepare &prepare, const TargetWrapper &wrap);
    void queueSample(const Sample &sample);
    void flushSamples();
    void queueProgress(const SweepProgress &progress);
    void flushProgress();
    void finish(const SweepResult &result);

    CancelToken m_cancel;
    QThread *m_thread = nullptr;
    QMutex m_mutex;
    QList<Sample> m_pending;
    SweepProgress m_latestProgress;
    bool m_progressQueued = false;
    bool m_finished = false;
};

} // namespace trimscope::gui
