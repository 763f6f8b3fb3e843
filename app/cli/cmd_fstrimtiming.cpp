// trimscope-cli fstrim-timing: a timed fstrim of a mounted filesystem's free space, in pieces.
// Root's work (FITRIM), through the helper for everyone else; files are not touched.
#include "argumentparsing.h"
#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "jobs/jobkind.h"
#include "reports.h"
#include "runjob.h"
#include "watch/fstrimtarget.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace trimscope::cli {

namespace {

using namespace trimscope::watch;

struct CliFstrim
{
    Q_DECLARE_TR_FUNCTIONS(CliFstrimTiming)
};

// A size option, or a refusal in one line.
std::optional<quint64> sizeOption(const QCommandLineParser &parser,
                                  const QCommandLineOption &option, quint64 fallback)
{
    if (!parser.isSet(option))
        return fallback;
    const std::optional<quint64> size = parseByteSize(parser.value(option));
    if (!size)
        printError(CliFstrim::tr("--%1 takes a size such as 128M or 1G, not '%2'")
                       .arg(option.names().constFirst(), parser.value(option)));
    return size;
}

QString pieceRow(int index, const FstrimPiece &piece)
{
    const OtherIo &io = piece.otherIo;
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
        .arg(index, 5)
        .arg(formatBytes(piece.start), 10)
        .arg(piece.length > 0 ? formatBytes(piece.length) : CliFstrim::tr("to end"), 10)
        .arg(formatBytes(piece.trimmedBytes), 10)
        .arg(formatSeconds(piece.driveSeconds()), 10)
        .arg(formatCount(qint64(piece.discards.count)), 9)
        .arg(formatCount(qint64(io.completed)), 9)
        .arg(io.completed > 0 ? formatSeconds(io.averageWaitSeconds()) : QStringLiteral("-"), 10)
        .arg(io.maxInFlight, 9);
}

// What the device served after FITRIM returned (XFS returns before its discards complete).
QString tailNote(const FstrimTimingResult &result)
{
    const FstrimTail tail = result.tail();
    QString out;
    if (tail.discards.count > 0)
        out += CliFstrim::tr("FITRIM returned after %1 in all; %2 was still serving discards "
                             "then and finished %n more (%3) in the %4 after, counted above.\n",
                             nullptr, int(tail.discards.count))
                   .arg(formatSeconds(result.callSeconds()), result.filesystem.deviceName,
                        formatBytes(tail.discards.bytes), formatSeconds(tail.seconds));
    if (tail.cutShort)
        out += CliFstrim::tr("%1 still had requests in flight %2 after FITRIM returned: "
                             "discards it served later are not counted.\n")
                   .arg(result.filesystem.deviceName, formatSeconds(kFstrimTailBoundSeconds));
    return out;
}

// Why a second run is shorter, and what this one measured.
QString memoryNote(const FstrimTimingResult &result)
{
    const QString fs = result.filesystem.fsType;
    if (result.trimmedNothingNew())
        return CliFstrim::tr("Nothing new was trimmed: the filesystem trimmed all of this free "
                             "space before and remembers it until it is next mounted (ext4 "
                             "remembers its trimmed block groups, btrfs the unallocated space it "
                             "trimmed). This run measured no TRIM; the first run after the next "
                             "mount (or reboot) shows what trimming the free space costs.\n");
    if (fs == QLatin1String("ext4"))
        return CliFstrim::tr("ext4 remembers the block groups it trimmed until it is next "
                             "mounted: a second run before then trims only what was freed "
                             "meanwhile, and is shorter. What this run trimmed is what was not "
                             "trimmed since the mount (or the last fstrim).\n");
    if (fs == QLatin1String("btrfs"))
        return CliFstrim::tr("btrfs remembers the unallocated space it trimmed until it is next "
                             "mounted; the free space inside its block groups it trims every "
                             "time.\n");
    return CliFstrim::tr("%1 trims all of its free space on every run: a second run takes as "
                         "long.\n")
        .arg(fs);
}

} // namespace

