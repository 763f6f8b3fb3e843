#include "applyjob.h"

#include "common/secret.h"

#include <QAtomicInt>

namespace trimscope::gui {

namespace {
QAtomicInt threadBusCount;
} // namespace

ThreadBus::ThreadBus()
    : m_name(QStringLiteral("trimscope-worker-%1").arg(threadBusCount.fetchAndAddRelaxed(1))),
      m_bus(QDBusConnection::connectToBus(QDBusConnection::SystemBus, m_name))
{
}

ThreadBus::~ThreadBus()
{
    QDBusConnection::disconnectFromBus(m_name);
}

ApplyJob::ApplyJob(Work work, QObject *parent) : QThread(parent), m_work(std::move(work))
{
    connect(this, &QThread::finished, this, &QObject::deleteLater);
}

ApplyJob::~ApplyJob()
{
    // Only deleted after `finished` (deleteLater), or by a parent on the way out: then the work
    // is told to stop and waited for, as it holds a pointer to this.
    requestStop();
    wait();
}

void ApplyJob::requestStop()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_answered.notify_all();
}

bool ApplyJob::stopRequested() const
{
    const std::lock_guard lock(m_mutex);
    return m_stop;
}

void ApplyJob::answerPassphrase(std::optional<QByteArray> passphrase)
{
    {
        const std::lock_guard lock(m_mutex);
        if (!m_waiting) { // asked for nothing (or already stopped): do not keep it
            if (passphrase)
                wipeSecret(*passphrase);
            return;
        }
        m_answer = std::move(passphrase);
    }
    m_answered.notify_all();
}

std::optional<QByteArray> ApplyJob::askPassphrase(const QString &mappingName)
{
    std::unique_lock lock(m_mutex);
    if (m_stop)
        return std::nullopt;
    m_waiting = true;
    m_answer.reset();
    lock.unlock();
    emit passphraseWanted(mappingName);
    lock.lock();
    m_answered.wait(lock, [this] { return m_stop || m_answer.has_value(); });
    m_waiting = false;
    std::optional<QByteArray> answer = m_answer ? std::move(*m_answer) : std::nullopt;
    m_answer.reset();
    return answer;
}

void ApplyJob::run()
{
    apply::StepControl control;
    control.starting = [this](int number, int count, const QString &what) {
        emit stepStarted(number, count, what);
    };
    control.stopRequested = [this] { return stopRequested(); };
    const ThreadBus bus;
    emit completed(m_work(
        bus.connection(), [this](const QString &name) { return askPassphrase(name); }, control));
}

} // namespace trimscope::gui
