// The timed fstrim's pure parts: how a filesystem is cut into pieces, what a plan may ask, the
// filesystem's number, the mount found for it, a stack that drops discards refused in words, the
// figures summed over the pieces, and the file written and read back.
#include "testmain.h"
#include "watch/devicetail.h"
#include "watch/fstrimtarget.h"
#include "watch/fstrimtiming.h"

#include <QJsonArray>
#include <QTest>
#include <limits>

using namespace trimscope;
using namespace trimscope::watch;

Q_DECLARE_METATYPE(trimscope::audit::StackLayer)

namespace {

constexpr quint64 kMiB = quint64(1) << 20;
constexpr quint64 kGiB = quint64(1) << 30;

audit::StackLayer layer(const QString &name, audit::LayerKind kind, bool passes,
                        std::optional<bool> cryptAllows = std::nullopt)
{
    audit::StackLayer l;
    l.name = name;
    l.kind = kind;
    l.discardPasses = passes;
    l.discardMaxBytes = passes ? 2 * kGiB : 0;
    l.cryptAllowsDiscards = cryptAllows;
    return l;
}

FstrimPiece piece(double seconds, quint64 trimmed, quint64 discards, quint64 inFlight)
{
    FstrimPiece p;
    p.seconds = seconds;
    p.trimmedBytes = trimmed;
    p.discards.count = discards;
    p.discards.bytes = trimmed;
    p.otherIo.completed = 10;
    p.otherIo.waitSeconds = 0.5;
    p.otherIo.maxInFlight = inFlight;
    return p;
}

} // namespace

class TestFstrimTiming : public QObject
{
    Q_OBJECT
private slots:
    void cutsTheFilesystemIntoPieces_data();
    void cutsTheFilesystemIntoPieces();
    void defaultPiecesAreWholeExt4Groups_data();
    void defaultPiecesAreWholeExt4Groups();
    void validatesThePlan_data();
    void validatesThePlan();
    void parsesDeviceNumbers_data();
    void parsesDeviceNumbers();
    void findsTheMountOfTheFilesystem();
    void refusesAStackThatDropsDiscards_data();
    void refusesAStackThatDropsDiscards();
    void sumsThePieces();
    void tellsARunThatTrimmedNothingNew_data();
    void tellsARunThatTrimmedNothingNew();
    void otherIoIsWhatTheCountersGrew();
    void writesAndReadsItsFile();
    void readsTheTailAfterTheCall_data();
    void readsTheTailAfterTheCall();
    void quietIsNothingInFlightAndNoNewDiscard_data();
    void quietIsNothingInFlightAndNoNewDiscard();
};

void TestFstrimTiming::cutsTheFilesystemIntoPieces_data()
{
    QTest::addColumn<quint64>("size");
    QTest::addColumn<quint64>("piece");
    QTest::addColumn<QList<quint64>>("starts");
    QTest::newRow("four whole pieces")
        << 512 * kMiB << 128 * kMiB << QList<quint64>{0, 128 * kMiB, 256 * kMiB, 384 * kMiB};
    QTest::newRow("a part piece at the end")
        << 300 * kMiB << 128 * kMiB << QList<quint64>{0, 128 * kMiB, 256 * kMiB};
    QTest::newRow("smaller than a piece") << 64 * kMiB << 128 * kMiB << QList<quint64>{0};
    QTest::newRow("empty filesystem") << quint64(0) << 128 * kMiB << QList<quint64>{0};
}

void TestFstrimTiming::cutsTheFilesystemIntoPieces()
{
    QFETCH(quint64, size);
    QFETCH(quint64, piece);
    QFETCH(QList<quint64>, starts);
    const QList<FstrimRange> pieces = planPieces(size, piece);
    QCOMPARE(pieces.size(), starts.size());
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        QCOMPARE(pieces.at(i).start, starts.at(i));
        const bool last = i == pieces.size() - 1;
        // Every piece but the last is the piece size; the last reaches to the end of the address
        // space, so nothing a filesystem places beyond its size is left out.
        QCOMPARE(pieces.at(i).length, last ? quint64(0) : piece);
        QCOMPARE(pieces.at(i).ioctlLength(),
                 last ? std::numeric_limits<quint64>::max() - starts.at(i) : piece);
    }
}

