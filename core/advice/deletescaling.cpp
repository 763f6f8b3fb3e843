#include "deletescaling.h"

#include "common/jsonfields.h"
#include "common/nametable.h"
#include "fsbench/deleteprofile.h"

#include <QMap>
#include <algorithm>
#include <cmath>

namespace trimscope::advice {

namespace {

constexpr NameTable<FigureBasis, 5> kBasisNames = {{
    {FigureBasis::Measured, "measured"},
    {FigureBasis::Extrapolated, "extrapolated"},
    {FigureBasis::Scaled, "scaled"},
    {FigureBasis::Recorded, "recorded"},
    {FigureBasis::Literature, "literature"},
}};

// Margins, relative, by how far the figures had to travel. Measured: run-to-run variation of
// one delete (ext4's discarded bytes vary by about 10 % between two deletes of the same tree).
// Extrapolated: two sizes a factor 4 apart and a factor 4 below the kernel tree predicted the
// kernel tree's count and bytes within 0.6x-1.3x on the emulated drives (tst_diagnose_emulated).
// Scaled: one size says nothing about how the count grows; ext4's bytes per file grow by half
// from a quarter to the whole kernel tree; XFS's count stays nearly flat with Debian 12's
// mkfs.xfs (5 discards at a quarter of the tree, 32 for all of it, Linux 6.18) and grows
// steeply above a quarter with Debian 13's (68 to 439, Linux 6.1), which no smaller tree shows:
// fsbench's quick preset deletes a quarter of the kernel tree.
// Recorded: a current kernel's delete of the kernel tree on another drive; the count and sizes
// depend on the kernel, the mkfs defaults and the drive's size (ext4's count on a 1 GiB drive
// varied from 333 to 382 between runs; XFS's from 5 to 37 with Debian 12's mkfs and from 439 to
// 1,048 with Debian 13's).
// Literature: figures from kernel 3.1 that this kernel's block layer no longer matches (it merges
// XFS's ~12 KiB discards), so at best a rough guide.
constexpr double kMeasuredMargin = 0.2;
constexpr double kExtrapolatedMargin = 0.5;
constexpr double kScaledMargin = 1.0;
constexpr double kRecordedMargin = 1.0;
constexpr double kLiteratureMargin = 1.0;
// A tree this close to the kernel tree's bytes counts as the kernel tree itself.
constexpr double kKernelSized = 0.8;

// The phases whose discards the delete caused: the filesystem may send them while deleting, when
// it syncs, later from a worker (settle), or when it unmounts.
constexpr std::array kCausedByDelete = {fsbench::Phase::Delete, fsbench::Phase::SyncAfterDelete,
                                        fsbench::Phase::Settle, fsbench::Phase::Unmount};

struct SizeAverage
{
    double treeBytes = 0;
    int files = 0;
    double count = 0;
    double bytes = 0;
    int runs = 0;
};

QList<SizeAverage> averagesBySize(const QList<TreeDelete> &deletes)
{
    QList<SizeAverage> sizes;
    for (const TreeDelete &d : deletes) {
        if (!(d.treeBytes > 0))
            continue;
        auto same = std::find_if(sizes.begin(), sizes.end(), [&](const SizeAverage &s) {
            return std::abs(s.treeBytes - d.treeBytes) <= 0.01 * s.treeBytes;
        });
        if (same == sizes.end()) {
            sizes.append({d.treeBytes, d.files, 0, 0, 0});
            same = sizes.end() - 1;
        }
        same->count += d.discardCount;
        same->bytes += d.discardBytes;
        ++same->runs;
    }
    for (SizeAverage &s : sizes) {
        s.count /= s.runs;
        s.bytes /= s.runs;
    }
    std::sort(sizes.begin(), sizes.end(),
              [](const SizeAverage &a, const SizeAverage &b) { return a.treeBytes < b.treeBytes; });
    return sizes;
}

// Least-squares slope of log(count) over log(tree bytes), over the sizes that sent discards, held
// within the growth recorded for the filesystem from such trees to the kernel tree: flat at the
// least where the records go that low (merging may send fewer commands for a larger tree, XFS),
// never faster than the fastest. Two small trees a factor 2-4 apart set a slope that wanders more
// than the growth up to the kernel tree: every ext4 fit below its recorded 0.85 came out below
// the kernel tree's count (tst_advice kernelTreeFromTwoSizes: 0.67-0.79, 29-45 % short), and
// beside two busy loops trees of 573 and 1,146 files (13 and 18 discards: 0.47) put the slow-small
// drive's kernel-tree delete at 2.12 s "between 816 ms and 5.48 s" where it costs 6.7 s
// (deleteCostFromScalingQuantities; CI on Debian 13: 2.32 s "between 884 ms and 6.11 s").
std::optional<double> countExponent(const QList<SizeAverage> &sizes, fsbench::CountGrowth growth)
{
    QList<std::pair<double, double>> points;
    for (const SizeAverage &s : sizes) {
        if (s.count > 0)
            points.append({std::log(s.treeBytes), std::log(s.count)});
    }
    if (points.size() < 2)
        return std::nullopt;
    double mx = 0, my = 0;
    for (const auto &[x, y] : points) {
        mx += x;
        my += y;
    }
    mx /= double(points.size());
    my /= double(points.size());
    double sxy = 0, sxx = 0;
    for (const auto &[x, y] : points) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
    }
    if (!(sxx > 0))
        return std::nullopt;
    const double highest = std::max(growth.highExponent, 0.0);
    return std::clamp(sxy / sxx, std::clamp(growth.lowExponent, 0.0, highest), highest);
}

} // namespace

