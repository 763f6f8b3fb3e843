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
    bool onlineDiscard = false; // mounted with discard (or discard=async)
    QString majorMinor;         // the filesystem's device number, as mountinfo gives it
};

// Another partition of the same whole disk that the system uses. Destructive work on a
// partition beside it risks the system: a wrong partition table entry, an ESP mounted on demand,
// a locked LUKS volume or a Windows partition nobody meant to erase sit on the same disk.
struct SiblingUse
{
    // Claimed: opened exclusively by something (mounted in another mount namespace, where
    // mountinfo does not reach; a program's O_EXCL open), seen only by the kernel's EBUSY.
    enum class Kind { HoldsRoot, Mounted, Swap, Held, Claimed };
    QString name; // "sda1"
    Kind kind = Kind::Mounted;
    QString detail; // Mounted: the mount point; Swap: the swap path; Held: the holder ("dm-0")
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
    // The kernel's number for the medium now behind the node (sysfs diskseq, Linux 5.15+; 0
    // where it has none): new for every medium and every loop attach, unlike major:minor.
    quint64 diskSeq = 0;

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
    // Partitions only: what the other partitions of its disk are used for (empty: nothing).
    QList<SiblingUse> siblingsInUse;
    // Processes that hold it open for writing without O_EXCL (a VM's disk), or its partitions,
    // or (a partition) its whole disk: "1234 qemu-system-x86 (sdb)".
    struct Writer
    {
        qint64 pid = 0;
        QString command;
        QString deviceName;
    };
    QList<Writer> openForWriting;

    bool supportsDiscard() const { return discardMaxBytes > 0; }
};

} // namespace trimscope
