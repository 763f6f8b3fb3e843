// The watch of a drive in use on recorded stat files: what the kernel counted between two reads,
// per device, with the filesystems mounted on each.
#include "testmain.h"
#include "watch/attachment.h"
#include "watch/discardwatch.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using namespace trimscope::watch;

namespace {

using Sightings = QList<QPair<int, int>>;

// A /sys/class/block/NAME/stat line: the 17 fields of Linux 5.5+, busy time in field 10 and the
// discard fields 12-15 as given, everything else distinct noise that must not be read as them.
QByteArray statLine(quint64 busyMs, quint64 ios, quint64 merges, quint64 sectors, quint64 ms)
{
    return QStringLiteral("11 12 13 14 15 16 17 18 1 %1 19 %2 %3 %4 %5 20 21\n")
        .arg(busyMs)
        .arg(ios)
        .arg(merges)
        .arg(sectors)
        .arg(ms)
        .toLatin1();
}

void writeStat(const QString &sysRoot, const QString &name, const QByteArray &line)
{
    const QString dir = sysRoot + QStringLiteral("/class/block/") + name;
    QVERIFY(QDir().mkpath(dir));
    QFile file(dir + QStringLiteral("/stat"));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(line);
}

BlockDevice diskWithTwoPartitions()
{
    BlockDevice disk;
    disk.name = QStringLiteral("sdx");
    disk.model = QStringLiteral("Test SSD");
    disk.sizeBytes = 256ull << 30;
    disk.partitions = {QStringLiteral("sdx1"), QStringLiteral("sdx2")};
    disk.mounts = {{QStringLiteral("sdx2"), QStringLiteral("/"), QStringLiteral("ext4"),
                    QStringLiteral("/dev/sdx2"), false, QStringLiteral("8:2")},
                   {QStringLiteral("sdx2"), QStringLiteral("/var/snap"), QStringLiteral("ext4"),
                    QStringLiteral("/dev/sdx2"), false, QStringLiteral("8:2")}};
    return disk;
}

} // namespace

class TestDiscardWatch : public QObject
{
    Q_OBJECT
private slots:
    void countsWhatHappenedBetweenTwoReads_data();
    void countsWhatHappenedBetweenTwoReads();
    void sinceBootCountsFromZero();
    void refusesAKernelWithoutDiscardCounters();
    void readsTheUptime();
    void readsBtrfsOwnCounters();
    void aLoopDevicesCountersAreNotItsOwn_data();
    void aLoopDevicesCountersAreNotItsOwn();
    void theLedgerKnowsWhereAnAttachmentBegan_data();
    void theLedgerKnowsWhereAnAttachmentBegan();
    void aDiskPluggedInLaterCountsFromThen_data();
    void aDiskPluggedInLaterCountsFromThen();
};

void TestDiscardWatch::countsWhatHappenedBetweenTwoReads_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after");
    QTest::addColumn<quint64>("count");
    QTest::addColumn<quint64>("bytes");
    QTest::addColumn<double>("deviceSeconds");
    QTest::addColumn<double>("busySeconds");
    QTest::newRow("ten 1 MiB discards")
        << statLine(1000, 5, 1, 2048, 40) << statLine(1600, 15, 3, 2048 + 10 * 2048, 140)
        << quint64(10) << quint64(10) * 1048576 << 0.1 << 0.6;
    QTest::newRow("nothing happened")
        << statLine(1000, 5, 1, 2048, 40) << statLine(1000, 5, 1, 2048, 40) << quint64(0)
        << quint64(0) << 0.0 << 0.0;
    // A device re-created between the reads (its counters went down) served nothing we can
    // tell, rather than 2^64 discards.
    QTest::newRow("counters went down")
        << statLine(9000, 500, 10, 99999, 4000) << statLine(10, 2, 0, 16, 1) << quint64(0)
        << quint64(0) << 0.0 << 0.0;
}

