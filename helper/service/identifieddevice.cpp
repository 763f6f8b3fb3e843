#include "identifieddevice.h"

#include "common/units.h"
#include "device/devicepath.h"
#include "device/deviceprobe.h"

#include <QFile>
#include <sys/stat.h>
#include <sys/sysmacros.h>

namespace trimscope::helper {

namespace {

QString wholeDiskOf(const BlockDevice &device)
{
    return device.isPartition && !device.parentName.isEmpty() ? device.parentName : device.name;
}

} // namespace

Expected<IdentifiedDevice> identifyDevice(const QString &untrustedPath)
{
    const Expected<QString> path = resolveDevicePath(untrustedPath);
    if (!path)
        return path.error();
    const Expected<BlockDevice> device = DeviceProbe().probePath(*path);
    if (!device)
        return device.error();
    QString model = QStringList{device->vendor, device->model}.join(QLatin1Char(' ')).trimmed();
    if (model.isEmpty())
        model = device->name;
    QString drive =
        QStringLiteral("%1 (%2, %3").arg(model, device->path, formatBytes(device->sizeBytes));
    if (!device->serial.isEmpty())
        drive += QStringLiteral(", serial %1").arg(device->serial);
    drive += QStringLiteral(", device %1:%2)").arg(device->major).arg(device->minor);
    IdentifiedDevice identified;
    identified.path = device->path;
    identified.identity = identityOf(*device);
    identified.wholeDisk = wholeDiskOf(*device);
    identified.promptDetails = {
        {QStringLiteral("device"), device->path},
        {QStringLiteral("drive"), drive},
        {QStringLiteral("model"), model},
        {QStringLiteral("serial"), device->serial},
        {QStringLiteral("size"), formatBytes(device->sizeBytes)},
        {QStringLiteral("device_number"),
         QStringLiteral("%1:%2").arg(device->major).arg(device->minor)},
    };
    return identified;
}

Error checkStillTheSameDevice(const IdentifiedDevice &device)
{
    const DeviceIdentity &was = device.identity;
    struct stat node = {};
    const bool exists =
        ::stat(QFile::encodeName(device.path).constData(), &node) == 0 && S_ISBLK(node.st_mode);
    if (!exists || major(node.st_rdev) != was.major || minor(node.st_rdev) != was.minor)
        return makeError(
            ErrorCode::NoSuchDevice,
            QStringLiteral("%1 is no longer the device that was authorized (%2:%3, now %4): "
                           "nothing was done")
                .arg(device.path)
                .arg(was.major)
                .arg(was.minor)
                .arg(exists
                         ? QStringLiteral("%1:%2").arg(major(node.st_rdev)).arg(minor(node.st_rdev))
                         : QStringLiteral("gone")));
    const Expected<BlockDevice> now = DeviceProbe().probeNumber(was.major, was.minor);
    if (!now)
        return now.error();
    return checkSameMedium(was, identityOf(*now), device.path);
}

} // namespace trimscope::helper
