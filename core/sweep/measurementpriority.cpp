#include "measurementpriority.h"

#include <pthread.h>
#include <sched.h>

namespace trimscope {

namespace {
// Above ordinary threads, well below the kernel's own real-time threads (50 and up).
constexpr int kMeasurementPriority = 10;
} // namespace

ScopedMeasurementPriority::ScopedMeasurementPriority(bool enable)
    : m_description(QStringLiteral("normal"))
{
    if (!enable)
        return;
    sched_param old = {};
    if (pthread_getschedparam(pthread_self(), &m_oldPolicy, &old) != 0)
        return;
    m_oldPriority = old.sched_priority;
    sched_param raised = {};
    raised.sched_priority = kMeasurementPriority;
    // SCHED_RESET_ON_FORK: a child (mkfs, fio) must not inherit real-time priority.
    if (pthread_setschedparam(pthread_self(), SCHED_FIFO | SCHED_RESET_ON_FORK, &raised) == 0) {
        m_raised = true;
        m_description = QStringLiteral("realtime (SCHED_FIFO %1)").arg(kMeasurementPriority);
    } else {
        m_description = QStringLiteral("normal (real-time priority not permitted)");
    }
}

ScopedMeasurementPriority::~ScopedMeasurementPriority()
{
    if (!m_raised)
        return;
    sched_param old = {};
    old.sched_priority = m_oldPriority;
    pthread_setschedparam(pthread_self(), m_oldPolicy, &old);
}

} // namespace trimscope
