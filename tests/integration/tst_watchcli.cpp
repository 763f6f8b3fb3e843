// trimscope-cli watch on a real loop device: the discards sent to it while it watched are the
// ones it reports, and a mounted directory is followed to its disk. Root (loop devices, mount).
#include "../support/qtry.h"
#include "clirun.h"
#include "plainloop.h"
#include "privileged.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

using namespace trimscope;
using trimscope::test::PlainLoop;

namespace {

constexpr quint64 kMiB = 1024 * 1024;

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

class TestWatchCli : public QObject
{
    Q_OBJECT
private slots:
    void countsTheDiscardsSentWhileWatching_data();
    void countsTheDiscardsSentWhileWatching();
    void followsAMountedDirectoryToItsDisk();
    void followsAStackToTheDriveTheAuditSees();
    void countersOfAnEarlierAttachmentAreNotPriced();
    void aReattachedNumberIsCountedFromItsFirstSighting_data();
    void aReattachedNumberIsCountedFromItsFirstSighting();
    void aMediumChangedDuringAWatchIsNotPriced();
    void refusesABadDuration_data();
    void refusesABadDuration();
};

void TestWatchCli::countsTheDiscardsSentWhileWatching_data()
{
    QTest::addColumn<int>("discards");
    QTest::addColumn<quint64>("discardBytes");
    QTest::newRow("none") << 0 << 1 * kMiB;
    QTest::newRow("five of 1 MiB") << 5 << 1 * kMiB;
    QTest::newRow("three of 64 KiB") << 3 << 64 * quint64(1024);
}

void TestWatchCli::countsTheDiscardsSentWhileWatching()
{
    QFETCH(int, discards);
    QFETCH(quint64, discardBytes);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    PlainLoop loop;
    QVERIFY2(loop.start(64 * kMiB), qPrintable(loop.errorString()));
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("watch.json"));

    QProcess cli;
    cli.start(test::cliPath(), {QStringLiteral("watch"), loop.devicePath(), QStringLiteral("--for"),
                                QStringLiteral("4s"), QStringLiteral("--json"), json});
    QVERIFY(cli.waitForStarted());
    // It says so once its first read of the counters is done: only what comes after counts.
    QByteArray said;
    QTRY_VERIFY_WITH_TIMEOUT((said += cli.readAllStandardError()).contains("Watching"), 20000);
    const int fd = ::open(loop.devicePath().toLocal8Bit().constData(), O_WRONLY | O_CLOEXEC);
    QVERIFY(fd >= 0);
    for (int i = 0; i < discards; ++i) {
        // Apart from each other, so the block layer cannot merge two into one request.
        const quint64 range[2] = {quint64(i) * 4 * kMiB, discardBytes};
        QVERIFY(::ioctl(fd, BLKDISCARD, range) == 0);
    }
    ::close(fd);
    QVERIFY(cli.waitForFinished(30000));
    QVERIFY2(cli.exitCode() == 0, (said + cli.readAllStandardError()).constData());

    const QJsonObject result = readJson(json);
    QCOMPARE(result.value(QStringLiteral("since_boot")).toBool(true), false);
    QVERIFY(result.value(QStringLiteral("period_s")).toDouble() >= 3.9);
    const QJsonObject disk = result.value(QStringLiteral("devices")).toArray().at(0).toObject();
    QCOMPARE(disk.value(QStringLiteral("name")).toString(), loop.sysName());
    const QJsonObject counted = disk.value(QStringLiteral("discards")).toObject();
    QCOMPARE(counted.value(QStringLiteral("count")).toInteger(), qint64(discards));
    QCOMPARE(quint64(counted.value(QStringLiteral("bytes")).toInteger()),
             quint64(discards) * discardBytes);
    // The table says the same to a person.
    QVERIFY(cli.readAllStandardOutput().contains(loop.sysName().toLatin1()));
}

