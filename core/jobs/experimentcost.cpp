#include "experimentcost.h"

#include "advice/estimates.h"
#include "common/units.h"
#include "fsbench/deleteprofile.h"
#include "fsbench/fsbench.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <limits>

namespace trimscope {

namespace {

struct ExperimentText
{
    Q_DECLARE_TR_FUNCTIONS(ExperimentText)
};

// A run of the filesystem experiment without its discards: mkfs, mount and unmount, and its tree
// written and synced, deleted and synced. Before anything is measured, 0.5 s and 80 MB/s (0.53 s
// and 79 MB/s fitted to 12 runs of trees from 2 to 123 MB on the emulated drive). A tree of
// small files goes about five times slower per byte than the sweep's large writes, on a quiet
// computer and a loaded one alike: kernel-tree runs took 3.5-4.5 s where the sweep wrote at
// about 700 MB/s, 8.8-15.4 s beside builds where it wrote at 225-229 MB/s (quarter trees 1.0-1.2
// and 2.9-3.6 s). The sweep's speed itself, as the trees' (the estimate before this), put a
// kernel-tree run at 1.2-2.7 s.
constexpr double kRunFixedSeconds = 0.5;
constexpr double kAssumedWriteBytesPerSecond = 80e6;
constexpr double kTreeSlowerThanSweep = 5;
constexpr double kBytesPerMiB = double(1 << 20);
// The larger tree is the kernel tree divided by one of these, the smaller a quarter of it: a
// factor 4 between them shows how the discard count grows. The kernel tree itself first, where
// the drive and the budget allow: then nothing is extrapolated (fsbench's kernel preset took
// 18-41 s for ext4 and XFS together on the emulated drives). The smallest trees still send
// enough discards to count.
constexpr std::array kLargeTreeDivisors = {1, 4, 8, 16, 32, 64};
constexpr int kTreeRatio = 4;

// The sweep measures its writes when it wrote at least this much.
constexpr quint64 kEnoughPrewriteBytes = quint64(4) << 20;

} // namespace

double assumedWriteBytesPerSecond()
{
    return kAssumedWriteBytesPerSecond;
}

fsbench::TreeSpec kernelLikeTree(int files)
{
    fsbench::TreeSpec tree;
    tree.preset = QStringLiteral("custom");
    tree.files = files;
    tree.bytes = quint64(std::llround(double(files) * kKernelTreeBytes / kKernelTreeFiles));
    return tree;
}

ExperimentCost::ExperimentCost() : writeBytesPerSecond(kAssumedWriteBytesPerSecond) {}

double ExperimentCost::discardSeconds(const QString &filesystem,
                                      const fsbench::TreeSpec &tree) const
{
    if (curve.isEmpty())
        return 0;
    const std::optional<advice::TreeDiscardCost> cost =
        advice::treeDiscardCost(filesystem, double(tree.bytes), deletes, curve);
    if (!cost)
        return 0;
    return cost->seconds + deferredSecondsPerMiB * cost->discardBytes / kBytesPerMiB;
}

double ExperimentCost::runSeconds(const QString &filesystem, const fsbench::TreeSpec &tree,
                                  bool onlineDiscard) const
{
    return kRunFixedSeconds + double(tree.bytes) / std::max(writeBytesPerSecond, 1e6) +
           (onlineDiscard ? discardSeconds(filesystem, tree) : 0);
}

double ExperimentCost::experimentSeconds(const QList<fsbench::TreeSpec> &trees,
                                         const QStringList &filesystems) const
{
    if (trees.size() != 2)
        return 0;
    double seconds = 0;
    for (const QString &fs : filesystems)
        seconds += runSeconds(fs, trees.at(0), true) + runSeconds(fs, trees.at(1), true) +
                   runSeconds(fs, trees.at(1), false);
    return seconds;
}

ExperimentCost experimentCostOf(const DiagnosisResult &measured)
{
    ExperimentCost cost;
    if (const std::optional<SweepResult> &sweep = measured.sweep) {
        // On a drive that trims in the background the sweep's writes wait for the work its
        // own TRIMs left (97-127 MB/s where the trees went at 110-370): the trees' runs are
        // priced by that work instead (deferredSecondsPerMiB).
        const bool background = measured.backgroundProbe && measured.backgroundProbe->detected;
        if (!background && sweep->prewriteBytes() >= kEnoughPrewriteBytes &&
            sweep->prewriteSeconds > 0)
            cost.writeBytesPerSecond =
                double(sweep->prewriteBytes()) / sweep->prewriteSeconds / kTreeSlowerThanSweep;
        cost.curve = advice::TrimCurve::fromSweeps({*sweep});
    } else if (measured.backgroundProbe && measured.backgroundProbe->discardSeconds > 0) {
        // Before the sweep, the probe's one timed discard prices every size alike.
        const probe::BackgroundProbeResult &probe = *measured.backgroundProbe;
        cost.curve = advice::TrimCurve::fromPoints({{probe.discardBytes, probe.discardSeconds, 1}});
    }
    if (measured.backgroundProbe && measured.backgroundProbe->detected)
        cost.deferredSecondsPerMiB = measured.backgroundProbe->deferredSecondsPerMiB();
    for (const fsbench::FsBenchResult &run : measured.filesystems)
        cost.deletes.append(advice::treeDeletesOf(run));
    return cost;
}

QList<fsbench::TreeSpec> treesWithin(double seconds, const QStringList &filesystems,
                                     quint64 deviceBytes, const ExperimentCost &cost,
                                     int largestFiles)
{
    for (int divisor : kLargeTreeDivisors) {
        const QList<fsbench::TreeSpec> trees = {
            kernelLikeTree(kKernelTreeFiles / divisor / kTreeRatio),
            kernelLikeTree(kKernelTreeFiles / divisor)};
        if (trees.at(1).files > largestFiles ||
            fsbench::checkTreeFitsDevice(trees.at(1), deviceBytes).isError())
            continue;
        if (cost.experimentSeconds(trees, filesystems) <= seconds)
            return trees;
    }
    return {};
}

ExperimentChoice chooseTrees(const QList<fsbench::TreeSpec> &planned,
                             const QStringList &filesystems, quint64 deviceBytes,
                             const ExperimentCost &cost, double secondsLeft)
{
    ExperimentChoice choice;
    if (planned.size() != 2)
        return choice;
    const QString left = formatSeconds(std::max(secondsLeft, 0.0));
    const QString rate = formatBytes(quint64(cost.writeBytesPerSecond));
    choice.trees = treesWithin(secondsLeft, filesystems, deviceBytes, cost, planned.at(1).files);
    if (choice.trees.isEmpty()) {
        // What even the smallest pair would take, to say why.
        const QList<fsbench::TreeSpec> smallest =
            treesWithin(std::numeric_limits<double>::infinity(), filesystems, deviceBytes, cost,
                        kernelLikeTree(kKernelTreeFiles / kLargeTreeDivisors.back()).files);
        choice.skipped =
            ExperimentText::tr("skipped: %1 of the budget was left, too little for even the "
                               "smallest trees (about %2, written at %3/s, with their deletes' "
                               "discards); the advice prices the deletes recorded on a current "
                               "kernel with its TRIM curve")
                .arg(left, formatSeconds(cost.experimentSeconds(smallest, filesystems)), rate);
        return choice;
    }
    if (choice.trees.at(1).files < planned.at(1).files)
        choice.changes.append(
            ExperimentText::tr("trees shortened from %1 to %2 files: %3 of the budget was left, "
                               "and the planned trees would have taken about %4, written at "
                               "%5/s, with their deletes' discards")
                .arg(planned.at(1).files)
                .arg(choice.trees.at(1).files)
                .arg(left, formatSeconds(cost.experimentSeconds(planned, filesystems)), rate));
    return choice;
}

fsbench::TreeSpec largerTreeWithin(const QList<fsbench::TreeSpec> &trees, double secondsLeft,
                                   const std::function<double(const fsbench::TreeSpec &)> &seconds,
                                   QString *change)
{
    const fsbench::TreeSpec &large = trees.at(1);
    if (seconds(large) <= secondsLeft)
        return large;
    const QString left = formatSeconds(std::max(secondsLeft, 0.0));
    const fsbench::TreeSpec half = kernelLikeTree(trees.at(0).files * 2);
    if (seconds(half) <= secondsLeft) {
        *change = ExperimentText::tr("the larger tree shortened from %1 to %2 files: it would "
                                     "have taken about %3, %4 was left")
                      .arg(formatCount(large.files))
                      .arg(formatCount(half.files))
                      .arg(formatSeconds(seconds(large)), left);
        return half;
    }
    *change = ExperimentText::tr("the larger tree (%1 files) skipped: it would have taken about "
                                 "%2, %3 was left")
                  .arg(formatCount(large.files))
                  .arg(formatSeconds(seconds(large)), left);
    return {};
}

} // namespace trimscope
