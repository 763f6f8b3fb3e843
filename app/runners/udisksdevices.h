#pragma once

#include "common/expected.h"
#include "device/blockdevice.h"
#include "device/deviceprobe.h"

#include <QDBusConnection>
#include <QDBusObjectPath>
#include <QMap>
#include <QString>
#include <QVariantMap>
#include <optional>

namespace trimscope {

// What the host's udisks2 knows of the drives, read from its ObjectManager. Shared by the GUI's
// UdisksBackend (the list) and UdisksJobRunner (the check before asking udisks to open a device),
// so both judge a device by the same facts.

// org.freedesktop.DBus.ObjectManager.GetManagedObjects: a{oa{sa{sv}}}
using UdisksInterfaces = QMap<QString, QVariantMap>;
using UdisksObjects = QMap<QDBusObjectPath, UdisksInterfaces>;

void registerUdisksTypes();

// udisks2 hands paths over as NUL-terminated byte strings (ay), lists of them as aay.
QString udisksPathFrom(QByteArray bytes);
QStringList udisksPathsFrom(const QVariant &value);

inline const QString kUdisksService = QStringLiteral("org.freedesktop.UDisks2");

// One whole-disk block device udisks2 offers, with what its Drive object says and how udisks
// sees it and its partitions used.
struct UdisksDisk
{
    QString objectPath; // /org/freedesktop/UDisks2/block_devices/sda
    QString device;     // /dev/sda
    quint32 major = 0;
    quint32 minor = 0;
    quint64 size = 0;
    bool readOnly = false;
    bool hintSystem = false; // udisks asks polkit for open-device-system, not open-device
    QString drivePath;       // empty: no drive behind it (a loop device)
    QString vendor;
    QString model;
    QString serial;
    QString revision;
    QString bus;              // Drive.ConnectionBus: "usb", "sdio", "" ...
    qint32 rotationRate = -1; // Drive.RotationRate: -1 unknown, 0 non-rotating, else rpm
    bool hasAta = false;      // the drive has org.freedesktop.UDisks2.Drive.Ata
    bool hasNvme = false;     // ... org.freedesktop.UDisks2.NVMe.Controller (udisks >= 2.10)
    // Filesystem.MountPoints and Swapspace.Active of the disk and its partitions, as udisks sees
    // them on the host: inside a sandbox /proc/self/mountinfo shows the sandbox's mounts only.
    QList<DeviceMount> mounts;
    QStringList swaps;
};

// Whole disks only: partitions, empty devices and those udisks says to ignore are left out.
// A pure function over the reply, so it is tested without a bus.
QList<UdisksDisk> udisksDisksFrom(const UdisksObjects &objects);

// The disk udisks offers at `objectPath`, or else for `device`: a /dev path as udisks names it,
// or a node on this system, matched by its device number.
std::optional<UdisksDisk> findUdisksDisk(const UdisksObjects &objects, const QString &device,
                                         const QString &objectPath = {});

// The facts the safety policy judges: sysfs by the device number (which a sandbox shows, unlike
// /dev), joined with the mounts and swap udisks sees on the host. `why` says what sysfs did not.
BlockDevice blockDeviceOf(const UdisksDisk &disk, const DeviceProbe &probe = DeviceProbe(),
                          QString *why = nullptr);

// Manager.Version ("2.9.4"), empty when the reply did not carry it.
QString udisksVersionFrom(const UdisksObjects &objects);

// GetManagedObjects, waited for (at most `timeoutMs`); the D-Bus error in words otherwise.
Expected<UdisksObjects> fetchUdisksObjects(const QDBusConnection &bus, int timeoutMs = 10000);

} // namespace trimscope
