#pragma once

#include "common/expected.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>

// btrfs's own account of its discards (/sys/fs/btrfs/FSID/discard/, Linux 5.6+): what its
// asynchronous discard (discard=async) still has queued, what it saved by not discarding space
// that was reused first, and the limits it paces itself by. The block layer's counters say what
// reached the drive; these say what btrfs holds back. Read-only, no privilege.
namespace trimscope::watch {

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

} // namespace trimscope::watch
