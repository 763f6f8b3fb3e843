#pragma once

#include <QDBusConnection>
#include <QDBusPendingCall>
#include <functional>

namespace trimscope::apply {

// Stopping inside a step. A step of our helper waits for polkit, which may be showing a password
// prompt for minutes; the user's Stop should not wait for that. While a StepStop lives on the
// thread that carries the plan out, waitUnlessStopped gives such a call up when `stopRequested`
// says so and leaves the bus, so the helper withdraws its polkit question
// (CancelCheckAuthorization) and acts for no caller that has gone. Steps through udisks2 and
// systemd keep waiting: they cannot be told to withdraw theirs, and a change made after we stopped
// listening would go unrecorded.
class StepStop
{
public:
    explicit StepStop(std::function<bool()> stopRequested);
    ~StepStop();
    StepStop(const StepStop &) = delete;
    StepStop &operator=(const StepStop &) = delete;

    // A call was given up under this StepStop: the step changed nothing.
    bool gaveUp() const { return m_gaveUp; }

private:
    friend bool waitUnlessStopped(QDBusPendingCall &call, const QDBusConnection &bus);
    std::function<bool()> m_stopRequested;
    StepStop *m_outer;
    bool m_gaveUp = false;
};

// Waits for `call` (made on `bus`) to be answered; false when the thread's StepStop said stop
// first: then `bus` is disconnected (the worker's own connection) and the answer dropped.
// Without a StepStop it simply waits.
bool waitUnlessStopped(QDBusPendingCall &call, const QDBusConnection &bus);

} // namespace trimscope::apply
