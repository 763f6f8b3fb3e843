// trimscope-cli watch: the discards a drive in use served, as the kernel counted them, since boot
// or over a period. Read-only: sysfs, no privilege, nothing opened but counter files.
#include "argumentparsing.h"
#include "audit/systemsnapshot.h"
#include "cancelonsignals.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "device/deviceprobe.h"
#include "common/atomicfile.h"
#include "report/resultfile.h"
#include "reports.h"
#include "watch/discardwatch.h"
#include "watch/fstrimtarget.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTimer>
#include <cstdio>

namespace trimscope::cli {

namespace {

struct CliWatch
{
    Q_DECLARE_TR_FUNCTIONS(CliWatch)
};

// A week: longer periods are what the counters since boot answer (and a timer counts in int ms).
constexpr double kMaxWatchSeconds = 7 * 86400;

// "90", "90s", "10m", "2h": seconds, or nothing for anything else.
std::optional<double> parseDuration(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d+(?:\\.\\d+)?)([smh]?)$"));
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    const double value = match.captured(1).toDouble();
    const QString unit = match.captured(2);
    const double seconds = unit == QLatin1String("h")   ? value * 3600
                           : unit == QLatin1String("m") ? value * 60
                                                        : value;
    if (seconds <= 0)
        return std::nullopt;
    return seconds;
}

// The drive behind a device node or a mounted path (the filesystem's device: a partition, or a
// device-mapper device such as an opened LUKS volume), as the audit sees it: the bottom of its
// stack (watch::watchedDriveName).
Expected<BlockDevice> diskOf(const QString &target, const audit::SystemSnapshot &snapshot)
{
    const DeviceProbe probe;
    Expected<BlockDevice> device = [&]() -> Expected<BlockDevice> {
        if (QFileInfo(target).isDir()) {
            // Its filesystem's device: by number, or as its source where the filesystem has an
            // anonymous number (btrfs).
            const Expected<watch::FilesystemRef> fs = watch::filesystemAt(target);
            if (!fs)
                return fs.error();
            return probe.probePath(fs->devicePath);
        }
        return probe.probePath(target);
    }();
    if (!device)
        return device.error();
    const QString drive = watch::watchedDriveName(snapshot, device->name);
    if (!drive.isEmpty() && drive != device->name)
        device = probe.probeName(drive);
    if (device && device->isPartition && !device->parentName.isEmpty())
        return probe.probeName(device->parentName);
    return device;
}

} // namespace

