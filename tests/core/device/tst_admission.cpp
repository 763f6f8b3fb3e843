// The admission gate's questions, table-wise, on a recorded machine: tests/data/sysfs/machine
// (make-fixtures.py) through DeviceProbe's sysfs and /proc roots. What the gate does with the
// answer, opening O_EXCL and readmitting, runs on real loop devices in the privileged tests.
#include "device/admission.h"
#include "device/safetypolicy.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;

Q_DECLARE_METATYPE(trimscope::ErrorCode)

class TestAdmission : public QObject
{
    Q_OBJECT

private slots:
    void examinesTheRecordedMachine_data();
    void examinesTheRecordedMachine();
    void probeReadsTheFacts();
    void unknownNamesAreRefused_data();
    void unknownNamesAreRefused();
    void refusesPathsBeforeProbing_data();
    void refusesPathsBeforeProbing();

private:
    static DeviceProbe machine();
};

DeviceProbe TestAdmission::machine()
{
    const QString root = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/sysfs/machine");
    return DeviceProbe(root + QStringLiteral("/sys"), root + QStringLiteral("/proc"));
}

void TestAdmission::examinesTheRecordedMachine_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("requireDiscard");
    QTest::addColumn<ErrorCode>("code");  // None: admitted
    QTest::addColumn<QString>("message"); // part of the first refusal
    QTest::newRow("root disk") << "sda" << true << ErrorCode::DeviceInUse
                               << "holds the root file system";
    QTest::newRow("root partition")
        << "sda1" << true << ErrorCode::DeviceInUse << "holds the root file system";
    QTest::newRow("swap partition")
        << "sda2" << false << ErrorCode::DeviceInUse << "is in use as swap (/dev/sda2)";
    QTest::newRow("unused SSD") << "sdb" << true << ErrorCode::None << "";
    QTest::newRow("disk without discard")
        << "sdc" << true << ErrorCode::NoDiscardSupport << "does not support discard";
    QTest::newRow("disk without discard, write-only work")
        << "sdc" << false << ErrorCode::None << "";
    QTest::newRow("LVM member") << "sdd" << true << ErrorCode::DeviceInUse
                                << "in use by dm-0 (on sdd1)";
    QTest::newRow("LVM member partition")
        << "sdd1" << true << ErrorCode::DeviceInUse << "in use by dm-0";
    QTest::newRow("whole-disk filesystem")
        << "sde" << true << ErrorCode::DeviceInUse << "is mounted at /data";
    QTest::newRow("NVMe with /home") << "nvme0n1" << true << ErrorCode::DeviceInUse
                                     << "has a mounted partition: /dev/nvme0n1p1 at /home";
    QTest::newRow("NVMe /home partition")
        << "nvme0n1p1" << true << ErrorCode::DeviceInUse << "is mounted at /home";
    // Unused itself, but beside /home on the same disk (issue 16, item 3).
    QTest::newRow("unused NVMe partition beside /home")
        << "nvme0n1p2" << true << ErrorCode::DeviceInUse
        << "/dev/nvme0n1p2 shares its disk /dev/nvme0n1 with /dev/nvme0n1p1, which is mounted at "
           "/home";
    QTest::newRow("read-only loop") << "loop0" << true << ErrorCode::DeviceInUse << "read-only";
    QTest::newRow("empty loop") << "loop1" << true << ErrorCode::NoSuchDevice
                                << "no medium or a size of zero";
    QTest::newRow("device mapper on a held disk")
        << "dm-0" << true << ErrorCode::NoDiscardSupport << "does not support discard";
}

void TestAdmission::examinesTheRecordedMachine()
{
    QFETCH(QString, name);
    QFETCH(bool, requireDiscard);
    QFETCH(ErrorCode, code);
    QFETCH(QString, message);
    const Expected<BlockDevice> device =
        examineNameForWriting(name, {requireDiscard, /*keepOpen=*/true}, machine());
    if (code == ErrorCode::None) {
        QVERIFY2(device, qPrintable(device ? QString() : device.error().message));
        QCOMPARE(device->name, name);
        return;
    }
    QVERIFY(!device);
    QCOMPARE(device.error().code, code);
    QVERIFY2(device.error().message.contains(message), qPrintable(device.error().message));
}

// What the admitted device says is what the results will carry.
void TestAdmission::probeReadsTheFacts()
{
    // Beside /home: admitted only by the explicit override.
    QVERIFY(!examineNameForWriting(QStringLiteral("nvme0n1p2"), {}, machine()));
    AdmissionRules besideInUse;
    besideInUse.allowSiblingsOfSystemDisk = true;
    const Expected<BlockDevice> nvme =
        examineNameForWriting(QStringLiteral("nvme0n1p2"), besideInUse, machine());
    QVERIFY(nvme);
    QVERIFY(nvme->isPartition);
    QCOMPARE(nvme->parentName, QStringLiteral("nvme0n1"));
    QCOMPARE(nvme->transport, QStringLiteral("nvme"));
    QCOMPARE(nvme->sizeBytes, quint64(512) << 30);
    QCOMPARE(nvme->discardMaxBytes, quint64(2199023255040)); // the disk's queue limits
    QCOMPARE(nvme->model, QStringLiteral("Samsung SSD 980 PRO 1TB"));
    const Expected<BlockDevice> ssd = examineNameForWriting(QStringLiteral("sdb"), {}, machine());
    QVERIFY(ssd);
    QCOMPARE(ssd->transport, QStringLiteral("sata"));
    QCOMPARE(ssd->logicalBlockSize, 512u);
    QCOMPARE(ssd->physicalBlockSize, 4096u);
    QCOMPARE(ssd->discardGranularity, quint64(4096));
    QCOMPARE(ssd->major, 8u);
    QCOMPARE(ssd->minor, 16u);
    const DriveInfo drive = AdmittedDevice{*ssd, UniqueFd(), {}}.drive();
    QCOMPARE(drive.serial, QStringLiteral("2034E4A1"));
    QCOMPARE(drive.firmware, QStringLiteral("M3CR033"));
}

void TestAdmission::unknownNamesAreRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("absent") << "sdz";
    QTest::newRow("empty") << "";
    QTest::newRow("a path") << "../sda";
}

void TestAdmission::unknownNamesAreRefused()
{
    QFETCH(QString, name);
    const Expected<BlockDevice> device = examineNameForWriting(name, {}, machine());
    QVERIFY(!device);
    QCOMPARE(device.error().code, ErrorCode::NoSuchDevice);
}

// An untrusted path is refused before anything is probed or opened.
void TestAdmission::refusesPathsBeforeProbing_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("relative") << "sdb" << ErrorCode::InvalidArgument;
    QTest::newRow("dot-dot") << "/dev/../dev/sdb" << ErrorCode::InvalidArgument;
    QTest::newRow("outside /dev") << "/etc/passwd" << ErrorCode::NotABlockDevice;
    QTest::newRow("missing node") << "/dev/trimscope-no-such-disk" << ErrorCode::NoSuchDevice;
    QTest::newRow("not a block device") << "/dev/null" << ErrorCode::NotABlockDevice;
}

void TestAdmission::refusesPathsBeforeProbing()
{
    QFETCH(QString, path);
    QFETCH(ErrorCode, code);
    const Expected<AdmittedDevice> admitted = admitForWriting(path, {}, machine());
    QVERIFY(!admitted);
    QCOMPARE(admitted.error().code, code);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestAdmission)
#include "tst_admission.moc"
