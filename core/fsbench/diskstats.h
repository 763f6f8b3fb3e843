#pragma once

#include "common/expected.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QString>
#include <QtGlobal>

namespace trimscope::fsbench {

// The discard counters of one block device: /sys/class/block/<dev>/stat fields 12-15 (kernel
// 4.19+), plus the I/Os in flight (field 9), which tells when queued discards have finished, the
// time the device was busy (field 10), and the reads and writes completed with the time they took
// (fields 1, 4, 5, 8): what other I/O went through while discards ran; and the sectors written
// (field 7): how far a long write has come, counted by the kernel as each write completes.
// The unit of the stat file's sector counts: always 512 bytes, whatever the logical block size.
inline constexpr quint64 kStatSectorBytes = 512;

struct DiskStats
{
    quint64 discardIos = 0;
    quint64 discardMerges = 0;
    quint64 discardSectors = 0; // in kStatSectorBytes
    quint64 discardMilliseconds = 0;
    quint64 inFlight = 0;
    quint64 ioTicksMilliseconds = 0; // time with any I/O in flight (field 10)
    quint64 readIos = 0;
    quint64 readMilliseconds = 0;
    quint64 writeIos = 0;
    quint64 writeMilliseconds = 0;
    quint64 writeSectors = 0; // in kStatSectorBytes
};

// What happened between two DiskStats: the figures every fsbench phase reports.
struct DiscardDelta
{
    quint64 count = 0;
    quint64 merges = 0;
    quint64 bytes = 0;
    double deviceSeconds = 0; // time the device spent on discards, as the kernel accounts it

    double averageBytes() const { return count > 0 ? double(bytes) / double(count) : 0; }
    DiscardDelta &operator+=(const DiscardDelta &other);
    QJsonObject toJson() const;
    static DiscardDelta fromJson(const QJsonObject &json);
    // What fromJson would read as something no count is: the field named under `path`.
    static Error checkJson(const QJsonObject &json, const QString &path);
};

// Parses the one line of a stat file. Needs at least 15 fields; older kernels (no discard
// fields) get Unsupported, garbage InvalidArgument.
Expected<DiskStats> parseDiskStats(QByteArrayView line);

// Counters only grow; a device that was re-created in between (counters went down) reads as zero
// rather than as a huge wrapped number.
DiscardDelta discardDelta(const DiskStats &before, const DiskStats &after);

// Reads /sys/class/block/<name>/stat (sysRoot for tests).
Expected<DiskStats> readDiskStats(const QString &deviceName,
                                  const QString &sysRoot = QStringLiteral("/sys"));

} // namespace trimscope::fsbench