QString figureBasisName(FigureBasis basis)
{
    return nameOf(kBasisNames, basis);
}

std::optional<FigureBasis> figureBasisFromName(const QString &name)
{
    return valueOf(kBasisNames, name);
}

double figureBasisMargin(FigureBasis basis)
{
    switch (basis) {
    case FigureBasis::Measured:
        return kMeasuredMargin;
    case FigureBasis::Extrapolated:
        return kExtrapolatedMargin;
    case FigureBasis::Scaled:
        return kScaledMargin;
    case FigureBasis::Recorded:
        return kRecordedMargin;
    case FigureBasis::Literature:
        break;
    }
    return kLiteratureMargin;
}

QJsonObject TreeDelete::toJson() const
{
    QJsonObject json{
        {QStringLiteral("filesystem"), filesystem},
        {QStringLiteral("files"), files},
        {QStringLiteral("tree_bytes"), treeBytes},
        {QStringLiteral("discard_count"), discardCount},
        {QStringLiteral("discard_bytes"), discardBytes},
        {QStringLiteral("with_discard_s"), withDiscardSeconds},
        {QStringLiteral("without_discard_s"), jsonOrNull(withoutDiscardSeconds)},
        {QStringLiteral("fstrim_s"), jsonOrNull(fstrimSeconds)},
        {QStringLiteral("device_s"), jsonOrNull(deviceSeconds)},
    };
    if (simulated)
        json.insert(QStringLiteral("simulated"), true);
    return json;
}

Expected<TreeDelete> TreeDelete::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    TreeDelete d;
    d.filesystem = f.text("filesystem");
    d.files = f.integer("files");
    d.treeBytes = f.number("tree_bytes");
    d.discardCount = f.number("discard_count");
    d.discardBytes = f.number("discard_bytes");
    d.withDiscardSeconds = f.number("with_discard_s");
    d.withoutDiscardSeconds = f.optionalNumber("without_discard_s");
    d.fstrimSeconds = f.optionalNumber("fstrim_s");
    d.deviceSeconds = f.optionalNumber("device_s");
    d.simulated = json.value(QStringLiteral("simulated")).toBool(); // absent before issue 47
    if (d.filesystem.isEmpty() || !(d.treeBytes > 0) || !(d.discardCount >= 0) ||
        !(d.discardBytes >= 0) || (d.deviceSeconds && !(*d.deviceSeconds >= 0)))
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("a tree delete needs a filesystem, the tree's bytes and "
                                        "the discards it sent"));
    return d;
}