QString formatWatchReport(const watch::DiscardWatch &watch)
{
    QString out = watch.sinceBoot && !watch.countedSince.isEmpty()
                      ? CliWatch::tr("Discards served by %1 (%2) since it appeared, %3 ago:\n")
                            .arg(watch.drive.name, watch.drive.displayName(),
                                 formatDuration(watch.periodSeconds))
                  : watch.sinceBoot
                      ? CliWatch::tr("Discards served by %1 (%2) since boot, %3 ago:\n")
                            .arg(watch.drive.name, watch.drive.displayName(),
                                 formatDuration(watch.periodSeconds))
                      : CliWatch::tr("Discards served by %1 (%2) over %3:\n")
                            .arg(watch.drive.name, watch.drive.displayName(),
                                 formatDuration(watch.periodSeconds));
    if (!watch.foreignCounters.isEmpty())
        out += CliWatch::tr("Not this device's own history: %1.\n").arg(watch.foreignCounters);
    if (!watch.countedSince.isEmpty())
        out += watch.countedSince + QLatin1Char('\n');
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
               .arg(CliWatch::tr("DEVICE"), -12)
               .arg(CliWatch::tr("DISCARDS"), 10)
               .arg(CliWatch::tr("BYTES"), 11)
               .arg(CliWatch::tr("AVERAGE"), 11)
               .arg(CliWatch::tr("DEVICE TIME"), 12)
               .arg(CliWatch::tr("PER DISCARD"), 12)
               .arg(CliWatch::tr("OF PERIOD"), 10)
               .arg(CliWatch::tr("MOUNTED AT"));
    for (const watch::DiscardUse &use : watch.uses) {
        const fsbench::DiscardDelta &d = use.discards;
        out +=
            QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                .arg(use.name, -12)
                .arg(formatCount(qint64(d.count)), 10)
                .arg(formatBytes(d.bytes), 11)
                .arg(d.count > 0 ? formatBytes(quint64(d.averageBytes())) : QStringLiteral("-"), 11)
                .arg(formatDuration(d.deviceSeconds), 12)
                .arg(d.count > 0 ? formatSeconds(d.deviceSeconds / double(d.count))
                                 : QStringLiteral("-"),
                     12)
                .arg(formatPercent(100 * use.shareOfPeriod(watch.periodSeconds), 2), 10)
                .arg(use.mountPoints.isEmpty() ? QStringLiteral("-")
                                               : use.mountPoints.join(QStringLiteral(", ")));
    }
    for (const watch::DiscardUse &use : watch.uses) {
        for (const watch::WatchedFilesystem &fs : use.filesystems) {
            if (!fs.btrfs)
                continue;
            const audit::BtrfsDiscardStats &b = *fs.btrfs;
            out +=
                CliWatch::tr("btrfs at %1 (%2): %3 in %4 extent(s) freed and not yet "
                             "discarded; %5 discarded as extents, %6 from bitmaps, %7 not "
                             "discarded because it was reused first; at most %8 discards a "
                             "second%9, up to %10 each.\n")
                    .arg(fs.mountPoint,
                         fs.onlineDiscard ? CliWatch::tr("online discard on")
                                          : CliWatch::tr("online discard off"),
                         formatBytes(b.discardableBytes))
                    .arg(b.discardableExtents)
                    .arg(formatBytes(b.discardExtentBytes), formatBytes(b.discardBitmapBytes),
                         formatBytes(b.discardBytesSaved))
                    .arg(b.iopsLimit)
                    .arg(b.kbpsLimit > 0
                             ? CliWatch::tr(" and %1 a second").arg(formatBytes(b.kbpsLimit * 1024))
                             : QString(),
                         formatBytes(b.maxDiscardSize));
            // btrfs's own verdict, the audit's (audit::btrfsAsyncVerdict): async as it is, or
            // the limit that keeps it trickling.
            const audit::BtrfsAsyncVerdict verdict = audit::btrfsAsyncVerdict(b);
            if (fs.onlineDiscard && verdict.kind != audit::BtrfsAsyncVerdict::Kind::Fine)
                out += CliWatch::tr("  Its async discard is throttled by %1: echo %2 | sudo tee "
                                    "/sys/fs/btrfs/%3/discard/%1 (see trimscope-cli audit).\n")
                           .arg(verdict.tunable)
                           .arg(verdict.value)
                           .arg(b.fsid);
        }
    }
    out += CliWatch::tr("Every discard the kernel sent to the device counts, whoever sent it "
                        "(online discard, fstrim, mkfs).\nDevice time sums each discard's time "
                        "from issue to completion: discards queued together can pass 100 %.\n");
    return out;
}

