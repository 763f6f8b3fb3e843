#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace trimscope {

// One line of /proc/self/mountinfo that concerns a device we look at.
struct DeviceMount
{
    QString deviceName; // "sda1": which of the device or its partitions is mounted
    QString mountPoint;
    QString fsType;
    QString source;
};

// What sysfs and /proc say about one block device (whole disk or partition) at one moment.
// A snapshot: plain data, so the safety policy and the GUI can reason about it without I/O.
struct BlockDevice
{
    QString name; // "sda", "nvme0n1p2", "loop3"
    QString path; // "/dev/sda"
    quint32 major = 0;
    quint32 minor = 0;
    bool isPartition = false;
    QString parentName; // the whole disk of a partition

    quint64 sizeBytes = 0;
    quint32 logicalBlockSize = 512;
    quint32 physicalBlockSize = 512;
    quint64 discardGranularity = 0;
    quint64 discardMaxBytes = 0; // 0: the kernel will not pass discards to this device
    quint64 discardMaxHwBytes = 0;
    bool rotational = false;
    bool readOnly = false;
    bool removable = false;
    bool opticalDrive = false; // SCSI peripheral type 5: CD, DVD, BD
    bool noMedium = false;     // a drive with nothing in it: sizeBytes is 0, not a placeholder

    QString vendor;
    QString model;
    QString serial;
    QString firmware;
    QString transport; // "nvme", "sata", "usb", "virtio", "loop", "mmc", "scsi", ""
    QString loopBackingFile;

    QStringList partitions; // names of its partitions (whole disks only)
    QStringList holders;    // "dm-0 (holds sda2)": anything stacked on the device or a partition
    QList<DeviceMount> mounts;
    QStringList swaps;      // swap areas on the device or its partitions
    bool holdsRoot = false; // "/" lives on it, directly or through a stack of holders

    bool supportsDiscard() const { return discardMaxBytes > 0; }
};

} // namespace trimscope