void TestFstrimTiming::defaultPiecesAreWholeExt4Groups_data()
{
    QTest::addColumn<quint64>("size");
    QTest::addColumn<quint64>("piece");
    QTest::newRow("small: one group") << 512 * kMiB << 128 * kMiB;
    QTest::newRow("64 GiB: 8 groups") << 64 * kGiB << kGiB;
    QTest::newRow("70 GiB: rounded up to whole groups") << 70 * kGiB << 9 * 128 * kMiB;
    QTest::newRow("2 TiB: at most 8 GiB") << 2048 * kGiB << 8 * kGiB;
}

void TestFstrimTiming::defaultPiecesAreWholeExt4Groups()
{
    QFETCH(quint64, size);
    QFETCH(quint64, piece);
    QCOMPARE(defaultPieceBytes(size), piece);
    QCOMPARE(defaultPieceBytes(size) % (128 * kMiB), quint64(0));
}

void TestFstrimTiming::validatesThePlan_data()
{
    QTest::addColumn<quint32>("major");
    QTest::addColumn<quint64>("piece");
    QTest::addColumn<quint64>("minimum");
    QTest::addColumn<bool>("valid");
    QTest::newRow("defaults") << 8u << quint64(0) << quint64(0) << true;
    QTest::newRow("1 GiB pieces, 64 KiB minimum") << 8u << kGiB << 64 * quint64(1024) << true;
    QTest::newRow("no filesystem") << 0u << quint64(0) << quint64(0) << false;
    QTest::newRow("piece not whole MiB") << 8u << kMiB + 4096 << quint64(0) << false;
    QTest::newRow("piece over 1 TiB") << 8u << 2048 * kGiB << quint64(0) << false;
    QTest::newRow("minimum over 1 GiB") << 8u << quint64(0) << 2 * kGiB << false;
}

void TestFstrimTiming::validatesThePlan()
{
    QFETCH(quint32, major);
    QFETCH(quint64, piece);
    QFETCH(quint64, minimum);
    QFETCH(bool, valid);
    FstrimTimingPlan plan;
    plan.filesystemMajor = major;
    plan.filesystemMinor = 0;
    plan.pieceBytes = piece;
    plan.minimumBytes = minimum;
    const Error error = validateFstrimTimingPlan(plan);
    QCOMPARE(!error.isError(), valid);
    if (!valid) {
        QCOMPARE(error.code, ErrorCode::InvalidArgument);
        QVERIFY(!error.message.isEmpty());
    }
}

void TestFstrimTiming::parsesDeviceNumbers_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<quint32>("major");
    QTest::addColumn<quint32>("minor");
    QTest::newRow("partition") << "8:2" << true << 8u << 2u;
    QTest::newRow("btrfs anonymous") << "0:45" << true << 0u << 45u;
    QTest::newRow("largest") << "4095:1048575" << true << 4095u << 1048575u;
    QTest::newRow("major too large") << "4096:0" << false << 0u << 0u;
    QTest::newRow("minor too large") << "8:1048576" << false << 0u << 0u;
    QTest::newRow("a path") << "/dev/sda2" << false << 0u << 0u;
    QTest::newRow("blank around") << " 8:2" << false << 0u << 0u;
    QTest::newRow("negative") << "-8:2" << false << 0u << 0u;
    QTest::newRow("empty") << "" << false << 0u << 0u;
}

void TestFstrimTiming::parsesDeviceNumbers()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(quint32, major);
    QFETCH(quint32, minor);
    const auto parsed = parseDeviceNumber(text);
    QCOMPARE(parsed.has_value(), valid);
    if (valid) {
        QCOMPARE(parsed->first, major);
        QCOMPARE(parsed->second, minor);
    }
}

