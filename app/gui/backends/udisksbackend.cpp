#include "udisksbackend.h"

#include "device/deviceprobe.h"
#include "driveentry.h"
#include "jobs/preparejob.h"
#include "udisksjobrunner.h"

#include <QDBusConnection>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace trimscope::gui {

namespace {
const QString kService = QStringLiteral("org.freedesktop.UDisks2");

DriveEntry entryFrom(const QString &backendId, const UdisksDisk &disk)
{
    // sysfs knows the discard limits and what uses the disk; udisks fills in what it lacks.
    const Expected<BlockDevice> probed = DeviceProbe().probePath(disk.device);
    BlockDevice device;
    if (probed) {
        device = *probed;
    } else {
        device.path = disk.device;
        device.name = disk.device.section(QLatin1Char('/'), -1);
        device.sizeBytes = disk.size;
        device.readOnly = disk.readOnly;
    }
    if (device.model.isEmpty())
        device.model = disk.model;
    if (device.vendor.isEmpty())
        device.vendor = disk.vendor;
    if (device.serial.isEmpty())
        device.serial = disk.serial;
    if (device.firmware.isEmpty())
        device.firmware = disk.revision;
    if (device.transport.isEmpty())
        device.transport = disk.bus;
    DriveEntry entry = driveEntryFrom(backendId, device);
    if (!probed)
        entry.usage = UdisksBackend::tr("unknown (%1)").arg(probed.error().message);
    return entry;
}
} // namespace

UdisksBackend::UdisksBackend(QObject *parent)
    : SystemBusBackend(tr("looking for udisks2…"), parent)
{
    registerUdisksTypes();
    refresh();
}

QString UdisksBackend::displayName() const
{
    return tr("udisks2 (host)");
}

QString UdisksBackend::description() const
{
    return tr("udisks2 opens the drive after asking for your permission; TrimScope then "
              "measures it itself.");
}

void UdisksBackend::refresh()
{
    const std::optional<QDBusConnection> bus = systemBus();
    if (!bus)
        return;
    QDBusMessage call = QDBusMessage::createMethodCall(
        kService, QStringLiteral("/org/freedesktop/UDisks2"),
        QStringLiteral("org.freedesktop.DBus.ObjectManager"), QStringLiteral("GetManagedObjects"));
    auto *watcher = new QDBusPendingCallWatcher(bus->asyncCall(call, 10000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        QDBusPendingReply<UdisksObjects> reply = *w;
        if (reply.isError()) {
            const QDBusError error = reply.error();
            return setUnavailable(error.type() == QDBusError::ServiceUnknown
                                      ? tr("unavailable: udisks2 is not installed or not running")
                                      : tr("unavailable: %1").arg(error.message()));
        }
        takeObjects(reply.value());
    });
}

void UdisksBackend::takeObjects(const UdisksObjects &objects)
{
    m_objectPaths.clear();
    QList<DriveEntry> drives;
    for (const UdisksDisk &disk : udisksDisksFrom(objects)) {
        const DriveEntry entry = entryFrom(id(), disk);
        m_objectPaths.insert(entry.id, disk.objectPath);
        drives.append(entry);
    }
    setAvailable(drives);
}

QString UdisksBackend::objectPathFor(const QString &entryId) const
{
    return m_objectPaths.value(entryId);
}

QString UdisksBackend::whyNot(const JobPlan &plan) const
{
    if (!status().available)
        return tr("udisks2 is %1.").arg(status().summary);
    return jobRunsOn(plan, TargetKind::OpenedDevice).message;
}

JobRunner *UdisksBackend::start(const DriveEntry &drive, const JobPlan &plan)
{
    const QString objectPath = objectPathFor(drive.id);
    if (objectPath.isEmpty())
        return new FailedJobRunner(
            jobKind(plan),
            makeError(ErrorCode::NoSuchDevice, tr("udisks2 no longer lists this drive")));
    return new UdisksJobRunner(plan, drive.info.path, objectPath);
}

void UdisksBackend::readHealth(const DriveEntry &drive)
{
    refuseHealth(drive, tr("Reading health needs the TrimScope helper; udisks2 does not pass "
                           "SMART data on."));
}

} // namespace trimscope::gui
