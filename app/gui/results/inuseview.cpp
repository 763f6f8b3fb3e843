#include "inuseview.h"

#include "common/units.h"

#include <QCoreApplication>

namespace trimscope::gui {

namespace {

struct InUseText
{
    Q_DECLARE_TR_FUNCTIONS(InUseView)
};

constexpr double kDay = 86400;

// Why the filesystem's memory matters for what was measured.
QString rememberedWords(const watch::FstrimTimingResult &result)
{
    if (result.trimmedNothingNew())
        return InUseText::tr("Nothing new was trimmed: the filesystem remembers what it trimmed "
                             "since it was mounted (ext4 its block groups, btrfs its unallocated "
                             "space), so this run measured no TRIM. Run it again after the next "
                             "boot to see what trimming the free space costs.");
    if (result.filesystem.fsType == QLatin1String("ext4"))
        return InUseText::tr("ext4 remembers the groups it trimmed until the next mount: a "
                             "second run before then trims only what was freed since, and is "
                             "shorter.");
    return {};
}

} // namespace

FstrimView fstrimView(const watch::FstrimTimingResult &result)
{
    FstrimView view;
    const watch::TrimmedFilesystem &fs = result.filesystem;
    const watch::FstrimPiece *longest = result.longestPiece();
    const watch::OtherIo io = result.otherIo();
    view.summary =
        InUseText::tr("Timed fstrim of %1 (%2 on %3): %4 trimmed in %5 (%6), %7 discards; the "
                      "longest piece took %8. Other I/O on %9 meanwhile: ")
            .arg(fs.mountPoint, fs.fsType, fs.device, formatBytes(result.trimmedBytes()),
                 formatSeconds(result.trimSeconds()), formatRate(result.bytesPerSecond()),
                 formatCount(qint64(result.discards().count)),
                 formatSeconds(longest ? longest->driveSeconds() : 0), fs.diskName) +
        InUseText::tr("%Ln read(s) and write(s), %1 each on average, at most %2 request(s) in "
                      "flight.",
                      nullptr, int(io.completed))
            .arg(io.completed > 0 ? formatSeconds(io.averageWaitSeconds()) : QStringLiteral("–"))
            .arg(io.maxInFlight);
    if (!result.complete())
        view.summary += QLatin1Char(' ') + InUseText::tr("Stopped after %1 of %2 pieces.")
                                               .arg(result.pieces.size())
                                               .arg(result.plannedPieces);
    if (const QString remembered = rememberedWords(result); !remembered.isEmpty())
        view.summary += QLatin1Char(' ') + remembered;

    view.chart.title = InUseText::tr("fstrim, piece by piece");
    view.chart.valueTitle = InUseText::tr("Time (s)");
    BarSetData seconds{InUseText::tr("FITRIM time"), {}};
    view.table.header = {InUseText::tr("Piece"),         InUseText::tr("From"),
                         InUseText::tr("Range"),         InUseText::tr("Trimmed"),
                         InUseText::tr("Time"),          InUseText::tr("Discards"),
                         InUseText::tr("Other I/O"),     InUseText::tr("Its average wait"),
                         InUseText::tr("Most in flight")};
    for (qsizetype i = 0; i < result.pieces.size(); ++i) {
        const watch::FstrimPiece &p = result.pieces.at(i);
        view.chart.categories.append(QString::number(i + 1));
        seconds.values.append(p.driveSeconds());
        view.table.rows.append(
            {QString::number(i + 1), formatBytes(p.start),
             p.length > 0 ? formatBytes(p.length) : InUseText::tr("to the end"),
             formatBytes(p.trimmedBytes), formatSeconds(p.driveSeconds()),
             formatCount(qint64(p.discards.count)), formatCount(qint64(p.otherIo.completed)),
             p.otherIo.completed > 0 ? formatSeconds(p.otherIo.averageWaitSeconds())
                                     : QStringLiteral("–"),
             formatCount(qint64(p.otherIo.maxInFlight))});
    }
    view.chart.sets = {seconds};
    return view;
}

ResultTable watchTable(const watch::DiscardWatch &watched)
{
    ResultTable table;
    table.header = {
        InUseText::tr("Device"),      InUseText::tr("Mounted at"),  InUseText::tr("Online discard"),
        InUseText::tr("Discards"),    InUseText::tr("Bytes"),       InUseText::tr("Average"),
        InUseText::tr("Device time"), InUseText::tr("Per discard"), InUseText::tr("A day")};
    for (qsizetype i = 0; i < watched.uses.size(); ++i) {
        const watch::DiscardUse &use = watched.uses.at(i);
        // The whole disk always; a partition when something is on it or it served discards.
        if (i > 0 && use.filesystems.isEmpty() && use.discards.count == 0)
            continue;
        QStringList mounts;
        QStringList discardState;
        for (const watch::WatchedFilesystem &fs : use.filesystems) {
            // btrfs's async discard may hold freed space back: say how much waits.
            mounts.append(
                fs.btrfs && fs.btrfs->discardableBytes > 0
                    ? InUseText::tr("%1 (%2, %3 waiting to be discarded)")
                          .arg(fs.mountPoint, fs.fsType, formatBytes(fs.btrfs->discardableBytes))
                    : QStringLiteral("%1 (%2)").arg(fs.mountPoint, fs.fsType));
            discardState.append(fs.onlineDiscard ? InUseText::tr("on") : InUseText::tr("off"));
        }
        const fsbench::DiscardDelta &d = use.discards;
        table.rows.append(
            {use.name, mounts.isEmpty() ? QStringLiteral("–") : mounts.join(QStringLiteral(", ")),
             discardState.isEmpty() ? QStringLiteral("–") : discardState.join(QStringLiteral(", ")),
             formatCount(qint64(d.count)), formatBytes(d.bytes),
             d.count > 0 ? formatBytes(quint64(d.averageBytes())) : QStringLiteral("–"),
             formatDuration(d.deviceSeconds),
             d.count > 0 ? formatSeconds(d.deviceSeconds / double(d.count)) : QStringLiteral("–"),
             watched.periodSeconds > 0
                 ? formatDuration(d.deviceSeconds / watched.periodSeconds * kDay)
                 : QStringLiteral("–")});
    }
    return table;
}

QString watchPeriod(const watch::DiscardWatch &watched)
{
    if (!watched.countedSince.isEmpty())
        return watched.sinceBoot ? InUseText::tr("Since it appeared, %1 ago")
                                       .arg(formatDuration(watched.periodSeconds))
                                 : InUseText::tr("Since its present medium was first seen, %1 ago")
                                       .arg(formatDuration(watched.periodSeconds));
    return watched.sinceBoot
               ? InUseText::tr("Since boot, %1 ago").arg(formatDuration(watched.periodSeconds))
               : InUseText::tr("Over the last %1").arg(formatDuration(watched.periodSeconds));
}

} // namespace trimscope::gui