void TestDiscardWatch::countsWhatHappenedBetweenTwoReads()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QFETCH(quint64, count);
    QFETCH(quint64, bytes);
    QFETCH(double, deviceSeconds);
    QFETCH(double, busySeconds);
    QTemporaryDir sys;
    const BlockDevice disk = diskWithTwoPartitions();
    const QString idle = QString::fromLatin1(statLine(7, 1, 0, 8, 1));
    writeStat(sys.path(), QStringLiteral("sdx"), before);
    writeStat(sys.path(), QStringLiteral("sdx1"), idle.toLatin1());
    writeStat(sys.path(), QStringLiteral("sdx2"), before);
    Expected<CounterSnapshot> first = readCounters(watchedNames(disk), sys.path());
    QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
    writeStat(sys.path(), QStringLiteral("sdx"), after);
    writeStat(sys.path(), QStringLiteral("sdx2"), after);
    Expected<CounterSnapshot> second = readCounters(watchedNames(disk), sys.path());
    QVERIFY(second);
    second->at = first->at.addSecs(60);

    const DiscardWatch watch = compareSnapshots(disk, *first, *second);
    QCOMPARE(watch.periodSeconds, 60.0);
    QVERIFY(!watch.sinceBoot);
    QCOMPARE(watch.drive.name, QStringLiteral("sdx"));
    QCOMPARE(watch.uses.size(), 3);
    QCOMPARE(watch.uses.at(0).name, QStringLiteral("sdx"));
    QCOMPARE(watch.uses.at(2).name, QStringLiteral("sdx2"));
    for (int i : {0, 2}) {
        const DiscardUse &use = watch.uses.at(i);
        QCOMPARE(use.discards.count, count);
        QCOMPARE(use.discards.bytes, bytes);
        QCOMPARE(use.discards.deviceSeconds, deviceSeconds);
        QCOMPARE(use.busySeconds, busySeconds);
        QCOMPARE(use.shareOfPeriod(watch.periodSeconds), deviceSeconds / 60);
    }
    // The partition nobody touched, and where each filesystem is.
    QCOMPARE(watch.uses.at(1).discards.count, quint64(0));
    QVERIFY(watch.uses.at(1).mountPoints.isEmpty());
    QCOMPARE(watch.uses.at(2).mountPoints,
             (QStringList{QStringLiteral("/"), QStringLiteral("/var/snap")}));
    QCOMPARE(watch.toJson().value(QStringLiteral("devices")).toArray().size(), 3);
}

void TestDiscardWatch::sinceBootCountsFromZero()
{
    QTemporaryDir sys;
    BlockDevice disk = diskWithTwoPartitions();
    disk.partitions = {QStringLiteral("sdx1")};
    writeStat(sys.path(), QStringLiteral("sdx"), statLine(500, 42, 0, 42 * 8, 84));
    writeStat(sys.path(), QStringLiteral("sdx1"), statLine(500, 42, 0, 42 * 8, 84));
    const Expected<CounterSnapshot> now = readCounters(watchedNames(disk), sys.path());
    QVERIFY(now);
    const DiscardWatch watch = sinceBoot(disk, *now, 3600);
    QVERIFY(watch.sinceBoot);
    QCOMPARE(watch.periodSeconds, 3600.0);
    QCOMPARE(watch.started, now->at.addSecs(-3600));
    QCOMPARE(watch.uses.at(0).discards.count, quint64(42));
    QCOMPARE(watch.uses.at(0).discards.bytes, quint64(42 * 4096));
    QCOMPARE(watch.uses.at(0).discards.averageBytes(), 4096.0);
    QCOMPARE(watch.toJson().value(QStringLiteral("since_boot")).toBool(), true);
}

void TestDiscardWatch::refusesAKernelWithoutDiscardCounters()
{
    QTemporaryDir sys;
    writeStat(sys.path(), QStringLiteral("sdx"), "1 2 3 4 5 6 7 8 9 10 11\n");
    const Expected<CounterSnapshot> read = readCounters({QStringLiteral("sdx")}, sys.path());
    QVERIFY(!read);
    QCOMPARE(read.error().code, ErrorCode::Unsupported);
    const Expected<CounterSnapshot> missing = readCounters({QStringLiteral("sdy")}, sys.path());
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, ErrorCode::IoError);
}

