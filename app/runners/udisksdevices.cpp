#include "udisksdevices.h"

#include "udisksinterfaces.h"

#include <QDBusArgument>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusPendingReply>
#include <QFile>
#include <algorithm>
#include <sys/stat.h>
#include <sys/sysmacros.h>

namespace trimscope {

namespace {
using udisks::kAta;
using udisks::kBlock;
using udisks::kDrive;
using udisks::kFilesystem;
using udisks::kManager;
using udisks::kNvme;
using udisks::kPartition;
using udisks::kSwapspace;

QString objectPathOf(const QVariant &value)
{
    const QString path = value.value<QDBusObjectPath>().path();
    return path == QLatin1String("/") ? QString() : path;
}

QString kernelName(const QString &device)
{
    return device.section(QLatin1Char('/'), -1);
}

} // namespace

void registerUdisksTypes()
{
    qDBusRegisterMetaType<UdisksInterfaces>();
    qDBusRegisterMetaType<UdisksObjects>();
}

QString udisksPathFrom(QByteArray bytes)
{
    if (bytes.endsWith('\0'))
        bytes.chop(1);
    return QString::fromLocal8Bit(bytes);
}

QStringList udisksPathsFrom(const QVariant &value)
{
    QStringList paths;
    if (value.canConvert<QDBusArgument>()) {
        const QDBusArgument argument = value.value<QDBusArgument>();
        if (argument.currentType() != QDBusArgument::ArrayType)
            return paths;
        argument.beginArray();
        while (!argument.atEnd()) {
            QByteArray bytes;
            argument >> bytes;
            paths.append(udisksPathFrom(bytes));
        }
        argument.endArray();
        return paths;
    }
    // Built by hand (tests): a list of byte arrays.
    for (const QVariant &item : value.toList())
        paths.append(udisksPathFrom(item.toByteArray()));
    return paths;
}

QList<UdisksDisk> udisksDisksFrom(const UdisksObjects &objects)
{
    // Partitions by the disk they belong to, with how they are used.
    QMap<QString, QList<QDBusObjectPath>> partitionsOf;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        if (it.value().contains(kPartition))
            partitionsOf[objectPathOf(it.value().value(kPartition).value(QStringLiteral("Table")))]
                .append(it.key());
    }
    const auto addUse = [&objects](UdisksDisk &disk, const QDBusObjectPath &path) {
        const UdisksInterfaces &interfaces = objects.value(path);
        const QString name = kernelName(
            udisksPathFrom(interfaces.value(kBlock).value(QStringLiteral("Device")).toByteArray()));
        for (const QString &point :
             udisksPathsFrom(interfaces.value(kFilesystem).value(QStringLiteral("MountPoints"))))
            disk.mounts.append({name, point, QString(), QStringLiteral("/dev/") + name, false, {}});
        if (interfaces.value(kSwapspace).value(QStringLiteral("Active")).toBool())
            disk.swaps.append(QStringLiteral("/dev/") + name);
    };

    QList<UdisksDisk> disks;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        const UdisksInterfaces &interfaces = it.value();
        if (!interfaces.contains(kBlock) || interfaces.contains(kPartition))
            continue;
        const QVariantMap block = interfaces.value(kBlock);
        UdisksDisk disk;
        disk.objectPath = it.key().path();
        disk.device = udisksPathFrom(block.value(QStringLiteral("Device")).toByteArray());
        disk.size = block.value(QStringLiteral("Size")).toULongLong();
        disk.readOnly = block.value(QStringLiteral("ReadOnly")).toBool();
        disk.hintSystem = block.value(QStringLiteral("HintSystem")).toBool();
        if (disk.size == 0 || disk.device.isEmpty() ||
            block.value(QStringLiteral("HintIgnore")).toBool())
            continue;
        // DeviceNumber is a dev_t.
        const auto number = dev_t(block.value(QStringLiteral("DeviceNumber")).toULongLong());
        disk.major = quint32(major(number));
        disk.minor = quint32(minor(number));
        disk.drivePath = objectPathOf(block.value(QStringLiteral("Drive")));
        if (!disk.drivePath.isEmpty()) {
            const UdisksInterfaces &driveObject = objects.value(QDBusObjectPath(disk.drivePath));
            const QVariantMap drive = driveObject.value(kDrive);
            disk.vendor = drive.value(QStringLiteral("Vendor")).toString();
            disk.model = drive.value(QStringLiteral("Model")).toString();
            disk.serial = drive.value(QStringLiteral("Serial")).toString();
            disk.revision = drive.value(QStringLiteral("Revision")).toString();
            disk.bus = drive.value(QStringLiteral("ConnectionBus")).toString();
            if (drive.contains(QStringLiteral("RotationRate")))
                disk.rotationRate = drive.value(QStringLiteral("RotationRate")).toInt();
            disk.hasAta = driveObject.contains(kAta);
            disk.hasNvme = driveObject.contains(kNvme);
        }
        addUse(disk, it.key());
        for (const QDBusObjectPath &partition : partitionsOf.value(disk.objectPath))
            addUse(disk, partition);
        disks.append(disk);
    }
    return disks;
}

