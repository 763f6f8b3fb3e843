#pragma once

#include "common/expected.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

// btrfs's own account of its discards (/sys/fs/btrfs/FSID/discard/, Linux 5.6+): what its
// asynchronous discard (discard=async) still has queued, what it saved by not discarding space
// that was reused first, and the limits it paces itself by. The block layer's counters say what
// reached the drive; these say what btrfs holds back. Read-only, no privilege.
namespace trimscope::audit {

struct BtrfsDiscardStats
{
    QString fsid;
    quint64 discardableBytes = 0; // freed, not yet discarded
    quint64 discardableExtents = 0;
    quint64 discardBitmapBytes = 0; // discarded from the free-space bitmaps
    quint64 discardExtentBytes = 0; // discarded as whole extents
    quint64 discardBytesSaved = 0;  // not discarded: reused before their turn came
    quint64 iopsLimit = 0;          // discards a second at most (0: none)
    quint64 kbpsLimit = 0;          // KiB a second at most (0: none)
    quint64 maxDiscardSize = 0;     // bytes per discard at most

    QJsonObject toJson() const;
    static BtrfsDiscardStats fromJson(const QJsonObject &json);
};

// The files of a discard directory (name -> content), as read. InvalidArgument when the counters
// btrfs has had since it got them (discardable_bytes, discardable_extents) are missing or not
// numbers; the others are optional.
Expected<BtrfsDiscardStats> parseBtrfsDiscard(const QString &fsid,
                                              const QMap<QString, QByteArray> &files);

// The fsid of the mounted btrfs filesystem whose devices include `deviceName` ("sda2"), from
// /sys/fs/btrfs/FSID/devices/; empty when none does.
QString btrfsFsidOf(const QString &deviceName, const QString &sysRoot = QStringLiteral("/sys"));

// Reads the discard directory of the btrfs filesystem on `deviceName`: NoSuchDevice when no
// mounted btrfs uses it, Unsupported for a kernel without the directory (before 5.6).
Expected<BtrfsDiscardStats> readBtrfsDiscard(const QString &deviceName,
                                             const QString &sysRoot = QStringLiteral("/sys"));

class SystemSnapshot;

// The same, from a snapshot (SystemSnapshot::capture records every mounted btrfs's devices/ and
// discard/): pure. Nothing where no btrfs uses the device or the kernel keeps no counters.
std::optional<BtrfsDiscardStats> btrfsDiscardIn(const SystemSnapshot &snapshot,
                                                const QString &deviceName);

// How a btrfs filesystem discards, from its mount options: "discard=async" (Linux 6.2+ mounts
// SSDs so by default), "discard" or "discard=sync" (a TRIM per freed extent, on the delete
// path), or not at all.
enum class BtrfsDiscardMode { Off, Sync, Async };
BtrfsDiscardMode btrfsDiscardMode(const QStringList &mountOptions);

// btrfs's own verdict on its asynchronous discard: usually right, as it is. Wrong where a limit
// keeps it trickling: an iops_limit below kMinIopsLimit (the old default of 10 kept drives
// discarding all day; Linux 6.2 made it 1000), or a kbps_limit while more than kMaxBacklogBytes
// wait. The decision only, no words: `tunable` is the discard/ file to write and `value` what.
struct BtrfsAsyncVerdict
{
    enum class Kind { Fine, RaiseIopsLimit, LiftKbpsLimit };
    Kind kind = Kind::Fine;
    QString tunable; // "iops_limit", "kbps_limit"; empty when fine
    quint64 value = 0;
    // At the limits, how long what waits takes to go (0: no limit, or nothing waits).
    double drainSeconds = 0;
};
inline constexpr quint64 kMinIopsLimit = 100;
inline constexpr quint64 kRecommendedIopsLimit = 1000;
inline constexpr quint64 kMaxBacklogBytes = quint64(1) << 30;
BtrfsAsyncVerdict btrfsAsyncVerdict(const BtrfsDiscardStats &stats);

} // namespace trimscope::audit
