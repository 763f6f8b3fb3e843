#pragma once

#include "common/expected.h"
#include "common/jsonfields.h"
#include "device/runrecord.h"
#include "fsbench/diskstats.h"

#include <QJsonObject>
#include <QList>
#include <QString>

// A timed fstrim of a mounted filesystem's free space: FITRIM in pieces (fstrim_range start, len,
// minlen), each timed, with the discards its device served and what other I/O on the drive did
// meanwhile. Safe on the system drive: the filesystem trims only what it knows to be free, never
// data. Its plan, its result and its file; the run is fstrimrunner.h.
namespace trimscope::watch {

struct FstrimTimingPlan
{
    // The filesystem, by the device number the kernel gives it (mountinfo's "8:2"; btrfs and
    // other filesystems without one block device "0:45"): not a path, which a mount or a link
    // can change between the question and the answer.
    quint32 filesystemMajor = 0;
    quint32 filesystemMinor = 0;
    // Each piece's range (fstrim_range.len); 0: defaultPieceBytes for the filesystem's size.
    quint64 pieceBytes = 0;
    // fstrim_range.minlen: free extents shorter than this are left; 0: the filesystem's own.
    quint64 minimumBytes = 0;

    QString filesystemNumber() const; // "8:2"

    // Its keys, for its codec and for the helper's bounds (common/jsonfields.h).
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"filesystem_major", &FstrimTimingPlan::filesystemMajor},
            JsonField{"filesystem_minor", &FstrimTimingPlan::filesystemMinor},
            JsonField{"piece_bytes", &FstrimTimingPlan::pieceBytes},
            JsonField{"minimum_bytes", &FstrimTimingPlan::minimumBytes},
        };
    }
    QJsonObject toJson() const;
    static FstrimTimingPlan fromJson(const QJsonObject &json);
};

// "8:2" -> {8, 2}; nothing for anything else.
std::optional<std::pair<quint32, quint32>> parseDeviceNumber(const QString &text);

// InvalidArgument, naming what: no filesystem number, a piece that is not a multiple of 1 MiB or
// over 1 TiB, a minimum over 1 GiB.
Error validateFstrimTimingPlan(const FstrimTimingPlan &plan);

// A piece size that gives a filesystem about 64 pieces, in whole multiples of 128 MiB (an ext4
// block group with 4 KiB blocks: ext4 remembers a group as trimmed only when one call covered it
// whole), at most 8 GiB.
quint64 defaultPieceBytes(quint64 filesystemBytes);

// The ranges FITRIM is asked for, in order, from 0 to the filesystem's size; the last one reaches
// to the end of the address space (btrfs places its block groups at logical addresses beyond
// its size). At least one.
struct FstrimRange
{
    quint64 start = 0;
    quint64 length = 0; // 0: to the end of the address space

    // fstrim_range.len for this range.
    quint64 ioctlLength() const;
};
QList<FstrimRange> planPieces(quint64 filesystemBytes, quint64 pieceBytes);

// What the rest of the drive's I/O did while a piece ran, from its /sys stat counters.
struct OtherIo
{
    quint64 completed = 0;   // reads and writes completed meanwhile
    double waitSeconds = 0;  // the time those spent from issue to completion, summed
    double busySeconds = 0;  // the drive had any I/O in flight (the discards' own time too)
    quint64 maxInFlight = 0; // the most requests in flight at one look, the discards included

    double averageWaitSeconds() const;
    QJsonObject toJson() const;
    static OtherIo fromJson(const QJsonObject &json);
};

// Between two stat readings of the drive; maxInFlight is the caller's (sampled meanwhile).
OtherIo otherIoBetween(const fsbench::DiskStats &before, const fsbench::DiskStats &after);

// What the device still served after FITRIM returned: XFS's FITRIM returns while its last
// discards are on their way (Linux 6.18 here: 4 of 5 counted at the return, the fifth 0.22 s
// later; a hold-out drive finished 24 of 424 after fstrim printed its total). Counted until the
// device has no request in flight and its discard counters stand still, within a bound.
// The longest a run waits, over all its pieces, for the device's tail.
inline constexpr double kFstrimTailBoundSeconds = 30;

struct FstrimTail
{
    fsbench::DiscardDelta discards; // served after the return (part of the piece's discards)
    double seconds = 0;             // from the return until the device was seen quiet
    bool cutShort = false;          // the bound ran out with requests still in flight

    QJsonObject toJson() const;
    static FstrimTail fromJson(const QJsonObject &json);
};

struct FstrimPiece
{
    quint64 start = 0;              // asked
    quint64 length = 0;             // asked; 0: to the end
    quint64 trimmedBytes = 0;       // what the filesystem answered it trimmed (fstrim_range.len)
    double seconds = 0;             // the FITRIM call, by the monotonic clock
    fsbench::DiscardDelta discards; // what reached the filesystem's device, the tail included
    FstrimTail tail;                // after the call returned
    OtherIo otherIo;

    // The call and its tail: how long the drive worked on this piece.
    double driveSeconds() const { return seconds + tail.seconds; }
    QJsonObject toJson() const;
    static FstrimPiece fromJson(const QJsonObject &json);
};

// The filesystem as it was found when the run began.
struct TrimmedFilesystem
{
    QString mountPoint;
    QString fsType;
    QString device;     // the block device it is on: "/dev/sda2"
    QString deviceName; // whose discards count: "sda2"
    QString diskName;   // whose other I/O is watched: "sda"
    quint32 major = 0;  // the filesystem's number (plan)
    quint32 minor = 0;
    quint64 sizeBytes = 0; // statfs at the start
    quint64 freeBytes = 0;
    bool onlineDiscard = false; // mounted with discard (or discard=async)

    QJsonObject toJson() const;
    static TrimmedFilesystem fromJson(const QJsonObject &json);
};

struct FstrimTimingResult : RunRecord
{
    FstrimTimingPlan plan;
    TrimmedFilesystem filesystem;
    QList<FstrimPiece> pieces; // in the order run; a cancelled run holds those done
    int plannedPieces = 0;

    // Sums over the pieces run. trimSeconds: the drive's time (each call and its tail).
    double trimSeconds() const;
    double callSeconds() const; // the FITRIM calls alone
    FstrimTail tail() const;    // the tails' sums; cutShort when any was
    quint64 trimmedBytes() const;
    fsbench::DiscardDelta discards() const;
    OtherIo otherIo() const;                 // maxInFlight: the largest of any piece
    const FstrimPiece *longestPiece() const; // by driveSeconds()
    // Trimmed bytes per second of FITRIM; 0 when nothing was trimmed.
    double bytesPerSecond() const;
    // A complete run in which the filesystem trimmed nothing and the device saw no discard: ext4
    // (and btrfs for space never allocated) remembers what it trimmed since the mount.
    bool trimmedNothingNew() const;

    // The body of the result file (io.github.trimscope.fstrim-timing; report/ adds the envelope).
    QJsonObject toJson() const;
    static Expected<FstrimTimingResult> fromJson(const QJsonObject &json);
};

} // namespace trimscope::watch
