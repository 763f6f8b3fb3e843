#include "stepstop.h"

#include <QThread>

namespace trimscope::apply {

namespace {

// How often a waiting step looks at the user's Stop: well under what a person notices.
constexpr unsigned long kPollMs = 20;

thread_local StepStop *currentStop = nullptr;

} // namespace

StepStop::StepStop(std::function<bool()> stopRequested)
    : m_stopRequested(std::move(stopRequested)), m_outer(currentStop)
{
    currentStop = this;
}

StepStop::~StepStop()
{
    currentStop = m_outer;
}

bool waitUnlessStopped(QDBusPendingCall &call, const QDBusConnection &bus)
{
    StepStop *stop = currentStop;
    if (!stop || !stop->m_stopRequested) {
        call.waitForFinished();
        return true;
    }
    // The reply arrives on QtDBus's own thread: isFinished() turns true without this thread's
    // event loop.
    while (!call.isFinished()) {
        if (stop->m_stopRequested()) {
            stop->m_gaveUp = true;
            QDBusConnection::disconnectFromBus(bus.name());
            return false;
        }
        QThread::msleep(kPollMs);
    }
    return true;
}

} // namespace trimscope::apply
