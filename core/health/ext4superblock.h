#pragma once

#include "common/expected.h"

#include <QByteArrayView>
#include <QDateTime>

namespace trimscope::health {

// What an ext4 superblock says about the filesystem's lifetime writes: the second source of a
// write rate, for drives whose SMART has no host-write counter.
struct Ext4WriteStats
{
    quint64 lifetimeWriteKiB = 0; // s_kbytes_written (offset 0x178)
    QDateTime created;            // s_mkfs_time (0x108, with s_mkfs_time_hi 0x256); invalid if 0

    // Age in days at `now`, or nullopt when the creation time is unknown or in the future.
    std::optional<double> ageDays(const QDateTime &now) const;
};

// superblock: the 1024 bytes at offset 1024 of the filesystem.
Expected<Ext4WriteStats> parseExt4Superblock(QByteArrayView superblock);

} // namespace trimscope::health
