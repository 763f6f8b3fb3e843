#pragma once

#include "planrunner.h"

#include <QByteArray>
#include <QDBusConnection>
#include <QThread>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>

namespace trimscope::gui {

// A system bus connection of the worker thread's own, closed when it goes: its calls share no
// interface object with the GUI thread's connection.
class ThreadBus
{
public:
    ThreadBus();
    ~ThreadBus();
    ThreadBus(const ThreadBus &) = delete;
    ThreadBus &operator=(const ThreadBus &) = delete;
    const QDBusConnection &connection() const { return m_bus; }

private:
    QString m_name;
    QDBusConnection m_bus;
};

// One apply or undo carried out on a thread of its own, so that the window stays responsive
// while polkit waits for a password (each call may wait 5 minutes) and systemd settles: the plan
// runner (app/apply) is the CLI's, unchanged, called with a StepControl. Progress and the
// passphrase question reach the GUI thread as queued signals; the GUI answers the question with
// answerPassphrase(). The object lives in the GUI thread and deletes itself once the work is
// done (after `finished`).
class ApplyJob : public QThread
{
    Q_OBJECT
public:
    using Work = std::function<apply::ApplyOutcome(
        const QDBusConnection &, const apply::AskPassphrase &, const apply::StepControl &)>;
    explicit ApplyJob(Work work, QObject *parent = nullptr);
    ~ApplyJob() override;

    // Thread-safe: the runner stops before its next step; a pending passphrase question is
    // answered "none".
    void requestStop();
    bool stopRequested() const;
    // The answer to passphraseWanted (nothing: cancelled).
    void answerPassphrase(std::optional<QByteArray> passphrase);

signals:
    // Emitted from the worker thread: deliver queued.
    void stepStarted(int number, int count, const QString &what);
    void passphraseWanted(const QString &mappingName);
    // The last thing the worker does: how the plan ended (a copy travels with the signal, so the
    // receiver needs no pointer to this object, which deletes itself once the thread ends).
    void completed(const trimscope::apply::ApplyOutcome &outcome);

protected:
    void run() override;

private:
    std::optional<QByteArray> askPassphrase(const QString &mappingName);

    Work m_work;
    mutable std::mutex m_mutex;
    std::condition_variable m_answered;
    bool m_stop = false;
    bool m_waiting = false;
    std::optional<std::optional<QByteArray>> m_answer;
};

} // namespace trimscope::gui
