#include "healthdevice.h"

#include "common/sysfsnames.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>

namespace trimscope::health {

namespace {
// NVMe drivers put a namespace, a partition or a controller under .../nvme/nvmeN (one
// controller) or, with native multipath, a namespace under .../nvme-subsystem/nvme-subsysN
// (isNvmeNamespaceContainer); the namespaces are nvme0n1, a multipath controller's hidden
// paths nvme0c0n1 (isNvmeNamespace).

// Listed in /sys/class/nvme or /sys/class/nvme-generic as this very device.
bool isNvmeCharacterDevice(const QString &sysfsPath, const QString &sysRoot)
{
    const QString name = QFileInfo(sysfsPath).fileName();
    for (const char *nvmeClass : {"nvme", "nvme-generic"}) {
        const QString listed =
            QFileInfo(QStringLiteral("%1/class/%2/%3").arg(sysRoot, QLatin1String(nvmeClass), name))
                .canonicalFilePath();
        if (!listed.isEmpty() && listed == sysfsPath)
            return true;
    }
    return false;
}

double namespacesBytes(const QString &container)
{
    double bytes = 0;
    const QDir dir(container);
    for (const QString &entry : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (!isNvmeNamespace(entry))
            continue;
        QFile size(dir.filePath(entry + QStringLiteral("/size")));
        if (size.open(QIODevice::ReadOnly))
            bytes += size.readAll().trimmed().toDouble() * 512.0; // sysfs counts 512 B units
    }
    return bytes;
}
// A node on a filesystem mounted nodev cannot be opened, by root either (EACCES): then that
// mount, not the device, refused the open.
bool onNodevFilesystem(const QString &devicePath)
{
    struct statvfs fs = {};
    return ::statvfs(QFile::encodeName(devicePath).constData(), &fs) == 0 &&
           (fs.f_flag & ST_NODEV) != 0;
}

struct HealthDeviceText
{
    Q_DECLARE_TR_FUNCTIONS(HealthDevice)
};

} // namespace

QString noHealthReasonOf(const QString &sysfsPath, const QString &node)
{
    const QString name = QFileInfo(sysfsPath).fileName();
    if (sysfsPath.contains(QLatin1String("/devices/virtual/block/"))) {
        if (name.startsWith(QLatin1String("loop")))
            return HealthDeviceText::tr("%1 is a loop device: a stand-in for a file has no SMART "
                                        "or NVMe health; read the health of the drive that holds "
                                        "the file")
                .arg(node);
        return HealthDeviceText::tr("%1 is a virtual block device (%2): it has no SMART or NVMe "
                                    "health of its own; read the health of the drive beneath it")
            .arg(node, name);
    }
    if (isUnderVirtioDevice(sysfsPath))
        return HealthDeviceText::tr("%1 is a virtio disk: the virtual machine's host passes it no "
                                    "SMART or NVMe health; read the health on the host")
            .arg(node);
    if (sysfsPath.contains(QLatin1String("/mmc_host/")))
        return HealthDeviceText::tr("%1 is an MMC or SD card: it has no SMART or NVMe health")
            .arg(node);
    return {};
}

Error deviceAccessError(const QString &devicePath, int err, const QString &what, bool privileged)
{
    const QString reason = QString::fromLocal8Bit(std::strerror(err));
    if ((err == EACCES || err == EPERM) && onNodevFilesystem(devicePath))
        return makeError(ErrorCode::PermissionDenied,
                         HealthDeviceText::tr("%1 %2: %3 (the filesystem holding this node is "
                                              "mounted nodev: no device node on it opens, not "
                                              "even for root)")
                             .arg(what, devicePath, reason));
    if (err == EACCES || err == EPERM)
        return makeError(ErrorCode::PermissionDenied,
                         privileged ? HealthDeviceText::tr("%1 %2: %3 (the device refused it; "
                                                           "this ran as root, so no privilege "
                                                           "was missing)")
                                          .arg(what, devicePath, reason)
                                    : HealthDeviceText::tr("%1 %2: %3 (reading health needs "
                                                           "root)")
                                          .arg(what, devicePath, reason));
    if (err == ENOENT || err == ENODEV || err == ENXIO)
        return makeError(ErrorCode::NoSuchDevice,
                         QStringLiteral("%1 %2: %3").arg(what, devicePath, reason));
    return makeError(ErrorCode::IoError, QStringLiteral("%1 %2: %3").arg(what, devicePath, reason));
}

Expected<DeviceNumber> deviceNumberOf(const QString &devicePath)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(devicePath).constData(), &st) != 0) {
        const int err = errno;
        return makeError(ErrorCode::NoSuchDevice,
                         QStringLiteral("cannot examine %1: %2")
                             .arg(devicePath, QString::fromLocal8Bit(std::strerror(err))));
    }
    if (!S_ISBLK(st.st_mode) && !S_ISCHR(st.st_mode))
        return makeError(ErrorCode::NotABlockDevice,
                         QStringLiteral("%1 is not a device node").arg(devicePath));
    return DeviceNumber{S_ISBLK(st.st_mode), quint32(major(st.st_rdev)),
                        quint32(minor(st.st_rdev))};
}

Expected<HealthDevice> resolveHealthDevice(const DeviceNumber &number, const QString &sysRoot)
{
    const QString link =
        QStringLiteral("%1/dev/%2/%3:%4")
            .arg(sysRoot, number.block ? QStringLiteral("block") : QStringLiteral("char"))
            .arg(number.major)
            .arg(number.minor);
    HealthDevice device;
    device.sysfsPath = QFileInfo(link).canonicalFilePath();
    if (device.sysfsPath.isEmpty())
        return makeError(
            ErrorCode::NoSuchDevice,
            QStringLiteral("the kernel lists no device %1:%2").arg(number.major).arg(number.minor));
    if (!number.block && !isNvmeCharacterDevice(device.sysfsPath, sysRoot))
        return makeError(ErrorCode::NotABlockDevice,
                         QStringLiteral("the character device %1:%2 (%3) is neither a block "
                                        "device nor an NVMe controller: not opened")
                             .arg(number.major)
                             .arg(number.minor)
                             .arg(QFileInfo(device.sysfsPath).fileName()));
    // The nearest NVMe controller or subsystem above the node (or the node itself).
    for (QString dir = device.sysfsPath; dir.size() > sysRoot.size(); dir = QFileInfo(dir).path()) {
        if (isNvmeNamespaceContainer(QFileInfo(dir).fileName())) {
            device.kind = DeviceKind::Nvme;
            device.nvmeNamespacesBytes = namespacesBytes(dir);
            break;
        }
    }
    return device;
}

} // namespace trimscope::health