// Issue 46: a loop device attached minutes before showed 25,124 discards since boot, left by
// earlier users of its number (the kernel keeps a loop device's counters across attachments).
// Here an attachment sends 5 discards and goes; the next one, on another file, mounts ext4 with
// online discard: its counters since boot show the 5, the watch says they are not its own, and
// the advice prices nothing on them.
void TestWatchCli::countersOfAnEarlierAttachmentAreNotPriced()
{
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    // The same number, another file: a new attachment.
    test::AttachedAfterAnother reattached;
    QVERIFY2(reattached.start(64 * kMiB,
                              [](const PlainLoop &earlier) {
                                  return test::sendDiscards(earlier.devicePath(), 5);
                              }),
             qPrintable(reattached.errorString()));
    const QString device = reattached.devicePath();
    QTemporaryDir mount;
    bool mounted = false;
    const auto unmount = qScopeGuard([&] { // before `reattached` detaches the device
        if (mounted)
            test::runTool(QStringLiteral("umount"), {mount.path()});
    });
    QCOMPARE(test::runTool(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-E"),
                                                         QStringLiteral("nodiscard"), device}),
             0);
    QCOMPARE(test::runTool(QStringLiteral("mount"),
                           {QStringLiteral("-o"), QStringLiteral("discard"), device, mount.path()}),
             0);
    mounted = true;

    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("since-boot.json"));
    const test::CliRun watched =
        test::runCli({QStringLiteral("watch"), device, QStringLiteral("--json"), json});
    QVERIFY2(watched.exitCode == 0, watched.err.constData());
    const QJsonObject result = readJson(json);
    QVERIFY(result.value(QStringLiteral("since_boot")).toBool());
    const QJsonObject disk = result.value(QStringLiteral("devices")).toArray().at(0).toObject();
    // The earlier attachment's discards are in the counters (what the issue saw)...
    QVERIFY(disk.value(QStringLiteral("discards"))
                .toObject()
                .value(QStringLiteral("count"))
                .toInteger() >= 5);
    // ...and the watch says they are not this one's.
    QVERIFY2(!result.value(QStringLiteral("foreign_counters")).toString().isEmpty(),
             watched.out.constData());
    QVERIFY2(watched.out.contains("Not this device's own history"), watched.out.constData());

    const test::CliRun advice = test::runCli(
        {QStringLiteral("advise"), QStringLiteral("--from"), json, QStringLiteral("--json")});
    QVERIFY2(advice.exitCode == 0, advice.err.constData());
    const QJsonObject adviceJson = QJsonDocument::fromJson(advice.out).object();
    QCOMPARE(adviceJson.value(QStringLiteral("verdict")).toString(), QStringLiteral("unknown"));
    for (const QJsonValue &n : adviceJson.value(QStringLiteral("numbers")).toArray())
        QVERIFY2(!n[QStringLiteral("id")].toString().startsWith(QStringLiteral("in-use-")),
                 advice.out.constData());
    QVERIFY2(adviceJson.value(QStringLiteral("sentence"))
                 .toString()
                 .contains(QStringLiteral("not its own")),
             advice.out.constData());
}

// Issue 46, item 10: count an attachment from when it was first seen. An attachment sends 5
// discards and goes; the next one on its number is watched (its first sighting: nothing priced),
// sends 3, and is watched again: the 3 are its own, over the time since that first look, not
// the 8 since boot. Where the earlier attachment was seen last with the counts the new one was
// first seen with, nothing was sent between: the new one is counted from its start.
void TestWatchCli::aReattachedNumberIsCountedFromItsFirstSighting_data()
{
    QTest::addColumn<bool>("earlierSeen");
    QTest::addColumn<QString>("says");
    QTest::newRow("earlier attachment seen last") << true << "it had discarded nothing before";
    QTest::newRow("earlier attachment never seen") << false << "is not known";
}

