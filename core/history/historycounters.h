#pragma once

#include <QString>
#include <QtGlobal>
#include <optional>

// What a drive's discard counters add to its day, without ever subtracting the counters of one
// attachment from another's (issue 46, item 10). Pure: the collector reads, the store keeps the
// last reading (its `counters` table), this decides.
namespace trimscope::history {

struct DiscardCounts
{
    quint64 ios = 0;
    quint64 sectors = 0; // 512-byte units
    quint64 milliseconds = 0;
};

// The discard counters of the drive's whole-disk device as read now (/sys/block/X/stat).
struct DiscardCounterReading
{
    QString bootId; // /proc/sys/kernel/random/boot_id: counters restart with every boot
    quint64 ios = 0;
    quint64 sectors = 0; // 512-byte units
    quint64 milliseconds = 0;
    // The medium's number (/sys/block/X/diskseq, Linux 5.15; 0 where the kernel has none): new
    // with every attachment, medium and re-plugged disk, from one sequence for the whole boot.
    quint64 diskseq = 0;
    // The disk outlives its media and keeps its counters across them (a loop or nbd device
    // attached again, a card or disc swapped: watch::mediumCanChange): its counters since boot
    // may hold other media's discards.
    bool mediumCanChange = false;
    // For such a disk: its counters at the first sighting of this attachment (the attachment
    // ledger, watch/attachment.h), where that was before this reading; none otherwise.
    std::optional<DiscardCounts> attachmentFirst;

    DiscardCounts counts() const { return {ios, sectors, milliseconds}; }
};

// The discards served between the last reading kept (`before`) and `now`, or none where they are
// not known (the first reading, or counters of another attachment with no earlier sighting of
// this one): then `now` only starts a new series.
//
// Within one boot and one attachment (the same diskseq; where either has none, a disk whose
// medium cannot change is taken as the same) the counters only grow: the difference. Otherwise
// a new series began: a disk whose medium cannot change counted from 0 since (a boot, or the disk
// appeared again under another diskseq), so all of `now` is new; one whose medium can change is
// counted from this attachment's first sighting where the ledger has one later than `before`,
// and not at all otherwise, never against another attachment's counts.
std::optional<DiscardCounts> discardsSince(const std::optional<DiscardCounterReading> &before,
                                           const DiscardCounterReading &now);

} // namespace trimscope::history
