#include "device/safetypolicy.h"

#include <QTest>

using namespace trimscope;

Q_DECLARE_METATYPE(trimscope::BlockDevice)

namespace {
BlockDevice spareDisk()
{
    BlockDevice device;
    device.name = QStringLiteral("sdb");
    device.path = QStringLiteral("/dev/sdb");
    device.sizeBytes = quint64(256) << 30;
    device.discardGranularity = 4096;
    device.discardMaxBytes = quint64(2) << 30;
    return device;
}
} // namespace

class TestSafetyPolicy : public QObject
{
    Q_OBJECT
private slots:
    void verdict_data()
    {
        QTest::addColumn<BlockDevice>("device");
        QTest::addColumn<bool>("requireDiscard");
        QTest::addColumn<QStringList>("reasons");
        QTest::addColumn<QString>("firstErrorName");

        QTest::newRow("spare disk") << spareDisk() << true << QStringList{} << "None";

        BlockDevice mounted = spareDisk();
        mounted.mounts.append({QStringLiteral("sdb"), QStringLiteral("/mnt"),
                               QStringLiteral("ext4"), QStringLiteral("/dev/sdb")});
        QTest::newRow("mounted") << mounted << true << QStringList{"mounted"} << "DeviceInUse";

        BlockDevice partitionMounted = spareDisk();
        partitionMounted.partitions = {QStringLiteral("sdb1")};
        partitionMounted.mounts.append({QStringLiteral("sdb1"), QStringLiteral("/home"),
                                        QStringLiteral("xfs"), QStringLiteral("/dev/sdb1")});
        QTest::newRow("partition mounted")
            << partitionMounted << true << QStringList{"partition-mounted"} << "DeviceInUse";

        BlockDevice held = spareDisk();
        held.holders = {QStringLiteral("dm-0 (on sdb2)")};
        QTest::newRow("held by dm") << held << true << QStringList{"held"} << "DeviceInUse";

        BlockDevice swap = spareDisk();
        swap.swaps = {QStringLiteral("/dev/sdb3")};
        QTest::newRow("swap") << swap << true << QStringList{"swap"} << "DeviceInUse";

        BlockDevice root = spareDisk();
        root.holdsRoot = true;
        root.mounts.append({QStringLiteral("sdb"), QStringLiteral("/"), QStringLiteral("ext4"),
                            QStringLiteral("/dev/sdb")});
        QTest::newRow("root, reported first")
            << root << true << QStringList{"holds-root", "mounted"} << "DeviceInUse";

        BlockDevice noDiscard = spareDisk();
        noDiscard.discardMaxBytes = 0;
        QTest::newRow("no discard")
            << noDiscard << true << QStringList{"no-discard"} << "NoDiscardSupport";
        QTest::newRow("no discard, write-only work")
            << noDiscard << false << QStringList{} << "None";

        BlockDevice readOnly = spareDisk();
        readOnly.readOnly = true;
        QTest::newRow("read-only") << readOnly << true << QStringList{"read-only"} << "DeviceInUse";

        BlockDevice empty = spareDisk();
        empty.sizeBytes = 0;
        QTest::newRow("no medium") << empty << true << QStringList{"empty"} << "NoSuchDevice";
    }
    void verdict()
    {
        QFETCH(BlockDevice, device);
        QFETCH(bool, requireDiscard);
        QFETCH(QStringList, reasons);
        QFETCH(QString, firstErrorName);
        const SafetyVerdict verdict = evaluateSafety(device, requireDiscard);
        QStringList actual;
        for (const Refusal &refusal : verdict.refusals) {
            actual.append(refusalReasonName(refusal.reason));
            QVERIFY2(refusal.message.contains(device.path), qPrintable(refusal.message));
        }
        QCOMPARE(actual, reasons);
        QCOMPARE(verdict.allowed(), reasons.isEmpty());
        QCOMPARE(errorCodeName(verdict.firstError().code), firstErrorName);
        QVERIFY(!verdict.summary().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSafetyPolicy)
#include "tst_safetypolicy.moc"
