#pragma once

#include <QDBusObjectPath>
#include <QMap>
#include <QString>
#include <QVariantMap>

namespace trimscope::gui {

// org.freedesktop.DBus.ObjectManager.GetManagedObjects: a{oa{sa{sv}}}
using UdisksInterfaces = QMap<QString, QVariantMap>;
using UdisksObjects = QMap<QDBusObjectPath, UdisksInterfaces>;

void registerUdisksTypes();

// One whole-disk block device udisks2 offers, with what its Drive object says.
struct UdisksDisk
{
    QString objectPath; // /org/freedesktop/UDisks2/block_devices/sda
    QString device;     // /dev/sda
    quint64 size = 0;
    bool readOnly = false;
    QString vendor;
    QString model;
    QString serial;
    QString revision;
    QString bus; // Drive.ConnectionBus: "usb", "sdio", "" ...
};

// Whole disks only: partitions, empty devices and those udisks says to ignore are left out.
// A pure function over the reply, so it is tested without a bus.
QList<UdisksDisk> udisksDisksFrom(const UdisksObjects &objects);

} // namespace trimscope::gui
