#pragma once

#include <QString>

namespace trimscope {

// Raises the calling thread to SCHED_FIFO while it measures, and restores it afterwards. The
// thread sleeps in the ioctl almost all the time; what real-time priority buys is that it runs
// at once when the discard completes, instead of after whatever else is runnable. On a loaded
// machine that removes ~0.1 ms of scheduling delay from every sample. Needs CAP_SYS_NICE (root,
// the helper); without it the thread keeps its priority and description() says so.
class ScopedMeasurementPriority
{
public:
    explicit ScopedMeasurementPriority(bool enable);
    ~ScopedMeasurementPriority();
    ScopedMeasurementPriority(const ScopedMeasurementPriority &) = delete;
    ScopedMeasurementPriority &operator=(const ScopedMeasurementPriority &) = delete;

    // "realtime (SCHED_FIFO 10)", "normal", or "normal (real-time priority not permitted)".
    QString description() const { return m_description; }

private:
    bool m_raised = false;
    int m_oldPolicy = 0;
    int m_oldPriority = 0;
    QString m_description;
};

} // namespace trimscope