void TestDiscardWatch::readsTheUptime()
{
    QTemporaryDir proc;
    QFile file(proc.filePath(QStringLiteral("uptime")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("13953.27 27154.56\n");
    file.close();
    const Expected<double> uptime = readUptimeSeconds(proc.path());
    QVERIFY(uptime);
    QCOMPARE(*uptime, 13953.27);
    QVERIFY(!readUptimeSeconds(proc.filePath(QStringLiteral("nowhere"))));
}

// btrfs keeps its own account (/sys/fs/btrfs/FSID/discard/): what async discard still holds,
// what it saved, its pace; found by the device the filesystem is on.
void TestDiscardWatch::readsBtrfsOwnCounters()
{
    QTemporaryDir sys;
    const QString fsid = QStringLiteral("5f773dbc-ef70-444d-8bd5-ca2709babae7");
    const QString base = sys.path() + QStringLiteral("/fs/btrfs/") + fsid;
    QVERIFY(QDir().mkpath(base + QStringLiteral("/devices/sdx2")));
    QVERIFY(QDir().mkpath(base + QStringLiteral("/discard")));
    QVERIFY(QDir().mkpath(sys.path() + QStringLiteral("/fs/btrfs/features")));
    const auto put = [&](const char *name, const char *value) {
        QFile file(base + QStringLiteral("/discard/") + QLatin1String(name));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(value);
    };
    put("discardable_bytes", "12582912\n");
    put("discardable_extents", "34\n");
    put("discard_extent_bytes", "1048576\n");
    put("discard_bitmap_bytes", "0\n");
    put("discard_bytes_saved", "4096\n");
    put("iops_limit", "1000\n");
    put("kbps_limit", "0\n");
    put("max_discard_size", "67108864\n");

    DiscardWatch watch;
    watch.periodSeconds = 60; // a watch lasts a while: its reader refuses a period of 0
    DiscardUse disk;
    disk.name = QStringLiteral("sdx");
    DiscardUse home;
    home.name = QStringLiteral("sdx2");
    home.mountPoints = {QStringLiteral("/home")};
    home.filesystems = {{QStringLiteral("/home"), QStringLiteral("btrfs"), true,
                         QStringLiteral("0:45"), std::nullopt}};
    watch.uses = {disk, home};
    addFilesystemCounters(watch, sys.path());
    const std::optional<audit::BtrfsDiscardStats> &stats = watch.uses.at(1).filesystems.at(0).btrfs;
    QVERIFY(stats);
    QCOMPARE(stats->fsid, fsid);
    QCOMPARE(stats->discardableBytes, quint64(12582912));
    QCOMPARE(stats->discardableExtents, quint64(34));
    QCOMPARE(stats->discardBytesSaved, quint64(4096));
    QCOMPARE(stats->iopsLimit, quint64(1000));
    QCOMPARE(stats->maxDiscardSize, quint64(67108864));
    // Kept in the watch's file.
    const Expected<DiscardWatch> read = DiscardWatch::fromJson(watch.toJson());
    QVERIFY(read);
    QCOMPARE(read->uses.at(1).filesystems.at(0).btrfs->discardableExtents, quint64(34));
    // A device no btrfs uses, and counters that are not numbers.
    QCOMPARE(audit::readBtrfsDiscard(QStringLiteral("sdx1"), sys.path()).error().code,
             ErrorCode::NoSuchDevice);
    put("discardable_bytes", "lots\n");
    QCOMPARE(audit::readBtrfsDiscard(QStringLiteral("sdx2"), sys.path()).error().code,
             ErrorCode::InvalidArgument);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestDiscardWatch)
// Issue 46: the kernel keeps a disk's counters while its medium changes (a loop device from one
// attachment to the next), so its counters since boot may be an earlier medium's; where no
// sighting of the present one tells its own, the watch says so and its file keeps it.
void TestDiscardWatch::aLoopDevicesCountersAreNotItsOwn_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("attachedLoop"); // /sys/block/NAME/loop exists
    QTest::addColumn<QString>("events");    // /sys/block/NAME/events
    QTest::addColumn<bool>("foreign");
    QTest::newRow("attached loop device") << "loop3" << true << "media_change" << true;
    QTest::newRow("loop device, kernel without events") << "loop3" << true << "" << true;
    QTest::newRow("card reader") << "sdb" << false << "media_change eject_request" << true;
    QTest::newRow("nbd device") << "nbd0" << false << "" << true;
    QTest::newRow("SATA disk") << "sda" << false << "" << false;
    QTest::newRow("NVMe namespace") << "nvme0n1" << false << "" << false;
}

void TestDiscardWatch::aLoopDevicesCountersAreNotItsOwn()
{
    QFETCH(QString, name);
    QFETCH(bool, attachedLoop);
    QFETCH(QString, events);
    QFETCH(bool, foreign);
    QTemporaryDir sys;
    const QString dir = sys.filePath(QStringLiteral("block/") + name);
    QVERIFY(QDir().mkpath(attachedLoop ? dir + QStringLiteral("/loop") : dir));
    QFile eventsFile(dir + QStringLiteral("/events"));
    QVERIFY(eventsFile.open(QIODevice::WriteOnly));
    eventsFile.write(events.toLatin1() + '\n');
    eventsFile.close();
    QCOMPARE(mediumCanChange(name, sys.path()), foreign);
    DiscardWatch watch;
    watch.drive.name = name;
    watch.sinceBoot = true;
    watch.periodSeconds = 540; // a watch its reader takes: a period, the device counted
    DiscardUse device;
    device.name = name;
    watch.uses = {device};
    BlockDevice disk;
    disk.name = name;
    if (foreign) // no diskseq under this sysfs: no sighting can tell its own
        watch = countFromAttachment(watch, disk, CounterSnapshot{},
                                    noteSighting(name, {}, sys.path(), sys.path(),
                                                 sys.filePath(QStringLiteral("ledger.json"))));
    const QString words = watch.foreignCounters;
    QCOMPARE(!words.isEmpty(), foreign);
    // Written only where there is something to say; read back alike from an empty text (as
    // watches before this wrote it) and from no key at all.
    const QJsonObject written = watch.toJson();
    QCOMPARE(written.contains(QStringLiteral("foreign_counters")), foreign);
    if (!foreign) {
        QJsonObject older = written;
        older.insert(QStringLiteral("foreign_counters"), QString());
        for (const QJsonObject &json : {written, older}) {
            const Expected<DiscardWatch> own = DiscardWatch::fromJson(json);
            QVERIFY(own);
            QVERIFY(own->foreignCounters.isEmpty());
        }
        return;
    }
    QVERIFY(words.contains(name));
    const Expected<DiscardWatch> read = DiscardWatch::fromJson(watch.toJson());
    QVERIFY(read);
    QCOMPARE(read->foreignCounters, words);
    // A watched period can be another medium's too (one changed during it).
    QJsonObject period = watch.toJson();
    period.insert(QStringLiteral("since_boot"), false);
    QCOMPARE(DiscardWatch::fromJson(period)->foreignCounters, words);
}

// Issue 46, item 10: sightings of one loop number, each a diskseq and the disk's discard count;
// the ledger gives the present attachment's first sighting and whether it began there (the last
// look at the attachment before showed the same count).
void TestDiscardWatch::theLedgerKnowsWhereAnAttachmentBegan_data()
{
    QTest::addColumn<Sightings>("sightings"); // (diskseq, discards so far)
    QTest::addColumn<int>("firstCount");
    QTest::addColumn<bool>("fromItsStart");
    using S = Sightings;
    QTest::newRow("first ever, none sent") << S{{10, 0}} << 0 << true;
    QTest::newRow("first ever, earlier discards unknown") << S{{10, 5}} << 5 << false;
    QTest::newRow("same attachment, later look") << S{{10, 5}, {10, 8}} << 5 << false;
    QTest::newRow("new attachment, nothing between") << S{{10, 5}, {10, 7}, {11, 7}} << 7 << true;
    QTest::newRow("new attachment, later look") << S{{10, 7}, {11, 7}, {11, 9}} << 7 << true;
    QTest::newRow("new attachment, sent before seen") << S{{10, 7}, {11, 9}} << 9 << false;
    QTest::newRow("third attachment") << S{{10, 7}, {11, 7}, {11, 9}, {12, 9}} << 9 << true;
}

void TestDiscardWatch::theLedgerKnowsWhereAnAttachmentBegan()
{
    QFETCH(Sightings, sightings);
    QFETCH(int, firstCount);
    QFETCH(bool, fromItsStart);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("ledger.json"));
    AttachmentSightings known;
    QDateTime at = QDateTime::currentDateTimeUtc();
    for (const auto &[diskseq, discards] : sightings) {
        // Saved and read back between looks, as separate runs do.
        AttachmentLedger ledger = AttachmentLedger::load(path, QStringLiteral("boot-1"));
        Sighting now;
        now.diskseq = quint64(diskseq);
        now.counters.at = at = at.addSecs(60);
        now.counters.devices[QStringLiteral("loop3")].discardIos = quint64(discards);
        known = ledger.note(QStringLiteral("loop3"), now);
        QVERIFY(!ledger.save(path).isError());
    }
    QCOMPARE(known.first.counters.devices.value(QStringLiteral("loop3")).discardIos,
             quint64(firstCount));
    QCOMPARE(countedFromItsStart(known, QStringLiteral("loop3")), fromItsStart);
    // A look that saw nothing new leaves the file alone (the GUI looks at every refresh).
    AttachmentLedger same = AttachmentLedger::load(path, QStringLiteral("boot-1"));
    Sighting unchanged;
    unchanged.diskseq = quint64(sightings.constLast().first);
    unchanged.counters.at = at.addSecs(30);
    unchanged.counters.devices[QStringLiteral("loop3")].discardIos =
        quint64(sightings.constLast().second);
    same.note(QStringLiteral("loop3"), unchanged);
    QVERIFY(!same.changed());
    // Another boot's diskseqs mean nothing: its ledger starts empty.
    AttachmentLedger later = AttachmentLedger::load(path, QStringLiteral("boot-2"));
    Sighting again;
    again.diskseq = quint64(sightings.constLast().first);
    again.counters.at = at.addSecs(60);
    QVERIFY(!later.note(QStringLiteral("loop3"), again).previousLast);
}