QList<TreeDelete> treeDeletesOf(const fsbench::FsBenchResult &result)
{
    using namespace trimscope::fsbench;
    QList<TreeDelete> deletes;
    for (const QString &fs : result.plan.filesystems) {
        const DeleteRun *online = result.run(fs, QStringLiteral("discard"));
        if (!online || online->status != RunStatus::Measured)
            continue;
        TreeDelete d;
        d.filesystem = fs;
        d.files = result.plan.tree.files;
        d.treeBytes = double(result.plan.tree.bytes);
        d.simulated = result.drive.simulated;
        for (Phase phase : kCausedByDelete) {
            if (const PhaseResult *p = online->phase(phase)) {
                d.discardCount += double(p->discards.count);
                d.discardBytes += double(p->discards.bytes);
                d.deviceSeconds = d.deviceSeconds.value_or(0) + p->discards.deviceSeconds;
            }
        }
        d.withDiscardSeconds = online->deleteSeconds();
        const DeleteRun *batched = result.run(fs, QStringLiteral("nodiscard"));
        if (batched && batched->status == RunStatus::Measured) {
            d.withoutDiscardSeconds = batched->deleteSeconds();
            if (const PhaseResult *trim = batched->phase(Phase::Fstrim))
                d.fstrimSeconds = trim->seconds;
        }
        deletes.append(d);
    }
    return deletes;
}

double extrapolationMargin(double ratio)
{
    return ratio > 1 ? kExtrapolationMarginPerDecade * std::log10(ratio) : 0;
}

std::optional<KernelTreeDiscards> kernelTreeDiscards(const QList<TreeDelete> &deletes,
                                                     fsbench::CountGrowth growth)
{
    return treeDiscards(deletes, growth, kKernelTreeBytes);
}

std::optional<KernelTreeDiscards> treeDiscards(const QList<TreeDelete> &deletes,
                                               fsbench::CountGrowth growth, double treeBytes)
{
    const QList<SizeAverage> sizes = averagesBySize(deletes);
    if (sizes.isEmpty())
        return std::nullopt;
    const SizeAverage &largest = sizes.constLast();
    if (!(largest.count > 0) &&
        std::none_of(sizes.cbegin(), sizes.cend(), [](const auto &s) { return s.count > 0; }))
        return std::nullopt;
    const double factor = treeBytes / largest.treeBytes;
    KernelTreeDiscards k;
    k.sizes = int(sizes.size());
    k.largestTreeBytes = largest.treeBytes;
    k.discardBytes = largest.bytes * factor;
    const std::optional<double> exponent = countExponent(sizes, growth);
    if (largest.treeBytes >= kKernelSized * treeBytes) {
        k.basis = FigureBasis::Measured;
        k.countExponent = 1;
    } else if (exponent && largest.count > 0) {
        k.basis = FigureBasis::Extrapolated;
        k.countExponent = *exponent;
    } else {
        k.basis = FigureBasis::Scaled;
        k.countExponent = 1;
    }
    // The largest size that sent discards anchors the count (a tiny tree's discards may all wait
    // for the unmount, or for a later size, none at all).
    const auto anchor = std::find_if(sizes.crbegin(), sizes.crend(),
                                     [](const SizeAverage &s) { return s.count > 0; });
    const double ratio = treeBytes / anchor->treeBytes;
    if (k.basis == FigureBasis::Scaled) { // the anchor is then smaller than the kernel tree
        k.countExponent = (growth.lowExponent + growth.highExponent) / 2;
        k.countMargin =
            kMeasuredMargin + std::pow(ratio, (growth.highExponent - growth.lowExponent) / 2) - 1;
    } else if (k.basis == FigureBasis::Extrapolated) {
        // A fit misses by as much as the filesystem's growth strays above the trees it saw.
        k.countMargin =
            std::max(kExtrapolatedMargin, kMeasuredMargin + std::pow(ratio, growth.fitSpread) - 1);
    }
    if (k.basis != FigureBasis::Measured)
        k.extrapolationMargin = extrapolationMargin(factor);
    k.discardCount = anchor->count * std::pow(treeBytes / anchor->treeBytes, k.countExponent);
    if (k.discardBytes <= 0)
        k.discardBytes = anchor->bytes * treeBytes / anchor->treeBytes;
    return k;
}

} // namespace trimscope::advice
