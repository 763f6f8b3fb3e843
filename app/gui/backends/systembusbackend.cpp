#include "systembusbackend.h"

namespace trimscope::gui {

SystemBusBackend::SystemBusBackend(const QString &looking, QObject *parent) : Backend(parent)
{
    m_status = {false, looking};
}

std::optional<QDBusConnection> SystemBusBackend::systemBus()
{
    QDBusConnection bus = QDBusConnection::systemBus();
    if (bus.isConnected())
        return bus;
    setUnavailable(tr("unavailable: no system D-Bus"));
    return std::nullopt;
}

void SystemBusBackend::setUnavailable(const QString &summary)
{
    m_drives.clear();
    m_status = {false, summary};
    emit changed();
}

void SystemBusBackend::setAvailable(QList<DriveEntry> drives)
{
    m_drives = std::move(drives);
    m_status = {true, tr("available, %n drive(s)", nullptr, int(m_drives.size()))};
    emit changed();
}

} // namespace trimscope::gui
