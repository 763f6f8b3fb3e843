#include "suspendinhibitor.h"

#include <QDBusConnection>
#include <QDBusObjectPath>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace trimscope::gui {

SuspendInhibitor::SuspendInhibitor(QObject *parent) : QObject(parent) {}

SuspendInhibitor::~SuspendInhibitor()
{
    release();
}

void SuspendInhibitor::inhibit(const QString &reason)
{
    release();
    const quint64 generation = ++m_generation;
    QDBusMessage call = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.login1"), QStringLiteral("/org/freedesktop/login1"),
        QStringLiteral("org.freedesktop.login1.Manager"), QStringLiteral("Inhibit"));
    call << QStringLiteral("sleep:idle") << QStringLiteral("TrimScope") << reason
         << QStringLiteral("block");
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected()) {
        tryPortal(reason, tr("no system bus"));
        return;
    }
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call, 5000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, generation, reason](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                if (generation != m_generation)
                    return;
                QDBusPendingReply<QDBusUnixFileDescriptor> reply = *w;
                if (reply.isError()) {
                    tryPortal(reason, reply.error().message());
                    return;
                }
                m_lock = reply.value();
                setState(tr("Suspend is inhibited while the benchmark runs (logind)."));
            });
}

void SuspendInhibitor::tryPortal(const QString &reason, const QString &logindError)
{
    const quint64 generation = m_generation;
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        setState(tr("Suspend could not be inhibited (logind: %1; no session bus for the "
                    "portal). Keep the machine awake yourself.")
                     .arg(logindError));
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.portal.Desktop"),
        QStringLiteral("/org/freedesktop/portal/desktop"),
        QStringLiteral("org.freedesktop.portal.Inhibit"), QStringLiteral("Inhibit"));
    constexpr uint kSuspend = 4;
    constexpr uint kIdle = 8;
    call << QString() << uint(kSuspend | kIdle) << QVariantMap{{QStringLiteral("reason"), reason}};
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call, 5000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, generation, logindError](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                if (generation != m_generation)
                    return;
                QDBusPendingReply<QDBusObjectPath> reply = *w;
                if (reply.isError()) {
                    setState(tr("Suspend could not be inhibited (logind: %1; portal: %2). Keep "
                                "the machine awake yourself.")
                                 .arg(logindError, reply.error().message()));
                    return;
                }
                m_portalRequest = reply.value().path();
                setState(tr("Suspend is inhibited while the benchmark runs (desktop portal)."));
            });
}

void SuspendInhibitor::release()
{
    ++m_generation;
    const bool wasActive = isActive();
    m_lock = QDBusUnixFileDescriptor();
    if (!m_portalRequest.isEmpty()) {
        QDBusConnection::sessionBus().asyncCall(QDBusMessage::createMethodCall(
            QStringLiteral("org.freedesktop.portal.Desktop"), m_portalRequest,
            QStringLiteral("org.freedesktop.portal.Request"), QStringLiteral("Close")));
        m_portalRequest.clear();
    }
    if (wasActive)
        setState(QString());
}

void SuspendInhibitor::setState(const QString &state)
{
    m_state = state;
    emit stateChanged(state);
}

} // namespace trimscope::gui
