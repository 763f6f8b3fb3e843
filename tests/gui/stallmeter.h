#pragma once

// The event loop's longest pause, as a person sees it (a frozen window), measured in tests.
#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <algorithm>

namespace trimscope::gui::test {

// Nanoseconds the calling thread has waited for a CPU while runnable (schedstat's second field):
// what the scheduler, not our code, made it wait. 0 where the kernel does not say.
inline qint64 runQueueWaitNs()
{
    QFile stat(QStringLiteral("/proc/thread-self/schedstat"));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = stat.readAll().split(' ');
    return fields.size() >= 2 ? fields.at(1).toLongLong() : 0;
}

// The event loop's longest pause: the largest gap between ticks of a 10 ms timer. On a busy
// machine (other builds beside the tests) a thread that has nothing to wait for still waits for
// a CPU, up to 100 ms here (a bare 10 ms sleep loop in Python saw 104 ms): the time the GUI
// thread spent runnable in the queue is taken off each gap, so what is left is the time our code
// kept it busy or blocked it (a synchronous D-Bus call blocks it, and counts whole).
class StallMeter
{
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
        m_lastWaitNs = runQueueWaitNs();
        m_clock.start();
        m_timer.start();
    }
    // The longest gap so far, the one up to now included, less the queue's wait.
    qint64 longest()
    {
        tick();
        return m_longest;
    }
    // The longest gap as the clock saw it, the queue's wait included.
    qint64 longestWallMs() const { return m_longestWall; }
    qint64 elapsed() const { return m_clock.elapsed(); }
    // Where the event loop paused longer than 40 ms: "at 1020 ms: 52 ms (48 ms queued)".
    QString pauses() const { return m_pauses.join(QStringLiteral(", ")); }

private:
    void tick()
    {
        const qint64 now = m_clock.elapsed();
        const qint64 waitNs = runQueueWaitNs();
        const qint64 queuedMs = (waitNs - m_lastWaitNs) / 1000000;
        const qint64 gap = now - m_last;
        if (gap > 40)
            m_pauses.append(QStringLiteral("at %1 ms: %2 ms (%3 ms queued)")
                                .arg(m_last)
                                .arg(gap)
                                .arg(queuedMs));
        m_longest = std::max(m_longest, gap - queuedMs);
        m_longestWall = std::max(m_longestWall, gap);
        m_last = now;
        m_lastWaitNs = waitNs;
    }
    QStringList m_pauses;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastWaitNs = 0;
    qint64 m_longest = 0;
    qint64 m_longestWall = 0;
};

} // namespace trimscope::gui::test
