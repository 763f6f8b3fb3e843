#include "estimates.h"

#include "advicetext.h"
#include "common/units.h"
#include "fsbench/recordedprofiles.h"
#include "trimcurve.h"

#include <algorithm>
#include <cmath>

namespace trimscope::advice {

namespace {

// A median known only this well or worse adds no more than this to the margin.
constexpr double kMaxCurveMargin = 0.5;

double thresholdFor(const QString &fs, const AdviceThresholds &t)
{
    if (fs == QLatin1String("ext4"))
        return t.ext4ExtraDeleteSeconds;
    if (fs == QLatin1String("xfs"))
        return t.xfsExtraDeleteSeconds;
    return t.otherExtraDeleteSeconds;
}

FsEstimate fromDeletes(const QString &fs, const QList<TreeDelete> &deletes,
                       const KernelTreeDiscards &k, const QString &drive)
{
    FsEstimate e;
    e.filesystem = fs;
    e.discardCount = k.discardCount;
    e.averageDiscardBytes = k.averageDiscardBytes();
    e.basis = k.basis;
    e.countMargin = k.countMargin;
    e.extrapolationMargin = k.extrapolationMargin;
    const TreeDelete *largest = nullptr;
    for (const TreeDelete &d : deletes) {
        if (!largest || d.treeBytes > largest->treeBytes)
            largest = &d;
        e.simulated = e.simulated || d.simulated;
        if (d.fstrimSeconds && (!e.fstrimSeconds || d.treeBytes >= largest->treeBytes))
            e.fstrimSeconds = d.fstrimSeconds;
    }
    e.largestDelete = *largest;
    const QString onDrive = drive.isEmpty() ? QString() : AdviceText::tr(" on %1").arg(drive);
    switch (k.basis) {
    case FigureBasis::Measured:
        e.source = (e.simulated ? AdviceText::tr("simulated: a tree of %1 files, %2 deleted%3")
                                : AdviceText::tr("measured: a tree of %1 files, %2 deleted%3"))
                       .arg(formatCount(largest->files))
                       .arg(formatBytes(quint64(largest->treeBytes)), onDrive);
        break;
    case FigureBasis::Extrapolated:
        e.source = AdviceText::tr("extrapolated from trees of %Ln size(s) deleted%1 (largest %2 "
                                  "files, %3): commands grow with the tree to the power %4, "
                                  "bytes in proportion",
                                  nullptr, k.sizes)
                       .arg(onDrive)
                       .arg(formatCount(largest->files))
                       .arg(formatBytes(quint64(largest->treeBytes)))
                       .arg(formatNumber(k.countExponent, 3));
        break;
    case FigureBasis::Scaled:
    case FigureBasis::Recorded:
    case FigureBasis::Literature:
        e.source = AdviceText::tr("scaled from one tree of %1 files, %2, deleted%3: commands "
                                  "grow with the tree to the power %4, the middle of what was "
                                  "recorded for this filesystem, bytes in proportion")
                       .arg(formatCount(largest->files))
                       .arg(formatBytes(quint64(largest->treeBytes)), onDrive)
                       .arg(formatNumber(k.countExponent, 3));
        break;
    }
    return e;
}

FsEstimate fromProfile(const FilesystemDeleteProfile &profile)
{
    FsEstimate e;
    e.filesystem = profile.filesystem;
    e.discardCount = profile.kernelTreeDiscardCount();
    e.averageDiscardBytes = profile.averageDiscardBytes;
    // A profile given without measurements behind it counts as a record from elsewhere.
    e.basis = !profile.measured                                ? FigureBasis::Recorded
              : profile.deletedBytes >= 0.8 * kKernelTreeBytes ? FigureBasis::Measured
                                                               : FigureBasis::Scaled;
    e.source = profile.source;
    e.fstrimSeconds = profile.fstrimSeconds;
    return e;
}

std::optional<FsEstimate> fromRecord(const QString &fs)
{
    for (const FilesystemDeleteProfile &record : fsbench::recordedDeleteProfiles()) {
        if (record.filesystem == fs) {
            FsEstimate e = fromProfile(record);
            e.basis = FigureBasis::Recorded;
            return e;
        }
    }
    return std::nullopt;
}

// Measured and given filesystems in their order, then those in use (or ext4 and XFS).
QStringList filesystemNames(const AdviceInput &input, const QStringList &inUse)
{
    QStringList names;
    const auto add = [&names](const QString &fs) {
        if (!names.contains(fs))
            names.append(fs);
    };
    for (const TreeDelete &d : input.treeDeletes)
        add(d.filesystem);
    for (const FilesystemDeleteProfile &p : input.filesystems)
        add(p.filesystem);
    const QStringList wanted =
        !inUse.isEmpty() ? inUse : QStringList{QStringLiteral("ext4"), QStringLiteral("xfs")};
    for (const QString &fs : wanted)
        add(fs);
    return names;
}

// How well the sweep knows the median nearest to `bytes`.
double curveMargin(const TrimCurve &curve, double bytes)
{
    const CurvePoint *nearest = nullptr;
    for (const CurvePoint &p : curve.points()) {
        if (!nearest || std::abs(std::log(double(p.bytes) / bytes)) <
                            std::abs(std::log(double(nearest->bytes) / bytes)))
            nearest = &p;
    }
    return nearest ? std::min(nearest->ciRelativeHalfWidth, kMaxCurveMargin) : 0;
}

} // namespace

QList<FsEstimate> estimateFilesystems(const AdviceInput &input, const AuditMatch &audit,
                                      const QString &drive)
{
    const QStringList inUse = audit.filesystemsInUse();
    QList<FsEstimate> result;
    for (const QString &fs : filesystemNames(input, inUse)) {
        if (!inUse.isEmpty() && !inUse.contains(fs))
            continue; // only the filesystems in use decide, when the audit says which
        QList<TreeDelete> deletes;
        for (const TreeDelete &d : input.treeDeletes) {
            if (d.filesystem == fs)
                deletes.append(d);
        }
        if (const auto k = kernelTreeDiscards(deletes, fsbench::recordedCountGrowth(fs))) {
            result.append(fromDeletes(fs, deletes, *k, drive));
            continue;
        }
        const auto profile =
            std::find_if(input.filesystems.cbegin(), input.filesystems.cend(),
                         [&](const FilesystemDeleteProfile &p) { return p.filesystem == fs; });
        if (profile != input.filesystems.cend())
            result.append(fromProfile(*profile));
        else if (const std::optional<FsEstimate> recorded = fromRecord(fs))
            result.append(*recorded);
    }
    return result;
}

std::optional<DeletePrice> priceDelete(const TrimCurve &curve, double discardCount,
                                       double averageDiscardBytes, double treeBytes)
{
    // Priced over the spread of sizes, not at the average alone: a larger tree's discards
    // average less on XFS and more of them fall where a drive is slower (trimcurve.h).
    const std::optional<double> written = curve.spreadSecondsAt(averageDiscardBytes);
    if (!written || discardCount < 0)
        return std::nullopt;
    DeletePrice price;
    price.trimSeconds = *written;
    price.emptyTrimSeconds = curve.spreadEmptySecondsAt(averageDiscardBytes).value_or(*written);
    price.writtenDiscards = std::min(discardCount, treeBytes / std::max(1.0, averageDiscardBytes));
    price.seconds = price.writtenDiscards * price.trimSeconds +
                    (discardCount - price.writtenDiscards) * price.emptyTrimSeconds;
    return price;
}

std::optional<TreeDiscardCost> treeDiscardCost(const QString &filesystem, double treeBytes,
                                               const QList<TreeDelete> &deletes,
                                               const TrimCurve &curve)
{
    QList<TreeDelete> basis;
    for (const TreeDelete &d : deletes) {
        if (d.filesystem == filesystem)
            basis.append(d);
    }
    if (basis.isEmpty()) {
        const std::optional<FsEstimate> recorded = fromRecord(filesystem);
        if (!recorded)
            return std::nullopt;
        TreeDelete kernelTree;
        kernelTree.filesystem = filesystem;
        kernelTree.files = kKernelTreeFiles;
        kernelTree.treeBytes = kKernelTreeBytes;
        kernelTree.discardCount = recorded->discardCount;
        kernelTree.discardBytes = recorded->discardCount * recorded->averageDiscardBytes;
        basis.append(kernelTree);
    }
    const std::optional<KernelTreeDiscards> discards =
        treeDiscards(basis, fsbench::recordedCountGrowth(filesystem), treeBytes);
    if (!discards)
        return TreeDiscardCost{}; // the deletes sent none
    const std::optional<DeletePrice> price =
        priceDelete(curve, discards->discardCount, discards->averageDiscardBytes(), treeBytes);
    if (!price)
        return std::nullopt;
    return TreeDiscardCost{discards->discardCount, discards->discardBytes, price->seconds};
}

QList<FsPrediction> predictDeletes(const QList<FsEstimate> &estimates, const TrimCurve &curve,
                                   const AdviceThresholds &thresholds)
{
    QList<FsPrediction> predictions;
    for (const FsEstimate &e : estimates) {
        const std::optional<DeletePrice> price =
            priceDelete(curve, e.discardCount, e.averageDiscardBytes, kKernelTreeBytes);
        if (!price)
            continue;
        FsPrediction p;
        p.estimate = e;
        p.trimSeconds = price->trimSeconds;
        p.emptyTrimSeconds = price->emptyTrimSeconds;
        p.writtenDiscards = price->writtenDiscards;
        p.deleteSeconds = price->seconds;
        p.averageSeconds = e.discardCount > 0 ? p.deleteSeconds / e.discardCount : p.trimSeconds;
        p.margin = e.countMargin.value_or(figureBasisMargin(e.basis)) + e.extrapolationMargin +
                   curveMargin(curve, e.averageDiscardBytes);
        p.threshold = thresholdFor(e.filesystem, thresholds);
        FilesystemVerdict &v = p.verdict;
        v.filesystem = e.filesystem;
        v.extraSeconds = p.deleteSeconds;
        v.lowSeconds = p.deleteSeconds / (1 + p.margin);
        v.highSeconds = p.deleteSeconds * (1 + p.margin);
        v.limitSeconds = p.threshold;
        v.discardCount = e.discardCount;
        v.averageDiscardBytes = e.averageDiscardBytes;
        v.basis = e.basis;
        v.verdict = v.highSeconds <= p.threshold ? Verdict::OnlineDiscardFine
                    : v.lowSeconds > p.threshold ? Verdict::PreferPeriodicFstrim
                                                 : Verdict::Undecided;
        predictions.append(p);
    }
    return predictions;
}

} // namespace trimscope::advice
