#pragma once

#include "blockdevice.h"
#include "common/expected.h"
#include "opticalmedium.h"

namespace trimscope {

// Reads sysfs and /proc into BlockDevice snapshots. Read-only; never opens a device, but for
// the questions sysfs cannot answer: whether an optical drive holds a disc (mediumQuery), and
// on the live system whether a sibling partition is claimed exclusively (isClaimedExclusively).
// The roots and the query are parameters so tests can point the probe at a recorded tree.
class DeviceProbe
{
public:
    explicit DeviceProbe(QString sysRoot = QStringLiteral("/sys"),
                         QString procRoot = QStringLiteral("/proc"),
                         OpticalMediumQuery mediumQuery = queryOpticalMedium);

    // For readers that never act on a device (metrics, the history collector): sysfs and
    // /proc/self only. Who holds a device open for writing (a walk of every process's open
    // files: 70 % of the collector's instructions beside 300 processes), which sibling is
    // claimed (an O_EXCL open of each) and whether an optical drive holds a disc (an ioctl on
    // it) are not asked; those fields stay empty, which only the safety checks would read.
    static DeviceProbe sysfsOnly();

    // A path to a block device node (a /dev/disk/by-* symlink is followed). Refuses anything
    // else with NoSuchDevice or NotABlockDevice.
    Expected<BlockDevice> probePath(const QString &path) const;
    // A kernel name such as "sda" or "loop3".
    Expected<BlockDevice> probeName(const QString &name) const;
    // A device number (st_rdev of a node or of an open fd): what a sandbox that has no device
    // nodes, only an fd lent by udisks2, knows of the device.
    Expected<BlockDevice> probeNumber(quint32 major, quint32 minor) const;
    // Every whole disk with a non-zero size or an empty drive's bay (partitions are listed inside
    // their disk), skipping RAM disks and zram, which are never what a TRIM benchmark is for.
    QList<BlockDevice> listDisks() const;
    // The device and everything it is built on, transitively: dm-0 -> sda2 -> sda. A whole disk
    // with nothing below it is the one name.
    QStringList lowerDevicesOf(const QString &name) const;

private:
    QString classBlockDir(const QString &name) const;
    QString readAttribute(const QString &name, const QString &relativePath) const;
    quint64 readNumber(const QString &name, const QString &relativePath) const;
    void readIdentity(BlockDevice &device, const QString &diskName) const;
    void readMedium(BlockDevice &device, const QString &diskName) const;
    // The mount and swap tables with the device of each entry resolved, and what the root
    // mount is built on: read once for all the disks listDisks probes (per disk, resolving
    // every mount cost ~100 readlinks a disk).
    struct UsageTables;
    UsageTables readUsageTables() const;
    Expected<BlockDevice> probeName(const QString &name, const UsageTables &tables) const;
    void readUsage(BlockDevice &device, const UsageTables &tables) const;
    // What only the running system can tell (a recorded tree's nodes are not this machine's):
    // siblings claimed exclusively, processes writing to the device. Opens sibling nodes
    // O_RDONLY | O_EXCL for a moment; reads nothing from them.
    void readLiveUsage(BlockDevice &device, const QStringList &siblings) const;

    QString m_sysRoot;
    QString m_procRoot;
    OpticalMediumQuery m_mediumQuery;
    bool m_liveQueries = true;
};

} // namespace trimscope