void TestFstrimTiming::findsTheMountOfTheFilesystem()
{
    // A bind mount of a subdirectory first, then the filesystem's own root; btrfs beside it.
    const QList<MountInfoEntry> mounts = parseMountInfo(QStringLiteral(
        "30 1 8:2 /srv/data /data rw,relatime - ext4 /dev/sda2 rw\n"
        "31 1 8:2 / /home rw,relatime - ext4 /dev/sda2 rw,discard\n"
        "40 1 0:45 / /mnt/pool rw - btrfs /dev/sdb rw,discard=async,space_cache=v2\n"));
    QCOMPARE(mounts.at(1).mountId, 31);
    const auto home = mountOfFilesystem(mounts, QStringLiteral("8:2"));
    QVERIFY(home);
    QCOMPARE(home->mountPoint, QStringLiteral("/home"));
    const auto pool = mountOfFilesystem(mounts, QStringLiteral("0:45"));
    QVERIFY(pool);
    QCOMPARE(pool->source, QStringLiteral("/dev/sdb"));
    QVERIFY(!mountOfFilesystem(mounts, QStringLiteral("8:3")));
    QCOMPARE(parseFdInfoMountId(QStringLiteral("pos:\t0\nflags:\t02100000\nmnt_id:\t31\n")), 31);
    QVERIFY(!parseFdInfoMountId(QStringLiteral("pos:\t0\nflags:\t02100000\n")));
}

void TestFstrimTiming::refusesAStackThatDropsDiscards_data()
{
    using audit::LayerKind;
    QTest::addColumn<QList<audit::StackLayer>>("layers");
    QTest::addColumn<QString>("blocker"); // empty: passes
    QTest::newRow("partition on an SSD")
        << QList<audit::StackLayer>{layer("sda2", LayerKind::Partition, true),
                                    layer("sda", LayerKind::Disk, true)}
        << QString();
    QTest::newRow("LUKS without allow_discards")
        << QList<audit::StackLayer>{layer("dm-0", LayerKind::Crypt, true, false),
                                    layer("sda2", LayerKind::Partition, true),
                                    layer("sda", LayerKind::Disk, true)}
        << "dm-0";
    QTest::newRow("RAID that drops them")
        << QList<audit::StackLayer>{layer("md0", LayerKind::Raid, false),
                                    layer("sda", LayerKind::Disk, true)}
        << "md0";
    QTest::newRow("a disk without TRIM")
        << QList<audit::StackLayer>{layer("sdb1", LayerKind::Partition, false),
                                    layer("sdb", LayerKind::Disk, false)}
        << "sdb1";
    QTest::newRow("nothing known") << QList<audit::StackLayer>{} << "not known";
}

void TestFstrimTiming::refusesAStackThatDropsDiscards()
{
    QFETCH(QList<audit::StackLayer>, layers);
    QFETCH(QString, blocker);
    audit::StorageStack stack;
    stack.layers = layers;
    const Error error = checkStackPassesDiscards(stack, QStringLiteral("/home"));
    QCOMPARE(error.isError(), !blocker.isEmpty());
    if (!blocker.isEmpty()) {
        QVERIFY2(error.message.contains(blocker), qPrintable(error.message));
        QVERIFY2(error.message.contains(QStringLiteral("/home")), qPrintable(error.message));
        QVERIFY2(error.message.contains(QStringLiteral("nothing was trimmed")),
                 qPrintable(error.message));
    }
}

void TestFstrimTiming::sumsThePieces()
{
    FstrimTimingResult result;
    result.pieces = {piece(0.2, 100 * kMiB, 3, 2), piece(0.5, 300 * kMiB, 4, 5),
                     piece(0.1, 0, 0, 1)};
    QCOMPARE(result.trimSeconds(), 0.8);
    QCOMPARE(result.trimmedBytes(), 400 * kMiB);
    QCOMPARE(result.discards().count, quint64(7));
    QCOMPARE(result.longestPiece(), &result.pieces.at(1));
    QCOMPARE(result.bytesPerSecond(), double(400 * kMiB) / 0.8);
    const OtherIo io = result.otherIo();
    QCOMPARE(io.completed, quint64(30));
    QCOMPARE(io.maxInFlight, quint64(5));
    QCOMPARE(io.averageWaitSeconds(), 1.5 / 30);
    QVERIFY(!result.trimmedNothingNew());
    QVERIFY(!FstrimTimingResult().longestPiece());
    QCOMPARE(FstrimTimingResult().bytesPerSecond(), 0.0);
}

