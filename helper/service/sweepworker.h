#pragma once

#include "sweep/canceltoken.h"
#include "sweep/sweeprunner.h"
#include "sweep/sweepsetup.h"

#include <QObject>

namespace trimscope::helper {

// Runs one prepared sweep on its own thread. Everything it reports reaches the job on the
// D-Bus thread through queued signals; the device is closed before `finished` is emitted, so
// the next job on the same device can open it O_EXCL.
class SweepWorker : public QObject
{
    Q_OBJECT
public:
    SweepWorker(PreparedSweep prepared, const CancelToken &cancel);

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void sampleMeasured(const trimscope::Sample &sample);
    void progressed(const trimscope::SweepProgress &progress);
    void finished(const trimscope::SweepResult &result);

private:
    PreparedSweep m_prepared;
    const CancelToken &m_cancel;
};

} // namespace trimscope::helper