namespace {

// Watches `disk` for `seconds`, a progress line on a terminal; Ctrl-C ends the period early.
Expected<watch::DiscardWatch> watchFor(const BlockDevice &disk, double seconds)
{
    const QStringList names = watch::watchedNames(disk);
    const Expected<watch::CounterSnapshot> before = watch::readCounters(names);
    if (!before)
        return before.error();
    // Said once the period has begun, on a terminal or in a log alike: what counts starts now.
    std::fprintf(stderr, "%s\n",
                 qPrintable(CliWatch::tr("Watching %1 for %2 (Ctrl+C ends it early)…")
                                .arg(disk.name, formatDuration(seconds))));
    std::fflush(stderr);
    QEventLoop loop;
    QTimer end;
    end.setSingleShot(true);
    end.setTimerType(Qt::PreciseTimer); // a coarse timer may end a period 5 % early
    QObject::connect(&end, &QTimer::timeout, &loop, &QEventLoop::quit);
    QTimer tick;
    ProgressBar progress(CliWatch::tr("Watching %1").arg(disk.name));
    QElapsedTimer clock;
    clock.start();
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        const double elapsed = double(clock.elapsed()) / 1000.0;
        const Expected<watch::CounterSnapshot> now = watch::readCounters({disk.name});
        const quint64 count = now ? fsbench::discardDelta(before->devices.value(disk.name),
                                                          now->devices.value(disk.name))
                                        .count
                                  : 0;
        progress.update(std::min(1.0, elapsed / seconds), std::max(0.0, seconds - elapsed),
                        CliWatch::tr("%n discard(s) so far", nullptr, int(count)));
    });
    const CancelOnSignals stopEarly([&] { loop.quit(); });
    end.start(int(seconds * 1000));
    tick.start(1000);
    loop.exec();
    progress.finish();
    const Expected<watch::CounterSnapshot> after = watch::readCounters(names);
    if (!after)
        return after.error();
    watch::DiscardWatch watched = watch::compareSnapshots(disk, *before, *after);
    watch::addFilesystemCounters(watched);
    return watched;
}

} // namespace

int runWatch(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption forOption(
        QStringLiteral("for"),
        CliWatch::tr("Watch for DURATION (90, 90s, 10m, 2h) instead of reading the counters "
                     "since boot"),
        QStringLiteral("DURATION"));
    const QCommandLineOption jsonOption(QStringLiteral("json"),
                                        CliWatch::tr("Write the figures as JSON to FILE"),
                                        QStringLiteral("FILE"));
    parser.addOptions({forOption, jsonOption});
    if (!parseArguments(parser, QStringLiteral("watch"), args))
        return ExitRefused;
    if (parser.positionalArguments().size() != 1) {
        printError(CliWatch::tr("watch takes one DEVICE or mounted directory"));
        return ExitRefused;
    }
    std::optional<double> seconds;
    if (parser.isSet(forOption)) {
        seconds = parseDuration(parser.value(forOption));
        if (!seconds || *seconds > kMaxWatchSeconds) {
            printError(CliWatch::tr("--for takes a duration up to a week, such as 90, 90s, 10m "
                                    "or 2h, not '%1'")
                           .arg(parser.value(forOption)));
            return ExitRefused;
        }
    }
    const QString jsonPath = parser.value(jsonOption);
    if (const Error error = checkResultPathWritable(jsonPath); error.isError()) {
        printError(error);
        return ExitRefused;
    }
    const audit::SystemSnapshot snapshot = audit::SystemSnapshot::capture();
    const Expected<BlockDevice> disk = diskOf(parser.positionalArguments().constFirst(), snapshot);
    if (!disk) {
        printError(disk.error());
        return exitCodeFor(disk.error());
    }
    Expected<watch::DiscardWatch> watched = [&]() -> Expected<watch::DiscardWatch> {
        if (seconds)
            return watchFor(*disk, *seconds);
        return watch::readSinceBoot(*disk);
    }();
    if (!watched) {
        printError(watched.error());
        return exitCodeFor(watched.error());
    }
    // Every filesystem over the drive, through whatever stack, on the device it reaches.
    watch::placeFilesystems(*watched, snapshot);
    printOut(formatWatchReport(*watched));
    if (!jsonPath.isEmpty()) {
        if (const Error error = writeFileAtomically(jsonPath, resultToJsonBytes(*watched));
            error.isError()) {
            printError(error);
            return ExitFailure;
        }
    }
    return ExitOk;
}

} // namespace trimscope::cli
