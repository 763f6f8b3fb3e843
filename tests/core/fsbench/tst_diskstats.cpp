#include "fsbench/diskstats.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::fsbench;

class TestDiskStats : public QObject
{
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void delta();
    void deltaOfARecreatedDevice();
    void readRefusesPathsInNames_data();
    void readRefusesPathsInNames();
};

void TestDiskStats::parses_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<int>("code");
    QTest::addColumn<quint64>("ios");
    QTest::addColumn<quint64>("sectors");
    QTest::addColumn<quint64>("ms");
    QTest::addColumn<quint64>("inFlight");
    QTest::addColumn<quint64>("writeSectors");

    const int ok = int(ErrorCode::None);
    // A loop device on Linux 6.x: 17 fields, padded with spaces as the kernel prints them.
    QTest::newRow("17 fields") << QByteArray(
                                      "     263        0    18482      131     1045        0  "
                                      "  69632     1209        2     1436     1355      104 "
                                      "       0  6291464     3084        0        0\n")
                               << ok << quint64(104) << quint64(6291464) << quint64(3084)
                               << quint64(2) << quint64(69632);
    QTest::newRow("15 fields (4.19-5.4)")
        << QByteArray("1 2 3 4 5 6 7 8 0 10 11 12 13 14 15") << ok << quint64(12) << quint64(14)
        << quint64(15) << quint64(0) << quint64(7);
    QTest::newRow("11 fields (no discard counters)")
        << QByteArray("1 2 3 4 5 6 7 8 9 10 11") << int(ErrorCode::Unsupported) << quint64(0)
        << quint64(0) << quint64(0) << quint64(0) << quint64(0);
    QTest::newRow("too short") << QByteArray("1 2 3") << int(ErrorCode::InvalidArgument)
                               << quint64(0) << quint64(0) << quint64(0) << quint64(0)
                               << quint64(0);
    QTest::newRow("empty") << QByteArray("\n") << int(ErrorCode::InvalidArgument) << quint64(0)
                           << quint64(0) << quint64(0) << quint64(0) << quint64(0);
    QTest::newRow("garbage") << QByteArray("1 2 3 4 5 6 7 8 9 10 11 x 13 14 15")
                             << int(ErrorCode::InvalidArgument) << quint64(0) << quint64(0)
                             << quint64(0) << quint64(0) << quint64(0);
    QTest::newRow("negative") << QByteArray("1 2 3 4 5 6 7 8 9 10 11 -12 13 14 15")
                              << int(ErrorCode::InvalidArgument) << quint64(0) << quint64(0)
                              << quint64(0) << quint64(0) << quint64(0);
}

void TestDiskStats::parses()
{
    QFETCH(QByteArray, line);
    QFETCH(int, code);
    const Expected<DiskStats> stats = parseDiskStats(line);
    if (code != int(ErrorCode::None)) {
        QVERIFY(!stats);
        QCOMPARE(int(stats.error().code), code);
        return;
    }
    QVERIFY2(stats, qPrintable(stats.error().message));
    QTEST(stats->discardIos, "ios");
    QTEST(stats->discardSectors, "sectors");
    QTEST(stats->discardMilliseconds, "ms");
    QTEST(stats->inFlight, "inFlight");
    QTEST(stats->writeSectors, "writeSectors");
}

void TestDiskStats::delta()
{
    const DiskStats before{10, 1, 2048, 100, 0};
    const DiskStats after{14, 2, 2048 + 4 * 8, 130, 0};
    const DiscardDelta d = discardDelta(before, after);
    QCOMPARE(d.count, quint64(4));
    QCOMPARE(d.merges, quint64(1));
    QCOMPARE(d.bytes, quint64(4 * 4096)); // sectors are 512 bytes
    QCOMPARE(d.averageBytes(), 4096.0);
    QCOMPARE(d.deviceSeconds, 0.030);

    DiscardDelta sum = d;
    sum += d;
    QCOMPARE(sum.count, quint64(8));
    QCOMPARE(sum.bytes, quint64(8 * 4096));
    QCOMPARE(DiscardDelta::fromJson(d.toJson()).bytes, d.bytes);
    QCOMPARE(DiscardDelta{}.averageBytes(), 0.0);
}

void TestDiskStats::deltaOfARecreatedDevice()
{
    const DiscardDelta d = discardDelta(DiskStats{100, 5, 800, 50, 0}, DiskStats{3, 0, 24, 2, 0});
    QCOMPARE(d.count, quint64(0));
    QCOMPARE(d.bytes, quint64(0));
    QCOMPARE(d.deviceSeconds, 0.0);
}

void TestDiskStats::readRefusesPathsInNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("slash") << QStringLiteral("../../etc");
    QTest::newRow("dot") << QStringLiteral("..");
    QTest::newRow("absolute") << QStringLiteral("/dev/sda");
}

void TestDiskStats::readRefusesPathsInNames()
{
    QFETCH(QString, name);
    const Expected<DiskStats> stats = readDiskStats(name);
    QVERIFY(!stats);
    QCOMPARE(stats.error().code, ErrorCode::InvalidArgument);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestDiskStats)
#include "tst_diskstats.moc"