void TestFstrimTiming::tellsARunThatTrimmedNothingNew_data()
{
    QTest::addColumn<quint64>("trimmed");
    QTest::addColumn<quint64>("discards");
    QTest::addColumn<bool>("cancelled");
    QTest::addColumn<bool>("nothingNew");
    QTest::newRow("ext4's second run") << quint64(0) << quint64(0) << false << true;
    QTest::newRow("trimmed some") << 4 * kMiB << quint64(1) << false << false;
    // The filesystem said nothing, but the drive saw discards: something was trimmed.
    QTest::newRow("discards seen") << quint64(0) << quint64(2) << false << false;
    // A cancelled run did not look at everything.
    QTest::newRow("cancelled") << quint64(0) << quint64(0) << true << false;
}

void TestFstrimTiming::tellsARunThatTrimmedNothingNew()
{
    QFETCH(quint64, trimmed);
    QFETCH(quint64, discards);
    QFETCH(bool, cancelled);
    QFETCH(bool, nothingNew);
    FstrimTimingResult result;
    FstrimPiece p = piece(0.01, trimmed, discards, 1);
    p.discards.bytes = discards * kMiB;
    result.pieces = {p};
    if (cancelled)
        result.stopReason = StopReason::Cancelled;
    QCOMPARE(result.trimmedNothingNew(), nothingNew);
}

void TestFstrimTiming::otherIoIsWhatTheCountersGrew()
{
    fsbench::DiskStats before;
    before.readIos = 100;
    before.readMilliseconds = 40;
    before.writeIos = 50;
    before.writeMilliseconds = 60;
    before.ioTicksMilliseconds = 1000;
    fsbench::DiskStats after = before;
    after.readIos += 7;
    after.readMilliseconds += 700;
    after.writeIos += 3;
    after.writeMilliseconds += 300;
    after.ioTicksMilliseconds += 1500;
    const OtherIo io = otherIoBetween(before, after);
    QCOMPARE(io.completed, quint64(10));
    QCOMPARE(io.waitSeconds, 1.0);
    QCOMPARE(io.averageWaitSeconds(), 0.1);
    QCOMPARE(io.busySeconds, 1.5);
    // Counters that went down (a device re-created) count as nothing.
    QCOMPARE(otherIoBetween(after, before).completed, quint64(0));
}

void TestFstrimTiming::writesAndReadsItsFile()
{
    FstrimTimingResult result;
    result.plan.filesystemMajor = 8;
    result.plan.filesystemMinor = 2;
    result.plan.pieceBytes = 256 * kMiB;
    result.filesystem.mountPoint = QStringLiteral("/home");
    result.filesystem.fsType = QStringLiteral("ext4");
    result.filesystem.deviceName = QStringLiteral("sda2");
    result.filesystem.diskName = QStringLiteral("sda");
    result.filesystem.sizeBytes = 512 * kMiB;
    result.plannedPieces = 2;
    result.pieces = {piece(0.25, 200 * kMiB, 2, 3), piece(0.75, 100 * kMiB, 5, 4)};
    result.pieces[1].length = 0; // to the end
    const Expected<FstrimTimingResult> read = FstrimTimingResult::fromJson(result.toJson());
    QVERIFY(read);
    QCOMPARE(read->plan.filesystemNumber(), QStringLiteral("8:2"));
    QCOMPARE(read->plan.pieceBytes, 256 * kMiB);
    QCOMPARE(read->filesystem.mountPoint, QStringLiteral("/home"));
    QCOMPARE(read->filesystem.diskName, QStringLiteral("sda"));
    QCOMPARE(read->plannedPieces, 2);
    QCOMPARE(read->pieces.size(), 2);
    QCOMPARE(read->pieces.at(1).length, quint64(0));
    QCOMPARE(read->pieces.at(1).discards.count, quint64(5));
    QCOMPARE(read->pieces.at(1).otherIo.maxInFlight, quint64(4));
    QCOMPARE(read->trimSeconds(), 1.0);
    QCOMPARE(read->trimmedBytes(), 300 * kMiB);
    QVERIFY(!FstrimTimingResult::fromJson(QJsonObject()));
}

