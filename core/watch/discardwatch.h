#pragma once

#include "audit/btrfsdiscard.h"
#include "common/expected.h"
#include "device/blockdevice.h"
#include "device/driveinfo.h"
#include "fsbench/diskstats.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>

// The discards a drive in use served, as the kernel counts them for every block device
// (/sys/class/block/NAME/stat, fields 10 and 12-15): whoever sent them (online discard, fstrim,
// mkfs), on the drive people boot from too. Read-only, without privilege.
namespace trimscope::audit {
class SystemSnapshot;
}

namespace trimscope::watch {

// The counters of a disk and its partitions at one moment.
struct CounterSnapshot
{
    QDateTime at;
    // The disk's medium then (/sys/block/X/diskseq of the first name read; 0: a kernel without).
    // Counters of two media are never compared (issue 46, item 10).
    quint64 diskseq = 0;
    QMap<QString, fsbench::DiskStats> devices; // by kernel name
};

// A filesystem mounted on a watched device, as it was mounted when the watch ended.
struct WatchedFilesystem
{
    QString mountPoint;
    QString fsType;
    bool onlineDiscard = false; // mounted with discard (or discard=async)
    QString majorMinor;         // its device number, which a timed fstrim names it by
    // btrfs: its own discard counters as they were when the watch ended (what async discard
    // still holds back, what it saved, its pace).
    std::optional<audit::BtrfsDiscardStats> btrfs;

    QJsonObject toJson() const;
    static WatchedFilesystem fromJson(const QJsonObject &json);
};

// One block device's discards between two snapshots.
struct DiscardUse
{
    QString name;                         // "sda", "sda2"
    QStringList mountPoints;              // the filesystems on it
    QList<WatchedFilesystem> filesystems; // the same, with type and mount options
    fsbench::DiscardDelta discards;
    double busySeconds = 0; // time it had any I/O in flight (field 10)

    // The device time on discards as a share of the period; several queued discards count
    // each, so a busy queue can pass 1.
    double shareOfPeriod(double periodSeconds) const;
    // Some filesystem on it is mounted with online discard.
    bool onlineDiscard() const;
};

struct DiscardWatch
{
    DriveInfo drive;   // the whole disk
    QDateTime started; // the period's start: boot, for counters since boot
    double periodSeconds = 0;
    bool sinceBoot = false;
    // Counters since boot that are not this device's alone, in words (empty when they are): a
    // loop device keeps its counters from one attachment to the next, so a loop number attached
    // minutes ago may show what earlier users of that number sent (issue 46: 25,124 discards and
    // 190 GiB on a loop device attached 9 minutes before). No verdict is priced on them.
    QString foreignCounters;
    // Where the counters are counted from a sighting of the device's present medium instead of
    // boot (watch/attachment.h), that, in words; empty otherwise.
    QString countedSince;
    QList<DiscardUse> uses; // the whole disk first, then its partitions in the kernel's order

    // The device a filesystem mounted at `mountPoint` is on; null when none is watched here.
    const DiscardUse *useOf(const QString &mountPoint) const;
    // The body of the watch file (io.github.trimscope.watch; report/ adds the envelope).
    QJsonObject toJson() const;
    static Expected<DiscardWatch> fromJson(const QJsonObject &json);
};

// The names a watch of `disk` reads: the disk itself and its partitions.
QStringList watchedNames(const BlockDevice &disk);

// Reads the counters of `names` (sysRoot for tests). A device without discard counters
// (a kernel before 4.19) is Unsupported, a missing one IoError.
Expected<CounterSnapshot> readCounters(const QStringList &names,
                                       const QString &sysRoot = QStringLiteral("/sys"));

// What happened between two snapshots of `disk` (whose mounts name the filesystems). The
// counters only grow; a device re-created meanwhile reads as nothing rather than a wrap; a medium
// changed meanwhile (another diskseq: a loop device attached again) is said in foreignCounters.
DiscardWatch compareSnapshots(const BlockDevice &disk, const CounterSnapshot &before,
                              const CounterSnapshot &after);

// Everything since boot: the counters as they are, the period the system's uptime.
DiscardWatch sinceBoot(const BlockDevice &disk, const CounterSnapshot &now, double uptimeSeconds);

// Adds what filesystems count of their own discards (btrfs) to a watch, as they are now.
void addFilesystemCounters(DiscardWatch &watch, const QString &sysRoot = QStringLiteral("/sys"));

// The counters of `disk` and its partitions now, as everything since boot (what `watch` without
// a period shows, and what the advice for the drive in use reads); for a disk whose medium can
// change, since the first sighting of its present one (watch/attachment.h), noted in the ledger
// at `ledgerPath` (empty: AttachmentLedger::defaultPath()); for another disk that appeared after
// boot, since udev first saw it (`udevRoot`).
Expected<DiscardWatch> readSinceBoot(const BlockDevice &disk,
                                     const QString &sysRoot = QStringLiteral("/sys"),
                                     const QString &procRoot = QStringLiteral("/proc"),
                                     const QString &ledgerPath = QString(),
                                     const QString &udevRoot = QStringLiteral("/run/udev"));

// Which drive a watch counts and which filesystems sit on it, as the audit, the advice and apply
// see them (issue 46, item 7: one view): the storage stack under a filesystem, walked down
// through device-mapper, RAID, loop devices and partitions (audit::walkStack). Pure: they read a
// snapshot.
// The drive whose counters a watch of block device `deviceName` reads: the bottom of its stack
// (audit::StorageStack::bottoms: a disk, or a loop device over a file on no block device), the
// first where there are several (RAID); a partition's own disk where the stack names none.
QString watchedDriveName(const audit::SystemSnapshot &snapshot, const QString &deviceName);

// The mounted filesystems over each device of `watch`, through any stack (an opened LUKS volume
// on a partition, LVM, a loop device over a file on it): each listed on the shallowest watched
// device its stack reaches. Replaces what each device's own mounts said.
void placeFilesystems(DiscardWatch &watch, const audit::SystemSnapshot &snapshot);

// /proc/uptime's first field (procRoot for tests).
Expected<double> readUptimeSeconds(const QString &procRoot = QStringLiteral("/proc"));

} // namespace trimscope::watch