void TestWatchCli::aReattachedNumberIsCountedFromItsFirstSighting()
{
    QFETCH(bool, earlierSeen);
    QFETCH(QString, says);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    test::AttachedAfterAnother reattached;
    QVERIFY2(
        reattached.start(
            64 * kMiB,
            [&](const PlainLoop &earlier) {
                return test::sendDiscards(earlier.devicePath(), 5) &&
                       (!earlierSeen ||
                        test::runCli({QStringLiteral("watch"), earlier.devicePath()}).exitCode ==
                            0);
            }),
        qPrintable(reattached.errorString()));
    const QString device = reattached.devicePath();
    QTemporaryDir dir;
    const QString firstJson = dir.filePath(QStringLiteral("first.json"));
    const test::CliRun first =
        test::runCli({QStringLiteral("watch"), device, QStringLiteral("--json"), firstJson});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QVERIFY2(!readJson(firstJson).value(QStringLiteral("foreign_counters")).toString().isEmpty(),
             first.out.constData());

    QVERIFY(test::sendDiscards(device, 3));
    const QString laterJson = dir.filePath(QStringLiteral("later.json"));
    const test::CliRun later =
        test::runCli({QStringLiteral("watch"), device, QStringLiteral("--json"), laterJson});
    QVERIFY2(later.exitCode == 0, later.err.constData());
    const QJsonObject result = readJson(laterJson);
    QVERIFY2(!result.contains(QStringLiteral("foreign_counters")), later.out.constData());
    QCOMPARE(result.value(QStringLiteral("since_boot")).toBool(true), false);
    const QJsonObject counted = result.value(QStringLiteral("devices"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QStringLiteral("discards"))
                                    .toObject();
    QCOMPARE(counted.value(QStringLiteral("count")).toInteger(), qint64(3));
    QCOMPARE(quint64(counted.value(QStringLiteral("bytes")).toInteger()), 3 * kMiB);
    QVERIFY2(result.value(QStringLiteral("counted_since")).toString().contains(says),
             later.out.constData());
    QVERIFY2(later.out.contains(says.toUtf8()), later.out.constData());
}

// Issue 46, item 10: a watch whose device got another medium while it ran (a loop number detached
// and attached again: another diskseq) compares the counters of two attachments: it says so.
void TestWatchCli::aMediumChangedDuringAWatchIsNotPriced()
{
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("watch.json"));
    QProcess cli;
    QByteArray said;
    test::AttachedAfterAnother reattached;
    const bool attached = reattached.start(64 * kMiB, [&](const PlainLoop &earlier) {
        if (cli.state() != QProcess::NotRunning) { // a round before lost its number
            cli.kill();
            cli.waitForFinished();
        }
        said.clear();
        cli.start(test::cliPath(),
                  {QStringLiteral("watch"), earlier.devicePath(), QStringLiteral("--for"),
                   QStringLiteral("8s"), QStringLiteral("--json"), json});
        QElapsedTimer waited;
        waited.start();
        while (!(said += cli.readAllStandardError()).contains("Watching") &&
               waited.elapsed() < 20000)
            cli.waitForReadyRead(200);
        return said.contains("Watching") && test::sendDiscards(earlier.devicePath(), 2);
    });
    QVERIFY2(attached, qPrintable(reattached.errorString()));
    const QString device = reattached.devicePath();
    QVERIFY(test::sendDiscards(device, 3));
    QVERIFY(cli.waitForFinished(30000));
    const QByteArray out = cli.readAllStandardOutput();
    QVERIFY2(cli.exitCode() == 0, (said + cli.readAllStandardError()).constData());
    const QJsonObject result = readJson(json);
    QCOMPARE(result.value(QStringLiteral("since_boot")).toBool(true), false);
    QVERIFY2(!result.value(QStringLiteral("foreign_counters")).toString().isEmpty(),
             out.constData());
    QVERIFY2(out.contains("Not this device's own history"), out.constData());
    // What it counted is both attachments' (2 + 3), and no advice prices on it (the advice reads
    // foreign counters as no watch: countersOfAnEarlierAttachmentAreNotPriced).
    QCOMPARE(result.value(QStringLiteral("devices"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("discards"))
                 .toObject()
                 .value(QStringLiteral("count"))
                 .toInteger(),
             qint64(5));
}

void TestWatchCli::followsAMountedDirectoryToItsDisk()
{
    if (const QString reason = PlainLoop::unavailableReason(true); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    PlainLoop loop;
    QVERIFY2(loop.start(64 * kMiB, 2), qPrintable(loop.errorString()));
    QCOMPARE(test::runTool(QStringLiteral("mkfs.ext4"),
                           {QStringLiteral("-q"), QStringLiteral("-E"), QStringLiteral("nodiscard"),
                            loop.partitionPath(2)}),
             0);
    QTemporaryDir mountPoint;
    QCOMPARE(test::runTool(QStringLiteral("mount"), {loop.partitionPath(2), mountPoint.path()}), 0);
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("watch.json"));
    const test::CliRun run =
        test::runCli({QStringLiteral("watch"), mountPoint.path(), QStringLiteral("--json"), json});
    // fstrim of the fresh filesystem: discards on its partition, none on the other.
    const test::CliRun trimmed = [&] {
        test::runTool(QStringLiteral("fstrim"), {mountPoint.path()});
        return test::runCli({QStringLiteral("watch"), mountPoint.path(), QStringLiteral("--json"),
                             dir.filePath(QStringLiteral("after.json"))});
    }();
    test::runTool(QStringLiteral("umount"), {mountPoint.path()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(trimmed.exitCode == 0, trimmed.err.constData());

    const QJsonObject result = readJson(json);
    QCOMPARE(result.value(QStringLiteral("since_boot")).toBool(), true);
    const QJsonArray devices = result.value(QStringLiteral("devices")).toArray();
    QCOMPARE(devices.size(), 3); // the disk, then both partitions
    QCOMPARE(devices.at(0).toObject().value(QStringLiteral("name")).toString(), loop.sysName());
    const QJsonObject second = devices.at(2).toObject();
    QCOMPARE(second.value(QStringLiteral("mount_points")).toArray().first().toString(),
             mountPoint.path());
    const auto count = [](const QJsonObject &device) {
        return device.value(QStringLiteral("discards"))
            .toObject()
            .value(QStringLiteral("count"))
            .toInteger();
    };
    const QJsonArray after = readJson(dir.filePath(QStringLiteral("after.json")))
                                 .value(QStringLiteral("devices"))
                                 .toArray();
    QVERIFY(count(after.at(2).toObject()) > count(second));
    QCOMPARE(count(after.at(1).toObject()), count(devices.at(1).toObject()));
}

// Issue 46, item 7: one view of which filesystems sit on which drive. A filesystem on a loop
// device over a file that lies on a partition of the drive: the audit's stack goes loop →
// partition → drive (StorageStack::bottoms), and so does watch now; before, it watched the inner
// loop device as if it were a drive of its own, and listed the filesystem nowhere on the drive.
void TestWatchCli::followsAStackToTheDriveTheAuditSees()
{
    if (const QString reason = PlainLoop::unavailableReason(true); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    PlainLoop drive;
    QVERIFY2(drive.start(64 * kMiB, 2), qPrintable(drive.errorString()));
    const QStringList nodiscard{QStringLiteral("-q"), QStringLiteral("-E"),
                                QStringLiteral("nodiscard")};
    QCOMPARE(
        test::runTool(QStringLiteral("mkfs.ext4"), nodiscard + QStringList{drive.partitionPath(2)}),
        0);
    QTemporaryDir outer;
    QTemporaryDir inner;
    QString innerLoop;
    bool outerMounted = false;
    bool innerMounted = false;
    const auto cleanUp = qScopeGuard([&] {
        if (innerMounted)
            test::runTool(QStringLiteral("umount"), {inner.path()});
        if (!innerLoop.isEmpty())
            test::runTool(QStringLiteral("losetup"), {QStringLiteral("-d"), innerLoop});
        if (outerMounted)
            test::runTool(QStringLiteral("umount"), {outer.path()});
    });
    QCOMPARE(test::runTool(QStringLiteral("mount"), {drive.partitionPath(2), outer.path()}), 0);
    outerMounted = true;
    const QString image = outer.path() + QStringLiteral("/inner.img");
    QCOMPARE(test::runTool(QStringLiteral("truncate"),
                           {QStringLiteral("-s"), QStringLiteral("16M"), image}),
             0);
    QProcess losetup;
    losetup.start(QStringLiteral("losetup"),
                  {QStringLiteral("-f"), QStringLiteral("--show"), image});
    QVERIFY(losetup.waitForFinished(10000));
    innerLoop = QString::fromLocal8Bit(losetup.readAllStandardOutput()).trimmed();
    QVERIFY2(innerLoop.startsWith(QLatin1String("/dev/loop")), losetup.readAllStandardError());
    QCOMPARE(test::runTool(QStringLiteral("mkfs.ext4"), nodiscard + QStringList{innerLoop}), 0);
    QCOMPARE(test::runTool(QStringLiteral("mount"), {innerLoop, inner.path()}), 0);
    innerMounted = true;

    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("watch.json"));
    const test::CliRun run =
        test::runCli({QStringLiteral("watch"), inner.path(), QStringLiteral("--json"), json});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject result = readJson(json);
    QCOMPARE(
        result.value(QStringLiteral("drive")).toObject().value(QStringLiteral("name")).toString(),
        drive.sysName());
    const QJsonArray devices = result.value(QStringLiteral("devices")).toArray();
    QCOMPARE(devices.size(), 3); // the drive, then both partitions
    // Partition 2 carries both filesystems: its own and the one in the file on it.
    QStringList onSecond;
    for (const QJsonValue &fs :
         devices.at(2).toObject().value(QStringLiteral("filesystems")).toArray())
        onSecond.append(fs.toObject().value(QStringLiteral("mount_point")).toString());
    QVERIFY2(onSecond.contains(outer.path()) && onSecond.contains(inner.path()),
             qPrintable(onSecond.join(QLatin1Char(' '))));
    QVERIFY(devices.at(1).toObject().value(QStringLiteral("filesystems")).toArray().isEmpty());
    QVERIFY2(run.out.contains(inner.path().toLocal8Bit()), run.out.constData());
}

void TestWatchCli::refusesABadDuration_data()
{
    QTest::addColumn<QString>("duration");
    QTest::newRow("words") << "soon";
    QTest::newRow("zero") << "0";
    QTest::newRow("negative") << "-5m";
    QTest::newRow("unknown unit") << "3d";
    QTest::newRow("over a week") << "200h";
}

void TestWatchCli::refusesABadDuration()
{
    QFETCH(QString, duration);
    const test::CliRun run = test::runCli(
        {QStringLiteral("watch"), QStringLiteral("/"), QStringLiteral("--for"), duration});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("--for"));
    QCOMPARE(run.err.count('\n'), 1);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestWatchCli)
#include "tst_watchcli.moc"
