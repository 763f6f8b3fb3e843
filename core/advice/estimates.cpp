#include "estimates.h"

#include "advicetext.h"
#include "common/units.h"
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
    e.deviceSecondsPerDiscard = k.deviceSecondsPerDiscard;
    const TreeDelete *largest = nullptr;
    for (const TreeDelete &d : deletes) {
        if (!largest || d.treeBytes > largest->treeBytes)
            largest = &d;
        if (d.fstrimSeconds && (!e.fstrimSeconds || d.treeBytes >= largest->treeBytes))
            e.fstrimSeconds = d.fstrimSeconds;
    }
    e.largestDelete = *largest;
    const QString onDrive = drive.isEmpty() ? QString() : AdviceText::tr(" on %1").arg(drive);
    switch (k.basis) {
    case FigureBasis::Measured:
        e.source = AdviceText::tr("measured: a tree of %1 files, %2 deleted%3")
                       .arg(largest->files)
                       .arg(formatBytes(quint64(largest->treeBytes)), onDrive);
        break;
    case FigureBasis::Extrapolated:
        e.source = AdviceText::tr("extrapolated from trees of %n size(s) deleted%1 (largest %2 "
                                  "files, %3): commands grow with the tree to the power %4, "
                                  "bytes in proportion",
                                  nullptr, k.sizes)
                       .arg(onDrive)
                       .arg(largest->files)
                       .arg(formatBytes(quint64(largest->treeBytes)))
                       .arg(k.countExponent, 0, 'f', 2);
        break;
    case FigureBasis::Scaled:
    case FigureBasis::Literature:
        e.source = AdviceText::tr("scaled from one tree of %1 files, %2, deleted%3")
                       .arg(largest->files)
                       .arg(formatBytes(quint64(largest->treeBytes)), onDrive);
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
    e.basis = !profile.measured                                ? FigureBasis::Literature
              : profile.deletedBytes >= 0.8 * kKernelTreeBytes ? FigureBasis::Measured
                                                               : FigureBasis::Scaled;
    e.source = profile.source;
    e.fstrimSeconds = profile.fstrimSeconds;
    return e;
}

FsEstimate fromLiterature(const QString &fs)
{
    const QList<FilesystemDeleteProfile> literature = literatureDeleteProfiles();
    auto known = std::find_if(literature.cbegin(), literature.cend(),
                              [&](const auto &p) { return p.filesystem == fs; });
    FsEstimate e = fromProfile(known != literature.cend() ? *known : literature.first());
    e.basis = FigureBasis::Literature;
    if (known == literature.cend()) {
        e.filesystem = fs;
        e.source = AdviceText::tr("assumed like ext4: no discard figures for %1").arg(fs);
    }
    return e;
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
        if (const auto k = kernelTreeDiscards(deletes)) {
            result.append(fromDeletes(fs, deletes, *k, drive));
            continue;
        }
        const auto profile =
            std::find_if(input.filesystems.cbegin(), input.filesystems.cend(),
                         [&](const FilesystemDeleteProfile &p) { return p.filesystem == fs; });
        result.append(profile != input.filesystems.cend() ? fromProfile(*profile)
                                                          : fromLiterature(fs));
    }
    return result;
}

QList<FsPrediction> predictDeletes(const QList<FsEstimate> &estimates, const TrimCurve &curve,
                                   const AdviceThresholds &thresholds)
{
    QList<FsPrediction> predictions;
    for (const FsEstimate &e : estimates) {
        // What one of its discards costs: the device time the measured deletes' own discards
        // took, where there is one; else one TRIM of the average size on the sweep's curve.
        const std::optional<double> one = e.deviceSecondsPerDiscard
                                              ? e.deviceSecondsPerDiscard
                                              : curve.secondsAt(e.averageDiscardBytes);
        if (!one || e.discardCount < 0)
            continue;
        FsPrediction p;
        p.estimate = e;
        p.trimSeconds = *one;
        p.fromDeviceTime = e.deviceSecondsPerDiscard.has_value();
        p.deleteSeconds = e.discardCount * *one;
        p.margin = figureBasisMargin(e.basis) +
                   (p.fromDeviceTime ? 0 : curveMargin(curve, e.averageDiscardBytes));
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
        v.undecided = v.lowSeconds <= p.threshold && v.highSeconds > p.threshold;
        v.verdict = v.highSeconds <= p.threshold ? Verdict::OnlineDiscardFine
                                                 : Verdict::PreferPeriodicFstrim;
        predictions.append(p);
    }
    return predictions;
}

std::optional<double> predictDeleteSeconds(const TrimCurve &curve,
                                           const FilesystemDeleteProfile &profile)
{
    const auto one = curve.secondsAt(profile.averageDiscardBytes);
    if (!one || profile.discardCount < 0)
        return std::nullopt;
    return profile.kernelTreeDiscardCount() * *one;
}

} // namespace trimscope::advice
