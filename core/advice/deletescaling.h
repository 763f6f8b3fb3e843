#pragma once

#include "common/expected.h"
#include "fsbench/fsbench.h"
#include "fsbench/recordedprofiles.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace trimscope::advice {

// One delete of a tree on a filesystem mounted with online discard, as the device saw it: every
// discard command from the delete to the unmount (XFS sends some of them when it unmounts), after
// the block layer merged what the filesystem issued.
struct TreeDelete
{
    QString filesystem;
    int files = 0;
    double treeBytes = 0;
    double discardCount = 0;
    double discardBytes = 0;
    double withDiscardSeconds = 0;               // delete + sync + settle, as fsbench measures
    std::optional<double> withoutDiscardSeconds; // the same tree's delete without discard
    std::optional<double> fstrimSeconds;         // fstrim after that delete
    // The time the device spent on those discards, as the kernel accounts it (the discard ticks
    // of /sys/block/*/stat): nothing in results written before it was recorded. Kept for the
    // record, not for predictions: the ticks add up the time every request waited while others
    // were in flight, which grows with how many a filesystem sends at once and with the load of
    // the machine (XFS's ticks came to 6x the delete's whole extra time).
    std::optional<double> deviceSeconds;
    // Replayed on a simulated drive from the model's figures, not measured on a device.
    bool simulated = false;

    QJsonObject toJson() const;
    static Expected<TreeDelete> fromJson(const QJsonObject &json);
};

// One per filesystem whose online-discard run was measured, with the figures of the same
// filesystem's run without discard when there is one.
QList<TreeDelete> treeDeletesOf(const fsbench::FsBenchResult &result);

// Where the kernel tree's discard figures of a filesystem come from.
enum class FigureBasis {
    Measured,     // deleted on this drive, a kernel-sized tree
    Extrapolated, // deleted on this drive at two or more smaller sizes
    Scaled,       // deleted on this drive at one smaller size, scaled by its bytes
    Recorded,     // a kernel-tree delete recorded on a current kernel, on another drive
    Literature,   // the trim_perf.c article (kernel 3.1): only in results from before wave 3
};
// "measured", "extrapolated", "scaled", "recorded", "literature"
QString figureBasisName(FigureBasis basis);
std::optional<FigureBasis> figureBasisFromName(const QString &name);
// How far off figures of that basis may be, relative: 0.5 means "within a factor of 1.5".
double figureBasisMargin(FigureBasis basis);

// What deleting the kernel tree (fsbench/deleteprofile.h) would send to the device.
struct KernelTreeDiscards
{
    FigureBasis basis = FigureBasis::Scaled;
    double discardCount = 0;
    double discardBytes = 0;
    double countExponent = 1; // count ~ tree size ^ exponent (fitted, or from the record)
    // How far off the count may be, relative, where the basis's own margin does not say it: one
    // size, scaled by a recorded growth that spans a range, or a fit that growth may stray from.
    std::optional<double> countMargin;
    // How much further off the whole estimate may be for having travelled from a smaller tree:
    // extrapolationMargin(kernel tree / largest tree measured). 0 for the kernel tree itself.
    double extrapolationMargin = 0;
    int sizes = 0; // distinct tree sizes it rests on
    double largestTreeBytes = 0;

    double averageDiscardBytes() const
    {
        return discardCount > 0 ? discardBytes / discardCount : 0;
    }
};

// The margin an extrapolation from a tree `ratio` times smaller than the kernel tree adds,
// relative: it grows with the log of the ratio (kExtrapolationMarginPerDecade for every factor
// of 10), nothing at or above the kernel tree. A hold-out drive's ext4 delete, predicted from
// the 2,000-file tree (x18 in bytes to 36,706 files) at 3.90 s "between 2.00 s and 7.63 s",
// took 8.38 s: the discarded bytes and their cost grow with the tree in ways one small tree
// does not show, on top of how the count grows.
inline constexpr double kExtrapolationMarginPerDecade = 0.4;
double extrapolationMargin(double ratio);

// From the deletes of one filesystem at one or more tree sizes. The count of commands follows a
// power law fitted through the sizes, its exponent within the growth recorded for the filesystem
// (fsbench/recordedprofiles.h: ext4 0.85-1.0, XFS from 0, as merging in the block layer may send
// fewer commands for a larger tree, up to 1.4), its margin
// at least what the filesystem's growth strayed from such fits above the trees they saw; the
// discarded bytes grow in proportion to the tree from the largest size measured (ext4's
// overlapping ranges grow faster than the tree at first, but each stays within one block group,
// so fitting their growth overshoots). One size alone says nothing about how the count grows:
// it grows by the middle of the filesystem's recorded growth, and the count's margin spans the
// whole of it. What the discards cost the drive is the TRIM curve's to say (estimates.h).
// Nothing when no delete sent a discard.
std::optional<KernelTreeDiscards> kernelTreeDiscards(const QList<TreeDelete> &deletes,
                                                     fsbench::CountGrowth growth = {});
// The same for a tree of `treeBytes` instead of the kernel tree: what the diagnosis expects its
// own trees' deletes to send (a smaller tree than the deletes' scales down in proportion).
std::optional<KernelTreeDiscards> treeDiscards(const QList<TreeDelete> &deletes,
                                               fsbench::CountGrowth growth, double treeBytes);

} // namespace trimscope::advice