std::optional<UdisksDisk> findUdisksDisk(const UdisksObjects &objects, const QString &device,
                                         const QString &objectPath)
{
    struct stat st = {};
    const bool haveNode = !device.isEmpty() &&
                          ::stat(QFile::encodeName(device).constData(), &st) == 0 &&
                          S_ISBLK(st.st_mode);
    for (const UdisksDisk &disk : udisksDisksFrom(objects)) {
        if (!objectPath.isEmpty()) {
            if (disk.objectPath == objectPath)
                return disk;
            continue;
        }
        if (disk.device == device ||
            (haveNode && disk.major == major(st.st_rdev) && disk.minor == minor(st.st_rdev)))
            return disk;
    }
    return std::nullopt;
}

BlockDevice blockDeviceOf(const UdisksDisk &disk, const DeviceProbe &probe, QString *why)
{
    Expected<BlockDevice> probed = disk.major != 0 ? probe.probeNumber(disk.major, disk.minor)
                                                   : probe.probeName(kernelName(disk.device));
    BlockDevice device;
    if (probed) {
        device = std::move(probed).value();
    } else {
        if (why)
            *why = probed.error().message;
        device.path = disk.device;
        device.name = kernelName(disk.device);
        device.major = disk.major;
        device.minor = disk.minor;
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
    // What udisks sees mounted on the host counts, whatever this process's mount table says.
    for (const DeviceMount &mount : disk.mounts) {
        const bool known = std::any_of(
            device.mounts.cbegin(), device.mounts.cend(), [&mount](const DeviceMount &m) {
                return m.deviceName == mount.deviceName && m.mountPoint == mount.mountPoint;
            });
        if (!known)
            device.mounts.append(mount);
        if (mount.mountPoint == QLatin1String("/"))
            device.holdsRoot = true;
    }
    for (const QString &swap : disk.swaps) {
        if (!device.swaps.contains(swap))
            device.swaps.append(swap);
    }
    return device;
}

QString udisksVersionFrom(const UdisksObjects &objects)
{
    for (const UdisksInterfaces &interfaces : objects) {
        if (interfaces.contains(kManager))
            return interfaces.value(kManager).value(QStringLiteral("Version")).toString();
    }
    return {};
}

Expected<UdisksObjects> fetchUdisksObjects(const QDBusConnection &bus, int timeoutMs)
{
    QDBusMessage call = QDBusMessage::createMethodCall(
        kUdisksService, QStringLiteral("/org/freedesktop/UDisks2"),
        QStringLiteral("org.freedesktop.DBus.ObjectManager"), QStringLiteral("GetManagedObjects"));
    QDBusPendingReply<UdisksObjects> reply = bus.asyncCall(call, timeoutMs);
    reply.waitForFinished();
    if (reply.isError())
        return makeError(reply.error().type() == QDBusError::ServiceUnknown ? ErrorCode::Unsupported
                                                                            : ErrorCode::IoError,
                         reply.error().message());
    return reply.value();
}

} // namespace trimscope
