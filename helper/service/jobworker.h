#pragma once

#include "common/canceltoken.h"
#include "common/error.h"
#include "sweep/sweepresult.h"

#include <QByteArray>
#include <QObject>
#include <functional>

namespace trimscope::helper {

// What every kind of job reports while it runs. For the sweep: samples measured and planned,
// phase empty. For the phase-based kinds: the step (run or phase) and the number of steps, and
// the phase in words ("ext4 discard delete", "fill 2").
struct JobProgress
{
    double fraction = 0;
    double etaSeconds = -1;
    int done = 0;
    int planned = 0;
    QString phase;
};

// How a job ended: the core result's stop reason and error, and its JSON bytes exactly.
struct JobOutcome
{
    StopReason stopReason = StopReason::Completed;
    Error error;
    QByteArray resultJson;
};

struct JobReporter
{
    std::function<void(const JobProgress &)> progress;
    std::function<void(const Sample &)> sample;
};

// One job's work: runs a core routine to its end on the calling thread. Whatever it holds (the
// device's fd) is released when the body is destroyed.
using JobBody = std::function<JobOutcome(const CancelToken &, const JobReporter &)>;

// Runs one JobBody on its own thread. Everything it reports reaches the job on the D-Bus thread
// through queued signals; the body (and with it the device) is released before `finished`, so the
// next job on the same device can open it O_EXCL.
class JobWorker : public QObject
{
    Q_OBJECT
public:
    JobWorker(JobBody body, const CancelToken &cancel);

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void sampleMeasured(const trimscope::Sample &sample);
    void progressed(const trimscope::helper::JobProgress &progress);
    void finished(const trimscope::helper::JobOutcome &outcome);

private:
    JobBody m_body;
    const CancelToken &m_cancel;
};

} // namespace trimscope::helper

Q_DECLARE_METATYPE(trimscope::helper::JobProgress)
Q_DECLARE_METATYPE(trimscope::helper::JobOutcome)
