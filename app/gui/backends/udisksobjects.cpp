#include "udisksobjects.h"

#include <QDBusMetaType>

namespace trimscope::gui {

namespace {
const QString kBlock = QStringLiteral("org.freedesktop.UDisks2.Block");
const QString kPartition = QStringLiteral("org.freedesktop.UDisks2.Partition");
const QString kDrive = QStringLiteral("org.freedesktop.UDisks2.Drive");

// udisks sends device nodes as NUL-terminated byte arrays.
QString pathFromBytes(const QVariant &value)
{
    QByteArray bytes = value.toByteArray();
    if (bytes.endsWith('\0'))
        bytes.chop(1);
    return QString::fromLocal8Bit(bytes);
}
} // namespace

void registerUdisksTypes()
{
    qDBusRegisterMetaType<UdisksInterfaces>();
    qDBusRegisterMetaType<UdisksObjects>();
}

QList<UdisksDisk> udisksDisksFrom(const UdisksObjects &objects)
{
    QList<UdisksDisk> disks;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        const UdisksInterfaces &interfaces = it.value();
        if (!interfaces.contains(kBlock) || interfaces.contains(kPartition))
            continue;
        const QVariantMap block = interfaces.value(kBlock);
        UdisksDisk disk;
        disk.objectPath = it.key().path();
        disk.device = pathFromBytes(block.value(QStringLiteral("Device")));
        disk.size = block.value(QStringLiteral("Size")).toULongLong();
        disk.readOnly = block.value(QStringLiteral("ReadOnly")).toBool();
        if (disk.size == 0 || disk.device.isEmpty() ||
            block.value(QStringLiteral("HintIgnore")).toBool())
            continue;
        const QString drivePath =
            block.value(QStringLiteral("Drive")).value<QDBusObjectPath>().path();
        const QVariantMap drive = objects.value(QDBusObjectPath(drivePath)).value(kDrive);
        disk.vendor = drive.value(QStringLiteral("Vendor")).toString();
        disk.model = drive.value(QStringLiteral("Model")).toString();
        disk.serial = drive.value(QStringLiteral("Serial")).toString();
        disk.revision = drive.value(QStringLiteral("Revision")).toString();
        disk.bus = drive.value(QStringLiteral("ConnectionBus")).toString();
        disks.append(disk);
    }
    return disks;
}

} // namespace trimscope::gui