QString formatFstrimTimingReport(const FstrimTimingResult &result)
{
    const TrimmedFilesystem &fs = result.filesystem;
    QString out = CliFstrim::tr("Timed fstrim of %1 (%2 on %3, %4 of %5 free), %6 of %7 "
                                "pieces:\n")
                      .arg(fs.mountPoint, fs.fsType, fs.device, formatBytes(fs.freeBytes),
                           formatBytes(fs.sizeBytes))
                      .arg(result.pieces.size())
                      .arg(result.plannedPieces);
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
               .arg(CliFstrim::tr("PIECE"), 5)
               .arg(CliFstrim::tr("START"), 10)
               .arg(CliFstrim::tr("RANGE"), 10)
               .arg(CliFstrim::tr("TRIMMED"), 10)
               .arg(CliFstrim::tr("TIME"), 10)
               .arg(CliFstrim::tr("DISCARDS"), 9)
               .arg(CliFstrim::tr("OTHER I/O"), 9)
               .arg(CliFstrim::tr("ITS WAIT"), 10)
               .arg(CliFstrim::tr("IN FLIGHT"), 9);
    for (qsizetype i = 0; i < result.pieces.size(); ++i)
        out += pieceRow(int(i + 1), result.pieces.at(i));
    const fsbench::DiscardDelta discards = result.discards();
    const OtherIo io = result.otherIo();
    const FstrimPiece *longest = result.longestPiece();
    out += CliFstrim::tr("Trimmed %1 in %2 (%3); the longest piece took %4.\n")
               .arg(formatBytes(result.trimmedBytes()), formatSeconds(result.trimSeconds()),
                    formatRate(result.bytesPerSecond()),
                    formatSeconds(longest ? longest->driveSeconds() : 0));
    out +=
        CliFstrim::tr("%1 served %n discard(s) meanwhile (%2, device time %3).\n", nullptr,
                      int(discards.count))
            .arg(fs.deviceName, formatBytes(discards.bytes), formatSeconds(discards.deviceSeconds));
    out += tailNote(result);
    out += CliFstrim::tr("Other I/O on %1 meanwhile: %n read(s) and write(s), %2 each on "
                         "average; busy %3; at most %4 request(s) in flight, the discards "
                         "included.\n",
                         nullptr, int(io.completed))
               .arg(fs.diskName,
                    io.completed > 0 ? formatSeconds(io.averageWaitSeconds()) : QStringLiteral("-"),
                    formatSeconds(io.busySeconds))
               .arg(io.maxInFlight);
    out += memoryNote(result);
    return out;
}

namespace {

int runFstrimTiming(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("MOUNT"),
                                 CliFstrim::tr("a directory of the mounted filesystem"));
    const QCommandLineOption pieceOption(
        QStringLiteral("piece"),
        CliFstrim::tr("Trim SIZE of the filesystem's range per piece (a multiple of 1M; default: "
                      "about a 64th, in steps of 128M)"),
        QStringLiteral("SIZE"));
    const QCommandLineOption minimumOption(
        QStringLiteral("minlen"),
        CliFstrim::tr("Leave free extents shorter than SIZE (fstrim --minimum)"),
        QStringLiteral("SIZE"));
    const QCommandLineOption jsonOption(QStringLiteral("json"),
                                        CliFstrim::tr("Write the result as JSON to FILE"),
                                        QStringLiteral("FILE"));
    const QCommandLineOption containingOption(
        QStringLiteral("containing"),
        CliFstrim::tr("MOUNT may be any directory: trim the filesystem that holds it"));
    parser.addOptions({pieceOption, minimumOption, jsonOption, containingOption});
    if (!parseArguments(parser, QStringLiteral("fstrim-timing"), args))
        return ExitRefused;
    if (parser.positionalArguments().size() != 1) {
        printError(CliFstrim::tr("fstrim-timing takes one mounted directory"));
        return ExitRefused;
    }
    const std::optional<quint64> piece = sizeOption(parser, pieceOption, 0);
    const std::optional<quint64> minimum = sizeOption(parser, minimumOption, 0);
    if (!piece || !minimum)
        return ExitRefused;
    const QString directory = parser.positionalArguments().constFirst();
    const Expected<FilesystemRef> fs = filesystemAt(directory);
    if (!fs) {
        printError(fs.error());
        return ExitRefused;
    }
    // A directory that is a mount point only in another namespace belongs to the filesystem
    // mounted above it here, / perhaps: trimming that is asked for by name, not by accident.
    if (!fs->isMountPoint && !parser.isSet(containingOption)) {
        printError(CliFstrim::tr("%1 is not a mount point here: it belongs to the filesystem "
                                 "mounted at %2 (%3 on %4). Name that mount point, or add "
                                 "--containing to trim the filesystem holding %1.")
                       .arg(directory, fs->mountPoint, fs->fsType, fs->devicePath));
        return ExitRefused;
    }
    // Before any question or progress (stderr: stdout may be --json /dev/stdout).
    printError(CliFstrim::tr("trims the free space of the filesystem mounted at %1 (%2 on %3)")
                   .arg(fs->mountPoint, fs->fsType, fs->devicePath));
    FstrimTimingPlan plan;
    plan.filesystemMajor = fs->major;
    plan.filesystemMinor = fs->minor;
    plan.pieceBytes = *piece;
    plan.minimumBytes = *minimum;
    if (const Error error = validateFstrimTimingPlan(plan); error.isError()) {
        printError(error);
        return ExitRefused;
    }
    return runJobCommand(
        {plan,
         DeviceTarget{fs->devicePath},
         CliFstrim::tr("fstrim %1 (%2)").arg(fs->mountPoint, fs->devicePath),
         parser.value(jsonOption),
         {},
         CliFstrim::tr("cancelled between two pieces; the pieces not run were not trimmed, and the "
                       "partial result is marked incomplete")});
}

} // namespace

template <> const Command &commandOf<watch::FstrimTimingPlan>()
{
    static const Command command{
        jobKindOf<watch::FstrimTimingPlan>().name,
        "fstrim-timing MOUNT [--piece SIZE] [--minlen SIZE] [--json FILE]",
        "Time an fstrim of a mounted filesystem's free space in pieces: throughput, the\n"
        "        longest piece, what other I/O waited (root or the helper; files stay)",
        &runFstrimTiming};
    return command;
}

} // namespace trimscope::cli
