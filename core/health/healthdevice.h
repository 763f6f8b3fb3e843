#pragma once

#include "common/expected.h"

#include <QString>

namespace trimscope::health {

enum class DeviceKind { Ata, Nvme };

// A device node's number, the only thing about a node that names the device: /dev/disk/by-id
// links, renamed nodes and a container's own /dev all resolve through it.
struct DeviceNumber
{
    bool block = true; // else a character device (/dev/nvme0, /dev/ng0n1)
    quint32 major = 0;
    quint32 minor = 0;
};

// stat(2) of the node. NotABlockDevice for anything but a block or character device.
Expected<DeviceNumber> deviceNumberOf(const QString &devicePath);

// Where a node's health comes from, found in sysfs by its number as the sweep finds devices.
struct HealthDevice
{
    DeviceKind kind = DeviceKind::Ata;
    QString sysfsPath; // the node's canonical sysfs directory
    // NVMe: the sizes of the namespaces its controller (or subsystem) holds, in bytes. The whole
    // drive, whether the node is the controller, a namespace or a partition.
    double nvmeNamespacesBytes = 0;
};

// Why a device has no health to read, from its canonical sysfs path alone, decided before
// anything is opened or any password asked for; empty when it may have some. A virtual block
// device (loop,
// device-mapper, RAID, zram, nbd: /sys/devices/virtual/block/...), a virtio disk, an MMC card.
// `node` names the device in the words ("/dev/loop0").
QString noHealthReasonOf(const QString &sysfsPath, const QString &node);

// What the kernel refused, in words that name it: `what` failed on `devicePath` with errno
// `err`. Permission errors blame a missing privilege only when this ran without one
// (`privileged` false); as root the device itself refused. A node on a filesystem mounted nodev
// is refused to everyone, and said so: that mount refused it, not the device.
Error deviceAccessError(const QString &devicePath, int err, const QString &what, bool privileged);

// NoSuchDevice when the kernel lists no such device number. NotABlockDevice for a character
// device that is not an NVMe node (sysfs class nvme: a controller; nvme-generic: a namespace's
// generic node): asked before anything opens it, since opening /dev/watchdog arms the watchdog
// and a terminal or tape may act on an open too.
Expected<HealthDevice> resolveHealthDevice(const DeviceNumber &number,
                                           const QString &sysRoot = QStringLiteral("/sys"));

} // namespace trimscope::health
