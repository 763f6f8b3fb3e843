#include "helperbackend.h"

#include "localsweepjob.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace trimscope::gui {

HelperBackend::HelperBackend(QObject *parent) : Backend(parent)
{
    m_status = {false, tr("looking for the helper…")};
    refresh();
}

QString HelperBackend::displayName() const
{
    return tr("TrimScope helper");
}

QString HelperBackend::description() const
{
    return tr("The TrimScope helper opens and measures the drive as root after asking for "
              "your permission.");
}

void HelperBackend::refresh()
{
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected()) {
        m_status = {false, tr("unavailable: no system D-Bus")};
        emit changed();
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
        QStringLiteral("org.freedesktop.DBus"), QStringLiteral("ListActivatableNames"));
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call, 5000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        QDBusPendingReply<QStringList> reply = *w;
        const bool installed = !reply.isError() && reply.value().contains(serviceName());
        m_status = {false, installed
                               ? tr("unavailable: the helper is installed, but this build of "
                                    "TrimScope has no client for it yet")
                               : tr("unavailable: helper not installed")};
        emit changed();
    });
}

SweepJob *HelperBackend::startSweep(const DriveEntry &drive, const SweepPlan &)
{
    auto *job = new LocalSweepJob;
    job->fail(makeError(ErrorCode::Unsupported, m_status.summary), drive.info);
    return job;
}

} // namespace trimscope::gui
