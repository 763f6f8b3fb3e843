#include "inusewords.h"

#include "advicetext.h"
#include "common/units.h"

namespace trimscope::advice {

namespace {

constexpr double kHourSeconds = 3600;
constexpr quint64 kFewDiscards = 100;

QString periodWords(const InUseFilesystem &fs)
{
    if (!fs.countedSince.isEmpty())
        return fs.sinceBoot ? AdviceText::tr("since it appeared, %1 ago")
                                  .arg(formatDuration(fs.periodSeconds))
                            : AdviceText::tr("since its present medium was first seen, %1 ago")
                                  .arg(formatDuration(fs.periodSeconds));
    return fs.sinceBoot ? AdviceText::tr("since boot, %1 ago").arg(formatDuration(fs.periodSeconds))
                        : AdviceText::tr("over %1 watched").arg(formatDuration(fs.periodSeconds));
}

// What discards cost over the watch: a daily rate where the window stands for a day, else what
// was measured in the window, as it was.
QString costWords(const InUseFilesystem &fs, const InUseNumbers &n)
{
    if (n.secondsPerDay)
        return AdviceText::tr("%1 a day").arg(formatSeconds(*n.secondsPerDay));
    return AdviceText::tr("%1 of drive time, %2 of the %3 watched (too short a window for a "
                          "daily rate)")
        .arg(formatSeconds(n.driveSeconds), formatPercent(n.shareOfPeriod * 100, 1),
             formatDuration(fs.periodSeconds));
}

QString onWhat(const InUseFilesystem &fs)
{
    return AdviceText::tr("%1 (%2 on %3)").arg(fs.mountPoint, fsDisplay(fs.fsType), fs.deviceName);
}

QString rangeWords(const InUseNumbers &n)
{
    return AdviceText::tr("%1 (%2 – %3)")
        .arg(formatSeconds(n.deleteSeconds.value_or(0)), formatSeconds(n.lowSeconds()),
             formatSeconds(n.highSeconds()));
}

QString fstrimWords(const InUseFilesystem &fs, const InUseNumbers &n)
{
    if (!n.fstrimSeconds)
        return {};
    return AdviceText::tr("a timed fstrim of its free space took %1 for %2, the longest piece %3")
        .arg(formatSeconds(*n.fstrimSeconds), formatBytes(fs.fstrim->trimmedBytes()),
             formatSeconds(n.fstrimLongestPieceSeconds));
}

// Why nothing could be priced, for the filesystem that says most.
QString missingWords(const InUseFigures &figures, const AdviceThresholds &thresholds)
{
    for (const InUseFilesystem &fs : figures.filesystems) {
        const InUseNumbers n = inUseNumbers(fs, thresholds);
        if (!fs.foreignCounters.isEmpty())
            return (fs.sinceBoot ? AdviceText::tr("its counters since boot are not its own: %1.")
                                 : AdviceText::tr("the counters of its watch are not its own: %1."))
                .arg(fs.foreignCounters);
        if (n.onlineDiscard && fs.watched && n.discards == 0)
            return AdviceText::tr("%1 has online discard on, but its drive served no discard %2; "
                                  "watch it for an hour or more while it is in use.")
                .arg(onWhat(fs), periodWords(fs));
        if (n.onlineDiscard && !n.deleteSeconds && n.discards > 0)
            return AdviceText::tr("%1 has online discard on and its drive served %2 discards (%3), "
                                  "but no delete of %4 is recorded to price a large delete by.")
                .arg(onWhat(fs), formatCount(qint64(n.discards)), costWords(fs, n),
                     fsDisplay(fs.fsType));
        if (!n.onlineDiscard && n.fstrimTrimmedNothingNew)
            return AdviceText::tr("the timed fstrim of %1 trimmed nothing new: the filesystem "
                                  "remembers what it trimmed since it was mounted. Run it again "
                                  "after the next boot to measure what trimming costs.")
                .arg(onWhat(fs));
    }
    return AdviceText::tr("a timed fstrim of a filesystem on it measures what trimming its free "
                          "space costs; a watch of a filesystem with online discard measures what "
                          "discard costs.");
}

} // namespace

QList<Figure> inUseFigureList(const InUseFigures &figures, const AdviceThresholds &thresholds)
{
    QList<Figure> list;
    const auto add = [&](QString id, QString label, double value, QString unit, QString how) {
        list.append({std::move(id), std::move(label), value, std::move(unit), std::move(how)});
    };
    for (const InUseFilesystem &fs : figures.filesystems) {
        const InUseNumbers n = inUseNumbers(fs, thresholds);
        const QString mp = fs.mountPoint;
        if (fs.watched) {
            const QString measured =
                AdviceText::tr("measured on this drive in use: %Ln discard(s) (%1, device time "
                               "%2) served by %3 %4, by the kernel's own counters; %5",
                               nullptr, int(fs.discards.count))
                    .arg(formatBytes(fs.discards.bytes), formatSeconds(fs.discards.deviceSeconds),
                         fs.deviceName, periodWords(fs),
                         fs.onlineDiscard ? AdviceText::tr("online discard is on")
                                          : AdviceText::tr("online discard is off: these are "
                                                           "fstrim's and others'"));
            if (n.secondsPerDay)
                add(QStringLiteral("in-use-per-day:") + mp,
                    AdviceText::tr("%1: drive time on discards a day, in use").arg(mp),
                    *n.secondsPerDay, QStringLiteral("s"), measured);
            else
                add(QStringLiteral("in-use-drive-time:") + mp,
                    AdviceText::tr("%1: drive time on discards over the %2 watched, in use")
                        .arg(mp, formatDuration(fs.periodSeconds)),
                    n.driveSeconds, QStringLiteral("s"),
                    measured + AdviceText::tr("; %1 of the window. A window under an hour is "
                                              "no daily rate: whatever burst it caught fills it.")
                                   .arg(formatPercent(n.shareOfPeriod * 100, 1)));
            if (n.discards > 0)
                add(QStringLiteral("in-use-per-discard:") + mp,
                    AdviceText::tr("%1: one discard of %2 on average, in use")
                        .arg(mp, bytesDisplay(fs.discards.averageBytes())),
                    n.secondsPerDiscard, QStringLiteral("s"),
                    AdviceText::tr("measured on this drive in use: its device time over the "
                                   "discards it served"));
        }
        if (n.onlineDiscard && n.deleteSeconds)
            add(QStringLiteral("in-use-delete:") + mp,
                AdviceText::tr("%1: extra time to delete a kernel tree with discard, on this "
                               "drive in use")
                    .arg(mp),
                *n.deleteSeconds, QStringLiteral("s"),
                (n.fitted
                     ? AdviceText::tr("%1's recorded %2 discards (%3) for the kernel tree, each "
                                      "priced on a line through this drive's time per discard "
                                      "in use and the timed fstrim's (larger) discards")
                     : AdviceText::tr("%1's recorded %2 discards (%3) for the kernel tree, each "
                                      "between this drive's average time per discard in use and "
                                      "that time grown with the size (only discards of one size "
                                      "were timed, so which is not known)"))
                        .arg(fsDisplay(fs.fsType), formatCount(qint64(n.recordedDiscards)),
                             bytesDisplay(n.recordedBytes)) +
                    AdviceText::tr("; between %1 and %2, against the %3 limit")
                        .arg(formatSeconds(n.lowSeconds()), formatSeconds(n.highSeconds()),
                             formatSeconds(n.limitSeconds)));
        if (fs.fstrim && !fs.fstrim->pieces.isEmpty()) {
            const watch::FstrimTimingResult &f = *fs.fstrim;
            const watch::OtherIo io = f.otherIo();
            add(QStringLiteral("in-use-fstrim:") + mp,
                AdviceText::tr("%1: timed fstrim of its free space").arg(mp), f.trimSeconds(),
                QStringLiteral("s"),
                f.trimmedNothingNew()
                    ? AdviceText::tr("measured on this drive in use: it trimmed nothing new (the "
                                     "filesystem remembers what it trimmed since it was mounted)")
                    : AdviceText::tr("measured on this drive in use: %1 trimmed in %2 pieces "
                                     "(%3), %4 discards")
                          .arg(formatBytes(f.trimmedBytes()))
                          .arg(f.pieces.size())
                          .arg(formatRate(f.bytesPerSecond()),
                               formatCount(qint64(f.discards().count))));
            if (const watch::FstrimPiece *longest = f.longestPiece())
                add(QStringLiteral("in-use-fstrim-longest:") + mp,
                    AdviceText::tr("%1: the longest fstrim piece").arg(mp), longest->driveSeconds(),
                    QStringLiteral("s"),
                    AdviceText::tr("other I/O meanwhile on the whole run: %1 reads and writes, "
                                   "%2 each on average, at most %3 requests in flight")
                        .arg(formatCount(qint64(io.completed)),
                             io.completed > 0 ? formatSeconds(io.averageWaitSeconds())
                                              : QStringLiteral("-"))
                        .arg(io.maxInFlight));
        }
    }
    return list;
}

QString inUseSentence(const InUseFigures &figures, const AdviceThresholds &thresholds,
                      Verdict verdict, const QString &driveName)
{
    const QString own = AdviceText::tr("These are %1's own figures, measured in use, not a spare "
                                       "drive's.")
                            .arg(driveName);
    const InUseFilesystem *fs = decidingFilesystem(figures, thresholds);
    if (!fs || verdict == Verdict::Unknown)
        return AdviceText::tr("Not enough measured on %1 in use for a verdict: %2")
                   .arg(driveName, missingWords(figures, thresholds)) +
               QLatin1Char(' ') + own;
    const InUseNumbers n = inUseNumbers(*fs, thresholds);
    const QString fstrim = fstrimWords(*fs, n);
    const QString daily =
        n.secondsPerDay
            ? AdviceText::tr("online discard on %1 cost the drive %2 a day (%Ln discard(s) of %3 "
                             "on average, %4)",
                             nullptr, int(n.discards))
                  .arg(onWhat(*fs), formatSeconds(*n.secondsPerDay),
                       bytesDisplay(fs->discards.averageBytes()), periodWords(*fs))
            : AdviceText::tr("online discard on %1 sent %Ln discard(s) of %2 on average: %3",
                             nullptr, int(n.discards))
                  .arg(onWhat(*fs), bytesDisplay(fs->discards.averageBytes()), costWords(*fs, n));
    QString sentence;
    if (!n.onlineDiscard)
        sentence = AdviceText::tr("Keep periodic fstrim on %1: discard is off on %2, and %3.")
                       .arg(driveName, onWhat(*fs), fstrim);
    else if (verdict == Verdict::OnlineDiscardFine)
        sentence = AdviceText::tr("Keep online discard on %1: %2; a kernel-sized delete would "
                                  "add about %3, under the %4 limit.")
                       .arg(driveName, daily, rangeWords(n), formatSeconds(n.limitSeconds));
    else if (verdict == Verdict::PreferPeriodicFstrim)
        sentence = AdviceText::tr("Turn online discard off on %1 and run fstrim weekly: %2; a "
                                  "kernel-sized delete would add about %3, over the %4 limit.")
                       .arg(driveName, daily, rangeWords(n), formatSeconds(n.limitSeconds));
    else
        sentence = AdviceText::tr("Undecided for %1: %2; a kernel-sized delete would add about "
                                  "%3, across the %4 limit. Until a diagnosis of a spare drive of "
                                  "its model decides, run fstrim weekly: that is never harmful.")
                       .arg(driveName, daily, rangeWords(n), formatSeconds(n.limitSeconds));
    if (n.onlineDiscard && !fstrim.isEmpty())
        sentence += QLatin1Char(' ') + AdviceText::tr("Without it, %1.").arg(fstrim);
    return sentence + QLatin1Char(' ') + own;
}

Confidence assessInUseConfidence(const InUseFigures &figures, const AdviceThresholds &thresholds,
                                 Verdict verdict)
{
    Confidence c;
    const InUseFilesystem *fs = decidingFilesystem(figures, thresholds);
    if (!fs || verdict == Verdict::Unknown) {
        c.level = QStringLiteral("low");
        c.reasons.append(AdviceText::tr("nothing measured in use prices the choice yet"));
        return c;
    }
    const InUseNumbers n = inUseNumbers(*fs, thresholds);
    if (n.onlineDiscard) {
        c.reasons.append(AdviceText::tr("the large delete is priced from the discards %1 sent "
                                        "on another drive (recorded), at this drive's own "
                                        "times")
                             .arg(fsDisplay(fs->fsType)));
        if (!n.fitted)
            c.reasons.append(AdviceText::tr("only discards of one size were timed in use: how "
                                            "the drive's time grows with size is not known"));
        if (fs->periodSeconds < kHourSeconds)
            c.reasons.append(AdviceText::tr("watched for only %1: a day of use shows the usual "
                                            "mix of discards")
                                 .arg(formatDuration(fs->periodSeconds)));
        else if (fs->periodSeconds < kSecondsPerDay && !fs->sinceBoot)
            c.reasons.append(AdviceText::tr("watched for less than a day"));
        if (n.discards < kFewDiscards)
            c.reasons.append(
                AdviceText::tr("only %Ln discard(s) served", nullptr, int(n.discards)));
        if (verdict == Verdict::Undecided)
            c.reasons.append(AdviceText::tr("the delete's estimate is too close to its limit to "
                                            "call"));
    } else if (!fs->watched) {
        c.reasons.append(AdviceText::tr("no watch: how often the drive trims in use is not "
                                        "known"));
    }
    const qsizetype doubts = c.reasons.size();
    c.level = doubts <= 1   ? QStringLiteral("high")
              : doubts <= 3 ? QStringLiteral("medium")
                            : QStringLiteral("low");
    return c;
}

QStringList inUseWouldChange(const InUseFigures &figures, const AdviceThresholds &thresholds,
                             Verdict verdict)
{
    QStringList changes;
    const InUseFilesystem *fs = decidingFilesystem(figures, thresholds);
    if (!fs || verdict == Verdict::Unknown) {
        changes.append(missingWords(figures, thresholds));
        return changes;
    }
    const InUseNumbers n = inUseNumbers(*fs, thresholds);
    if (n.onlineDiscard && n.deleteSeconds && n.highSeconds() > 0) {
        // The factor by which every discard's time would have to change for the range to lie
        // wholly on the other side of the limit.
        const double factor = verdict == Verdict::PreferPeriodicFstrim
                                  ? n.limitSeconds / n.highSeconds()
                                  : n.limitSeconds / std::max(n.lowSeconds(), 1e-12);
        if (verdict == Verdict::OnlineDiscardFine)
            changes.append(AdviceText::tr("Discards taking the drive over %1x as long as "
                                          "measured (%2 each) would bring a large delete over "
                                          "the %3 limit.")
                               .arg(formatNumber(n.limitSeconds / n.highSeconds(), 2),
                                    formatSeconds(n.secondsPerDiscard),
                                    formatSeconds(n.limitSeconds)));
        else if (verdict == Verdict::PreferPeriodicFstrim)
            changes.append(AdviceText::tr("Online discard would be acceptable if its discards "
                                          "took the drive under %1x the time measured (%2 "
                                          "each).")
                               .arg(formatNumber(factor, 2), formatSeconds(n.secondsPerDiscard)));
        if (!n.fitted && !fs->fstrim)
            changes.append(AdviceText::tr("A timed fstrim of the same filesystem prices larger "
                                          "discards on this drive and narrows the range."));
    }
    if (fs->watched && !n.secondsPerDay)
        changes.append(AdviceText::tr("A watch of an hour or more while the drive is in use "
                                      "(or its counters since boot) tells how much drive time "
                                      "discards take a day; the %1 watched shows only what "
                                      "happened in it.")
                           .arg(formatDuration(fs->periodSeconds)));
    changes.append(AdviceText::tr("A diagnosis of a spare drive of the same model measures the "
                                  "TRIM curve and a kernel-sized delete itself; its verdict "
                                  "replaces this one."));
    return changes;
}

} // namespace trimscope::advice
