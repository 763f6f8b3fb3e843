#pragma once

#include <QDBusUnixFileDescriptor>
#include <QObject>

namespace trimscope::gui {

// Keeps the machine awake while a benchmark runs: logind's Inhibit on the system bus, else
// the desktop portal's Inhibit on the session bus, else nothing (and says so). Asynchronous:
// the window never waits for either.
class SuspendInhibitor : public QObject
{
    Q_OBJECT
public:
    explicit SuspendInhibitor(QObject *parent = nullptr);
    ~SuspendInhibitor() override;

    void inhibit(const QString &reason);
    void release();
    bool isActive() const { return m_lock.isValid() || !m_portalRequest.isEmpty(); }
    QString state() const { return m_state; }

signals:
    void stateChanged(const QString &state);

private:
    void tryPortal(const QString &reason, const QString &logindError);
    void setState(const QString &state);

    QDBusUnixFileDescriptor m_lock; // logind: closing it ends the inhibition
    QString m_portalRequest;        // portal: Request.Close ends it
    quint64 m_generation = 0;       // replies for an inhibition already released are ignored
    QString m_state;
};

} // namespace trimscope::gui
