#pragma once

#include "advice.h"
#include "auditmatch.h"
#include "trimcurve.h"

#include <QList>
#include <QString>
#include <optional>

namespace trimscope::advice {

// The discards deleting a kernel tree sends on one filesystem, wherever the figures come from.
struct FsEstimate
{
    QString filesystem;
    double discardCount = 0;
    double averageDiscardBytes = 0;
    FigureBasis basis = FigureBasis::Recorded;
    QString source; // in words
    std::optional<double> fstrimSeconds;
    std::optional<TreeDelete> largestDelete; // the measured delete the figures rest on
    // The deletes were replayed on a simulated drive: its figures are the model's, said so
    // wherever "measured" would stand (issue 47: "(measured)" beside "Simulated, not measured").
    bool simulated = false;
    std::optional<double> countMargin; // KernelTreeDiscards::countMargin
    double extrapolationMargin = 0;    // KernelTreeDiscards::extrapolationMargin
};

// What online discard would add to that delete on the measured drive, and its verdict.
//
// What the discards cost, from quantities that do not change with the machine's load: the count
// and size of the filesystem's discards, and the drive's own time for a TRIM of that size (the
// sweep's medians, taken at the physical floor). The delete frees the tree's bytes once: that
// many bytes' worth of its discards trim written data and cost what the sweep measured; the rest
// trim free space the filesystem discarded before (ext4 discards the same free ranges many times
// over: 15-20 GiB for a 493 MB tree), which costs what the sweep's empty-space check measured.
// Measured against fsbench's kernel preset on emulated drives: see tst_advice's
// deleteCostFromScalingQuantities. (Before, the kernel's discard ticks of the delete itself
// stood for the drive's time: they add up every request's time in the queue, which grows with
// the machine's load and with how many discards a filesystem sends at once.)
struct FsPrediction
{
    FsEstimate estimate;
    double trimSeconds = 0;      // one discard of the average size, written data (the curve)
    double emptyTrimSeconds = 0; // the same over empty space: the empty-space check, else equal
    double writtenDiscards = 0;  // how many of them trim the tree's freed data
    double deleteSeconds = 0;    // all of them
    // One of them on average, written data and free space together (deleteSeconds over the
    // count): the one figure for "one discard" that the numbers and "what would change" give.
    double averageSeconds = 0;
    double margin = 0;
    double threshold = 0;
    FilesystemVerdict verdict;
};

// One estimate per filesystem that matters: those in use on the drive when the audit says which,
// else every one measured or given, and ext4 and XFS. Measured deletes first, then given
// profiles, then the deletes recorded on a current kernel (fsbench/recordedprofiles.h); a
// filesystem with none of these gets no estimate. `drive` names the drive in the sources.
QList<FsEstimate> estimateFilesystems(const AdviceInput &input, const AuditMatch &audit,
                                      const QString &drive);

// What `discardCount` discards of `averageDiscardBytes` on average, sent by deleting a tree of
// `treeBytes`, cost the drive of `curve`: as many of them as the tree's bytes fill trim written
// data (the curve's time), the rest free space (the empty-space check's). Nothing when the curve
// is empty. The one price of a delete's discards: the advice's per filesystem, the diagnosis's
// plan of its filesystem experiment.
struct DeletePrice
{
    double trimSeconds = 0;
    double emptyTrimSeconds = 0;
    double writtenDiscards = 0;
    double seconds = 0; // all of them
};
std::optional<DeletePrice> priceDelete(const TrimCurve &curve, double discardCount,
                                       double averageDiscardBytes, double treeBytes);

// What deleting a tree of `treeBytes` on `filesystem` mounted with online discard sends and what
// that costs the drive of `curve`: from the deletes of that filesystem in `deletes` (measured on
// this drive), else from the kernel-tree delete recorded for it (fsbench/recordedprofiles.h),
// scaled to the tree (treeDiscards) and priced (priceDelete). Nothing for a filesystem without
// a record or a curve that prices nothing.
struct TreeDiscardCost
{
    double discardCount = 0;
    double discardBytes = 0;
    double seconds = 0;
};
std::optional<TreeDiscardCost> treeDiscardCost(const QString &filesystem, double treeBytes,
                                               const QList<TreeDelete> &deletes,
                                               const TrimCurve &curve);

// The estimates the curve can price, each with its verdict within its margin against its
// filesystem's limit.
QList<FsPrediction> predictDeletes(const QList<FsEstimate> &estimates, const TrimCurve &curve,
                                   const AdviceThresholds &thresholds);

} // namespace trimscope::advice