// XFS's FITRIM returns before its last discards complete: the run counts them as the piece's
// tail, and its file keeps that tail; a tail no run can measure is refused.
void TestFstrimTiming::readsTheTailAfterTheCall_data()
{
    QTest::addColumn<double>("tailSeconds");
    QTest::addColumn<quint64>("tailDiscards");
    QTest::addColumn<bool>("written"); // false: a file from before tails were counted
    QTest::addColumn<bool>("accepted");
    QTest::newRow("XFS: one discard 0.22 s after") << 0.22 << quint64(1) << true << true;
    QTest::newRow("ext4: none") << 0.0 << quint64(0) << true << true;
    QTest::newRow("an older file") << 0.0 << quint64(0) << false << true;
    QTest::newRow("negative time") << -0.5 << quint64(1) << true << false;
    QTest::newRow("beyond the bound") << kFstrimTailBoundSeconds + 5 << quint64(1) << true << false;
    QTest::newRow("more than its piece") << 0.1 << quint64(6) << true << false;
}

void TestFstrimTiming::readsTheTailAfterTheCall()
{
    QFETCH(double, tailSeconds);
    QFETCH(quint64, tailDiscards);
    QFETCH(bool, written);
    QFETCH(bool, accepted);
    FstrimTimingResult result;
    result.filesystem.mountPoint = QStringLiteral("/srv");
    result.filesystem.fsType = QStringLiteral("xfs");
    result.plannedPieces = 2;
    result.pieces = {piece(0.25, 200 * kMiB, 2, 3), piece(0.75, 100 * kMiB, 5, 4)};
    result.pieces[1].tail.seconds = tailSeconds;
    result.pieces[1].tail.discards.count = tailDiscards;
    QJsonObject json = result.toJson();
    if (!written) {
        QJsonArray pieces = json.value(QStringLiteral("pieces")).toArray();
        QJsonObject last = pieces.at(1).toObject();
        last.remove(QStringLiteral("tail"));
        pieces[1] = last;
        json.insert(QStringLiteral("pieces"), pieces);
    }
    const Expected<FstrimTimingResult> read = FstrimTimingResult::fromJson(json);
    QCOMPARE(bool(read), accepted);
    if (!accepted) {
        QVERIFY(read.error().message.contains(QStringLiteral("tail")));
        return;
    }
    QCOMPARE(read->tail().discards.count, tailDiscards);
    QCOMPARE(read->tail().seconds, tailSeconds);
    // The drive's time is the calls' and the tail's; the discards include the tail already.
    QCOMPARE(read->callSeconds(), 1.0);
    QCOMPARE(read->trimSeconds(), 1.0 + tailSeconds);
    QCOMPARE(read->discards().count, quint64(7));
    QCOMPARE(
        json.value(QStringLiteral("tail")).toObject().value(QStringLiteral("seconds")).toDouble(),
        written ? tailSeconds : 0.0);
}

void TestFstrimTiming::quietIsNothingInFlightAndNoNewDiscard_data()
{
    QTest::addColumn<quint64>("inFlight");
    QTest::addColumn<quint64>("newDiscards");
    QTest::addColumn<quint64>("newSectors");
    QTest::addColumn<bool>("quiet");
    QTest::newRow("idle") << quint64(0) << quint64(0) << quint64(0) << true;
    QTest::newRow("a discard in flight") << quint64(1) << quint64(0) << quint64(0) << false;
    QTest::newRow("one just completed") << quint64(0) << quint64(1) << quint64(8) << false;
    QTest::newRow("a merge grew the sectors") << quint64(0) << quint64(0) << quint64(8) << false;
}

void TestFstrimTiming::quietIsNothingInFlightAndNoNewDiscard()
{
    QFETCH(quint64, inFlight);
    QFETCH(quint64, newDiscards);
    QFETCH(quint64, newSectors);
    QFETCH(bool, quiet);
    fsbench::DiskStats before;
    before.discardIos = 400;
    before.discardSectors = 4000;
    fsbench::DiskStats now = before;
    now.inFlight = inFlight;
    now.discardIos += newDiscards;
    now.discardSectors += newSectors;
    QCOMPARE(deviceLooksQuiet(before, now), quiet);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestFstrimTiming)
#include "tst_fstrimtiming.moc"