// Issue 46, item 10: a disk that appeared after boot counts from udev's first sight of it, where
// udev's record is of this disk (its by-diskseq link names the disk's diskseq now).
void TestDiscardWatch::aDiskPluggedInLaterCountsFromThen_data()
{
    QTest::addColumn<QString>("diskseq"); // /sys/block/sdb/diskseq; empty: a kernel without
    QTest::addColumn<QString>("record");  // /run/udev/data/b8:16; empty: none
    QTest::addColumn<double>("period");   // of a since-boot watch 3,600 s after boot
    const QString appeared = QStringLiteral("I:3000000000\n"); // 3,000 s after boot
    QTest::newRow("plugged in, record of it") << "42"
                                              << "S:disk/by-diskseq/42\n" + appeared << 600.0;
    QTest::newRow("record of an earlier disk") << "42"
                                               << "S:disk/by-diskseq/17\n" + appeared << 3600.0;
    QTest::newRow("no udev") << "42"
                             << "" << 3600.0;
    QTest::newRow("kernel without diskseq") << "" << appeared << 600.0;
    QTest::newRow("found at boot") << "9"
                                   << "S:disk/by-diskseq/9\nI:2500000\n"
                                   << 3600.0;
}

void TestDiscardWatch::aDiskPluggedInLaterCountsFromThen()
{
    QFETCH(QString, diskseq);
    QFETCH(QString, record);
    QFETCH(double, period);
    QTemporaryDir root;
    const auto put = [&](const QString &path, const QString &text) {
        QVERIFY(QDir().mkpath(QFileInfo(root.filePath(path)).absolutePath()));
        QFile file(root.filePath(path));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text.toLatin1());
    };
    put(QStringLiteral("sys/block/sdb/dev"), QStringLiteral("8:16\n"));
    if (!diskseq.isEmpty())
        put(QStringLiteral("sys/block/sdb/diskseq"), diskseq + QLatin1Char('\n'));
    if (!record.isEmpty())
        put(QStringLiteral("udev/data/b8:16"), record);
    DiscardWatch watch;
    watch.drive.name = QStringLiteral("sdb");
    watch.sinceBoot = true;
    watch.periodSeconds = 3600;
    watch.started = QDateTime::currentDateTimeUtc().addSecs(-3600);
    const QDateTime boot = watch.started;
    countFromAppearance(watch, udevInitializedSeconds(QStringLiteral("sdb"),
                                                      root.filePath(QStringLiteral("sys")),
                                                      root.filePath(QStringLiteral("udev"))));
    QCOMPARE(watch.periodSeconds, period);
    QCOMPARE(boot.secsTo(watch.started), qint64(3600 - period));
    QCOMPARE(watch.countedSince.isEmpty(), period == 3600.0);
}

#include "tst_discardwatch.moc"
