#pragma once

#include "backends/backend.h"
#include "watch/discardwatch.h"

#include <QHash>
#include <optional>

namespace trimscope::gui {

// The counting period the user chose for each real drive in use: since boot, or from the moment
// they pressed "Start a new period". What the "This drive in use" panel shows and what the
// drive's one verdict (the Advice tab's) reads are the same counters over the same period
// (issue 47: the panel counted the period the user started, 171 discards, while Advice priced
// 25,124 since-boot discards that earlier users of that loop number had sent). One per window,
// shared by both tabs; kept per drive, so a period survives selecting another drive and back.
class WatchPeriods
{
public:
    // Starts a new period for `drive` now, from its counters as they are; the error when they
    // cannot be read (the period is then left as it was).
    Error startNewPeriod(const DriveEntry &drive, const BlockDevice &disk);
    // Counts everything since boot again.
    void countSinceBoot(const DriveEntry &drive);
    bool hasPeriod(const DriveEntry &drive) const;
    // `disk`'s counters now over the period chosen for `drive`, with what its filesystems count
    // of their own (btrfs); a since-boot reading says when its counters may be another
    // attachment's. Nothing is read for a simulated drive (InvalidArgument).
    Expected<watch::DiscardWatch> read(const DriveEntry &drive, const BlockDevice &disk) const;

private:
    QHash<QString, watch::CounterSnapshot> m_started; // by drive id
};

// The counters over the chosen period of a real drive, probed and read now; none for a simulated
// drive or one whose counters cannot be read. Without `periods`: since boot.
std::optional<watch::DiscardWatch> chosenWatch(const WatchPeriods *periods,
                                               const DriveEntry &drive);

} // namespace trimscope::gui
