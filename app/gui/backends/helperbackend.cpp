#include "helperbackend.h"

#include "device/deviceprobe.h"
#include "driveentry.h"
#include "helperclient.h"
#include "helperjobrunner.h"

#include <QDBusConnection>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace trimscope::gui {

HelperBackend::HelperBackend(QObject *parent)
    : SystemBusBackend(tr("looking for the helper…"), parent)
{
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
    const std::optional<QDBusConnection> bus = systemBus();
    if (!bus)
        return;
    // Running (NameHasOwner) or installed for activation (ListActivatableNames).
    QDBusMessage owner = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
        QStringLiteral("org.freedesktop.DBus"), QStringLiteral("NameHasOwner"));
    owner << serviceName();
    auto *watcher = new QDBusPendingCallWatcher(bus->asyncCall(owner, 5000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, bus = *bus](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                QDBusPendingReply<bool> running = *w;
                if (!running.isError() && running.value())
                    return setInstalled(true);
                QDBusMessage list = QDBusMessage::createMethodCall(
                    QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
                    QStringLiteral("org.freedesktop.DBus"), QStringLiteral("ListActivatableNames"));
                auto *next = new QDBusPendingCallWatcher(bus.asyncCall(list, 5000), this);
                connect(next, &QDBusPendingCallWatcher::finished, this,
                        [this](QDBusPendingCallWatcher *n) {
                            n->deleteLater();
                            QDBusPendingReply<QStringList> names = *n;
                            setInstalled(!names.isError() && names.value().contains(serviceName()));
                        });
            });
}

void HelperBackend::setInstalled(bool installed)
{
    if (!installed)
        return setUnavailable(tr("unavailable: helper not installed"));
    QList<DriveEntry> drives;
    for (const BlockDevice &device : DeviceProbe().listDisks())
        drives.append(driveEntryFrom(id(), device));
    setAvailable(drives);
}

QString HelperBackend::unavailable() const
{
    return tr("The TrimScope helper is %1.").arg(status().summary);
}

QString HelperBackend::whyNot(const JobPlan &) const
{
    return status().available ? QString() : unavailable();
}

JobRunner *HelperBackend::start(const DriveEntry &drive, const JobPlan &plan)
{
    if (!status().available)
        return new FailedJobRunner(jobKind(plan), makeError(ErrorCode::Unsupported, unavailable()));
    return new helper::HelperJobRunner(plan, drive.info.path);
}

void HelperBackend::readHealth(const DriveEntry &drive)
{
    if (!status().available)
        return refuseHealth(drive, unavailable());
    auto *client = new helper::HelperClient(QDBusConnection::systemBus(), this);
    connect(client, &helper::HelperClient::healthReceived, this,
            [this, client, id = drive.id](const Error &error, const QVariantMap &health) {
                client->deleteLater();
                emit healthRead(id, error,
                                health.value(QStringLiteral("json")).toString().toUtf8());
            });
    client->readHealth(drive.info.path);
}

} // namespace trimscope::gui
