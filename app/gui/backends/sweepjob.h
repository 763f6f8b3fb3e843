#pragma once

#include "sweep/sweepresult.h"
#include "sweep/sweeprunner.h"

#include <QObject>

namespace trimscope::gui {

// One running benchmark, whoever runs it. Every signal arrives on the GUI thread.
class SweepJob : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    // Asks the job to stop after the current discard; finished() still follows.
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;

signals:
    // Samples measured since the last emission, in measurement order.
    void samplesMeasured(const QList<trimscope::Sample> &samples);
    void progressed(const trimscope::SweepProgress &progress);
    // "Waiting for authorization…", "Pre-writing…": what the job waits for, in words.
    void statusMessage(const QString &message);
    // Emitted once. A job that never started reports StopReason::Failed with the error.
    void finished(const trimscope::SweepResult &result);
};

} // namespace trimscope::gui
