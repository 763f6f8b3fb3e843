#include "device/deviceprobe.h"
#include "device/safetypolicy.h"
#include "testmain.h"

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
// Six disks whose partitions sit beside partitions the system uses, and a spare one: see
// tests/data/sysfs/make-system-disks.py.
const QString kSystemDisks = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/sysfs/system-disks");

DeviceProbe systemDisksProbe()
{
    return DeviceProbe(kSystemDisks + QStringLiteral("/sys"),
                       kSystemDisks + QStringLiteral("/proc"),
                       [](const QString &) { return MediumState::Unknown; });
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
        mounted.mounts.append({QStringLiteral("sdb"),
                               QStringLiteral("/mnt"),
                               QStringLiteral("ext4"),
                               QStringLiteral("/dev/sdb"),
                               false,
                               {}});
        QTest::newRow("mounted") << mounted << true << QStringList{"mounted"} << "DeviceInUse";

        BlockDevice partitionMounted = spareDisk();
        partitionMounted.partitions = {QStringLiteral("sdb1")};
        partitionMounted.mounts.append({QStringLiteral("sdb1"),
                                        QStringLiteral("/home"),
                                        QStringLiteral("xfs"),
                                        QStringLiteral("/dev/sdb1"),
                                        false,
                                        {}});
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
        root.mounts.append({QStringLiteral("sdb"),
                            QStringLiteral("/"),
                            QStringLiteral("ext4"),
                            QStringLiteral("/dev/sdb"),
                            false,
                            {}});
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

        BlockDevice besideRoot = spareDisk();
        besideRoot.name = QStringLiteral("sdb2");
        besideRoot.path = QStringLiteral("/dev/sdb2");
        besideRoot.isPartition = true;
        besideRoot.parentName = QStringLiteral("sdb");
        besideRoot.siblingsInUse = {
            {QStringLiteral("sdb1"), SiblingUse::Kind::HoldsRoot, {}},
            {QStringLiteral("sdb3"), SiblingUse::Kind::Swap, QStringLiteral("/dev/sdb3")}};
        QTest::newRow("beside root and swap")
            << besideRoot << true << QStringList{"sibling-in-use", "sibling-in-use"}
            << "DeviceInUse";
        // Its own use is the more fundamental reason, reported first.
        BlockDevice besideRootMounted = besideRoot;
        besideRootMounted.mounts.append({QStringLiteral("sdb2"),
                                         QStringLiteral("/data"),
                                         QStringLiteral("xfs"),
                                         QStringLiteral("/dev/sdb2"),
                                         false,
                                         {}});
        QTest::newRow("mounted itself, beside root")
            << besideRootMounted << true
            << QStringList{"mounted", "sibling-in-use", "sibling-in-use"} << "DeviceInUse";
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

    // Partitions on recorded trees: each refusal names the sibling and why it is in use.
    void siblingsOfUsedPartitions_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("allowSiblings");
        QTest::addColumn<QStringList>("reasons");
        QTest::addColumn<QStringList>("messages");

        const auto beside = [](const char *device, const char *disk, const char *sibling,
                               const QString &why) {
            return QStringLiteral("/dev/%1 shares its disk /dev/%2 with /dev/%3, which %4")
                .arg(QLatin1String(device), QLatin1String(disk), QLatin1String(sibling), why);
        };
        const QString root = QStringLiteral("holds the root file system of this computer");
        const QStringList sibling{QStringLiteral("sibling-in-use")};

        QTest::newRow("ESP beside /")
            << "sda2" << false << sibling << QStringList{beside("sda2", "sda", "sda1", root)};
        QTest::newRow("locked LUKS beside /")
            << "sda3" << false << sibling << QStringList{beside("sda3", "sda", "sda1", root)};
        QTest::newRow("beside /boot")
            << "sdb2" << false << sibling
            << QStringList{beside("sdb2", "sdb", "sdb1", QStringLiteral("is mounted at /boot"))};
        QTest::newRow("beside swap")
            << "sdc2" << false << sibling
            << QStringList{beside("sdc2", "sdc", "sdc1", QStringLiteral("is in use as swap"))};
        QTest::newRow("beside an open LUKS volume")
            << "sdd2" << false << sibling
            << QStringList{beside("sdd2", "sdd", "sdd1",
                                  QStringLiteral("is in use by dm-0 (device mapper, RAID or "
                                                 "similar)"))};
        QTest::newRow("beside /boot/efi")
            << "sde2" << false << sibling
            << QStringList{
                   beside("sde2", "sde", "sde1", QStringLiteral("is mounted at /boot/efi"))};
        QTest::newRow("spare disk, first partition")
            << "sdf1" << false << QStringList{} << QStringList{};
        QTest::newRow("spare disk, second partition")
            << "sdf2" << false << QStringList{} << QStringList{};
        // The partitions in use are refused for their own use, as before.
        QTest::newRow("/ itself") << "sda1" << false << QStringList{"holds-root", "mounted"}
                                  << QStringList{};
        QTest::newRow("/boot itself") << "sdb1" << false << QStringList{"mounted"} << QStringList{};
        QTest::newRow("the system disk")
            << "sda" << false << QStringList{"holds-root", "partition-mounted"} << QStringList{};
        // The explicit override lifts only the sibling rule.
        QTest::newRow("ESP beside /, override") << "sda2" << true << QStringList{} << QStringList{};
        QTest::newRow("beside swap, override") << "sdc2" << true << QStringList{} << QStringList{};
        QTest::newRow("/ itself, override")
            << "sda1" << true << QStringList{"holds-root", "mounted"} << QStringList{};
    }
    void siblingsOfUsedPartitions()
    {
        QFETCH(QString, name);
        QFETCH(bool, allowSiblings);
        QFETCH(QStringList, reasons);
        QFETCH(QStringList, messages);
        const Expected<BlockDevice> device = systemDisksProbe().probeName(name);
        QVERIFY2(device, qPrintable(device.error().message));
        SafetyOptions options;
        options.allowSiblingsOfSystemDisk = allowSiblings;
        const SafetyVerdict verdict = evaluateSafety(*device, options);
        QStringList actualReasons;
        QStringList actualMessages;
        for (const Refusal &refusal : verdict.refusals) {
            actualReasons.append(refusalReasonName(refusal.reason));
            if (refusal.reason == RefusalReason::SiblingInUse)
                actualMessages.append(refusal.message);
        }
        QCOMPARE(actualReasons, reasons);
        QCOMPARE(actualMessages, messages);
        QCOMPARE(verdict.allowed(), reasons.isEmpty());
        // The default policy, as the helper and the GUI ask it, never takes the override.
        if (!messages.isEmpty())
            QVERIFY(!evaluateSafety(*device).allowed());
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestSafetyPolicy)
#include "tst_safetypolicy.moc"
