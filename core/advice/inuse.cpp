#include "inuse.h"

#include "common/units.h"
#include "deletescaling.h"

#include <algorithm>
#include <cmath>

namespace trimscope::advice {

namespace {

double limitFor(const QString &fs, const AdviceThresholds &t)
{
    if (fs == QLatin1String("ext4"))
        return t.ext4ExtraDeleteSeconds;
    if (fs == QLatin1String("xfs"))
        return t.xfsExtraDeleteSeconds;
    return t.otherExtraDeleteSeconds;
}

std::optional<FilesystemDeleteProfile> recordedProfileOf(const QString &fs)
{
    for (const FilesystemDeleteProfile &profile : recordedDeleteProfiles()) {
        if (profile.filesystem == fs)
            return profile;
    }
    return std::nullopt;
}

// A timed fstrim that ran inside the watched period counted its discards there too: they are not
// what the filesystem's own use sent.
bool ranWithin(const watch::FstrimTimingResult &fstrim, const watch::DiscardWatch &watched)
{
    const QDateTime end = watched.started.addMSecs(qint64(watched.periodSeconds * 1000));
    return fstrim.started.isValid() && fstrim.started >= watched.started && fstrim.started <= end;
}

fsbench::DiscardDelta without(fsbench::DiscardDelta total, const fsbench::DiscardDelta &part)
{
    total.count -= std::min(total.count, part.count);
    total.merges -= std::min(total.merges, part.merges);
    total.bytes -= std::min(total.bytes, part.bytes);
    total.deviceSeconds = std::max(0.0, total.deviceSeconds - part.deviceSeconds);
    return total;
}

// The average size and device time of one discard the drive served.
struct PricePoint
{
    double bytes = 0;
    double seconds = 0;
};

std::optional<PricePoint> pointOf(const fsbench::DiscardDelta &d)
{
    if (d.count == 0 || d.bytes == 0)
        return std::nullopt;
    return PricePoint{double(d.bytes) / double(d.count), d.deviceSeconds / double(d.count)};
}

// What `count` discards of `size` bytes each cost, within [low, high], from what the drive's
// discards cost in use: a line through two sizes far enough apart, else the range between
// command-bound and size-bound from one.
void priceDelete(InUseNumbers &n, double count, double size, const PricePoint &watched,
                 const std::optional<PricePoint> &other)
{
    const double margin = figureBasisMargin(FigureBasis::Recorded);
    if (other &&
        std::max(other->bytes, watched.bytes) >= 2 * std::min(other->bytes, watched.bytes)) {
        const PricePoint &small = other->bytes < watched.bytes ? *other : watched;
        const PricePoint &large = other->bytes < watched.bytes ? watched : *other;
        const double perByte =
            std::max(0.0, (large.seconds - small.seconds) / (large.bytes - small.bytes));
        const double perCommand = std::max(0.0, small.seconds - perByte * small.bytes);
        n.deleteSeconds = count * (perCommand + perByte * size);
        n.deleteLowSeconds = *n.deleteSeconds / (1 + margin);
        n.deleteHighSeconds = *n.deleteSeconds * (1 + margin);
        n.fitted = true;
        return;
    }
    const double ratio = size / watched.bytes;
    n.deleteLowSeconds = count * watched.seconds * std::min(1.0, ratio) / (1 + margin);
    n.deleteHighSeconds = count * watched.seconds * std::max(1.0, ratio) * (1 + margin);
    n.deleteSeconds = std::sqrt(n.deleteLowSeconds * n.deleteHighSeconds);
}

int verdictRank(Verdict v)
{
    switch (v) {
    case Verdict::PreferPeriodicFstrim:
        return 3;
    case Verdict::Undecided:
        return 2;
    case Verdict::OnlineDiscardFine:
        return 1;
    default:
        return 0;
    }
}

} // namespace

bool isDailyRate(double periodSeconds, bool sinceBoot)
{
    return periodSeconds > 0 && (sinceBoot || periodSeconds >= kShortestDailyWindowSeconds);
}

InUseFigures inUseFiguresOf(const AdviceInput &input)
{
    InUseFigures figures;
    if (input.watch) {
        const watch::DiscardWatch &watched = *input.watch;
        figures.drive = watched.drive;
        for (const watch::DiscardUse &use : watched.uses) {
            QStringList numbers; // one entry per filesystem, however often it is mounted
            for (const watch::WatchedFilesystem &fs : use.filesystems) {
                if (numbers.contains(fs.majorMinor) && !fs.majorMinor.isEmpty())
                    continue;
                numbers.append(fs.majorMinor);
                InUseFilesystem entry;
                entry.mountPoint = fs.mountPoint;
                entry.fsType = fs.fsType;
                entry.deviceName = use.name;
                entry.onlineDiscard = fs.onlineDiscard;
                entry.periodSeconds = watched.periodSeconds;
                entry.sinceBoot = watched.sinceBoot;
                entry.discards = use.discards;
                entry.foreignCounters = watched.foreignCounters;
                entry.countedSince = watched.countedSince;
                entry.watched = watched.foreignCounters.isEmpty();
                figures.filesystems.append(entry);
            }
        }
    }
    for (const watch::FstrimTimingResult &fstrim : input.fstrimTimings) {
        const auto known = std::find_if(figures.filesystems.begin(), figures.filesystems.end(),
                                        [&](const InUseFilesystem &fs) {
                                            return fs.mountPoint == fstrim.filesystem.mountPoint;
                                        });
        InUseFilesystem *entry = nullptr;
        if (known != figures.filesystems.end()) {
            entry = &*known;
        } else {
            InUseFilesystem added;
            added.mountPoint = fstrim.filesystem.mountPoint;
            added.fsType = fstrim.filesystem.fsType;
            added.deviceName = fstrim.filesystem.deviceName;
            added.onlineDiscard = fstrim.filesystem.onlineDiscard;
            figures.filesystems.append(added);
            entry = &figures.filesystems.last();
            if (!figures.drive)
                figures.drive = fstrim.drive;
        }
        if (input.watch && entry->watched && ranWithin(fstrim, *input.watch))
            entry->discards = without(entry->discards, fstrim.discards());
        // The latest run counts; one that trimmed nothing new keeps an earlier one that did.
        if (!entry->fstrim || !fstrim.trimmedNothingNew() || entry->fstrim->trimmedNothingNew())
            entry->fstrim = fstrim;
    }
    return figures;
}

InUseNumbers inUseNumbers(const InUseFilesystem &fs, const AdviceThresholds &thresholds)
{
    InUseNumbers n;
    n.onlineDiscard = fs.onlineDiscard;
    n.limitSeconds = limitFor(fs.fsType, thresholds);
    if (fs.watched) {
        n.discards = fs.discards.count;
        n.driveSeconds = fs.discards.deviceSeconds;
        n.periodSeconds = fs.periodSeconds;
        n.shareOfPeriod = fs.periodSeconds > 0 ? n.driveSeconds / fs.periodSeconds : 0;
        if (isDailyRate(fs.periodSeconds, fs.sinceBoot))
            n.secondsPerDay = n.shareOfPeriod * kSecondsPerDay;
        n.secondsPerDiscard = n.discards > 0 ? fs.discards.deviceSeconds / double(n.discards) : 0;
    }
    if (const std::optional<FilesystemDeleteProfile> recorded = recordedProfileOf(fs.fsType)) {
        n.recordedDiscards = recorded->discardCount;
        n.recordedBytes = recorded->discardCount * recorded->averageDiscardBytes;
        const std::optional<PricePoint> watched = fs.watched ? pointOf(fs.discards) : std::nullopt;
        const std::optional<PricePoint> trimmed =
            fs.fstrim ? pointOf(fs.fstrim->discards()) : std::nullopt;
        if (watched)
            priceDelete(n, recorded->discardCount, recorded->averageDiscardBytes, *watched,
                        trimmed);
    }
    if (fs.fstrim) {
        n.fstrimTrimmedNothingNew = fs.fstrim->trimmedNothingNew();
        if (!n.fstrimTrimmedNothingNew && fs.fstrim->complete() && !fs.fstrim->pieces.isEmpty()) {
            n.fstrimSeconds = fs.fstrim->trimSeconds();
            const watch::FstrimPiece *longest = fs.fstrim->longestPiece();
            n.fstrimLongestPieceSeconds = longest ? longest->driveSeconds() : 0;
        }
    }
    return n;
}

Verdict inUseVerdict(const InUseNumbers &n)
{
    if (n.onlineDiscard) {
        if (n.discards == 0 || !n.deleteSeconds)
            return Verdict::Unknown;
        if (n.highSeconds() <= n.limitSeconds)
            return Verdict::OnlineDiscardFine;
        return n.lowSeconds() > n.limitSeconds ? Verdict::PreferPeriodicFstrim : Verdict::Undecided;
    }
    return n.fstrimSeconds ? Verdict::PreferPeriodicFstrim : Verdict::Unknown;
}

const InUseFilesystem *decidingFilesystem(const InUseFigures &figures,
                                          const AdviceThresholds &thresholds)
{
    const InUseFilesystem *deciding = nullptr;
    int rank = 0;
    for (const InUseFilesystem &fs : figures.filesystems) {
        const int r = verdictRank(inUseVerdict(inUseNumbers(fs, thresholds)));
        if (r > rank) {
            rank = r;
            deciding = &fs;
        }
    }
    return deciding;
}

Verdict inUseVerdict(const InUseFigures &figures, const AdviceThresholds &thresholds)
{
    const InUseFilesystem *fs = decidingFilesystem(figures, thresholds);
    return fs ? inUseVerdict(inUseNumbers(*fs, thresholds)) : Verdict::Unknown;
}

} // namespace trimscope::advice
