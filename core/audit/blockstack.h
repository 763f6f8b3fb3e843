#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope::audit {

class SystemSnapshot;

enum class LayerKind { Crypt, Lvm, DeviceMapper, Raid, Loop, Partition, Disk };

// "crypt", "lvm", "dm", "raid", "loop", "partition", "disk": stable names for JSON.
QString layerKindName(LayerKind kind);
std::optional<LayerKind> layerKindFromName(const QString &name);

// One block device in the stack under a filesystem or swap area.
struct StackLayer
{
    QString name; // sysfs name: "dm-0", "md127", "sda2"
    LayerKind kind = LayerKind::Disk;
    QString label;     // dm name, raid level or loop backing file; empty for plain devices
    int depth = 0;     // 0 is the device the filesystem sits on; disks are deepest
    QStringList lower; // names of the layers directly below this one
    quint64 discardMaxBytes = 0;
    quint64 discardGranularity = 0;
    bool discardPasses = false;              // queue/discard_max_bytes > 0
    std::optional<bool> cryptAllowsDiscards; // from `dmsetup table`; unknown without root
    std::optional<quint64> startSector; // partitions: in 512-byte sectors, whatever the LBA size
    std::optional<bool> rotational;     // disks
    QString controllerDriver; // disks: driver of the nearest PCI device (ahci, ata_piix, nvme)
    QString controllerClass;  // disks: PCI class of that device (0x010601 is AHCI)
    QString model;            // disks: sysfs device/model (ATA: its first 16 characters), trimmed

    QString devicePath() const; // "/dev/sda2", "/dev/mapper/cryptroot"
    QJsonObject toJson() const;
    static std::optional<StackLayer> fromJson(const QJsonObject &json);
};

struct StorageStack
{
    QList<StackLayer> layers; // breadth-first: the top device first, disks last

    bool isEmpty() const { return layers.isEmpty(); }
    const StackLayer *find(const QString &name) const;
    QList<const StackLayer *> disks() const;
    // Where discards end as far as this computer sees: its disks, or a loop device whose backing
    // file lies on no block device (tmpfs, FUSE: the emulated drives). Such a loop device is the
    // drive that watch measures, and the audit, the advice and apply see it as that drive too.
    QList<const StackLayer *> bottoms() const;
    // Solid-state or at least discard-capable: thin virtual disks want TRIM as much as SSDs.
    bool onSolidState() const;
    bool discardsReachDisk() const;
    QJsonArray toJson() const;
    static std::optional<StorageStack> fromJson(const QJsonArray &json);
};

// The sysfs name ("sda2") of a block device, from "8:2" or from a /dev path; empty if unknown.
QString blockNameForDevNumber(const SystemSnapshot &snapshot, const QString &majorMinor);
QString blockNameForDevPath(const SystemSnapshot &snapshot, const QString &path);

// Walks from a block device down through dm, md, loop and partitions to the disks.
StorageStack walkStack(const SystemSnapshot &snapshot, const QString &topName);

} // namespace trimscope::audit
