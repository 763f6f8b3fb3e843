#include "helperbackend.h"

#include "device/deviceprobe.h"
#include "driveentry.h"
#include "health/drivehealth.h"
#include "helperclient.h"
#include "helperjobrunner.h"

#include <QDBusConnection>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace trimscope::gui {

HelperBackend::HelperBackend(QObject *parent) : ServiceBackend(parent)
{
    m_status = {false, tr("looking for the helper…"), {}};
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
        m_status = {false, tr("unavailable: no system D-Bus"), {}};
        m_status.capabilities = capabilities(tr("there is no system D-Bus"));
        m_drives.clear();
        emit changed();
        return;
    }
    // Running (NameHasOwner) or installed for activation (ListActivatableNames).
    QDBusMessage owner = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
        QStringLiteral("org.freedesktop.DBus"), QStringLiteral("NameHasOwner"));
    owner << serviceName();
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(owner, 5000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, bus](QDBusPendingCallWatcher *w) {
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
    m_drives.clear();
    if (!installed) {
        m_status = {false, tr("unavailable: helper not installed"), {}};
        m_status.capabilities =
            capabilities(tr("the TrimScope helper is not installed on this system"));
        emit changed();
        return;
    }
    for (const BlockDevice &device : DeviceProbe().listDisks()) {
        m_drives.append(driveEntryFrom(id(), device));
    }
    m_status = {true, tr("available, %Ln drive(s)", nullptr, int(m_drives.size())), {}};
    m_status.capabilities = capabilities({});
    emit changed();
}

QList<BackendCapability> HelperBackend::capabilities(const QString &why) const
{
    const QStringList what{tr("TRIM benchmark and background-TRIM probe"),
                           tr("file-system experiments and write tests"),
                           tr("health of ATA and NVMe drives")};
    QList<BackendCapability> list;
    for (const QString &thing : what) {
        if (why.isEmpty())
            list.append(
                {thing, true, tr("the helper asks for an administrator password first"), {}, {}});
        else
            list.append({thing,
                         false,
                         {},
                         why,
                         tr("install TrimScope's host package (the .deb), which brings the "
                            "helper; a Flatpak cannot install it")});
    }
    return list;
}

QString HelperBackend::unavailable() const
{
    return tr("The TrimScope helper is %1.").arg(m_status.summary);
}

QString HelperBackend::whyNot(const JobPlan &) const
{
    return m_status.available ? QString() : unavailable();
}

JobRunner *HelperBackend::start(const DriveEntry &drive, const JobPlan &plan)
{
    if (!m_status.available)
        return new FailedJobRunner(jobKind(plan), makeError(ErrorCode::Unsupported, unavailable()));
    return new helper::HelperJobRunner(plan, drive.info.path);
}

void HelperBackend::readHealth(const DriveEntry &drive)
{
    if (!m_status.available) {
        QMetaObject::invokeMethod(
            this,
            [this, id = drive.id, why = unavailable()] {
                emit healthRead(id, makeError(ErrorCode::Unsupported, why), {});
            },
            Qt::QueuedConnection);
        return;
    }
    // What sysfs shows to have no health is said before the helper asks for a password.
    if (const std::optional<Error> none = health::knownWithoutHealth(drive.info.path)) {
        QMetaObject::invokeMethod(
            this, [this, id = drive.id, error = *none] { emit healthRead(id, error, {}); },
            Qt::QueuedConnection);
        return;
    }
    auto *client = new helper::HelperClient(QDBusConnection::systemBus(), this);
    connect(client, &helper::HelperClient::healthReceived, this,
            [this, client, id = drive.id](const Error &error, const health::DriveHealth &health) {
                client->deleteLater();
                emit healthRead(id, error, health);
            });
    client->readHealth(drive.info.path);
}

} // namespace trimscope::gui
