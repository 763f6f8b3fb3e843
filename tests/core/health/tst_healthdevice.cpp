// Which health path a device node takes, decided by its device number in a sysfs tree recorded
// from Debian's 6.1 kernel in QEMU (tests/data/sysfs/qemu-q35: AHCI disks sda and sdb, an empty
// DVD drive sr0, an NVMe controller nvme0 with one 256 MiB namespace in two partitions).
#include "health/drivehealth.h"
#include "health/healthdevice.h"
#include "testmain.h"

#include <QFileInfo>
#include <QTest>
#include <cerrno>

using namespace trimscope;
using namespace trimscope::health;

namespace {
const QString kSys = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/sysfs/qemu-q35");
constexpr double kMiB = 1024.0 * 1024.0;
} // namespace

class tst_HealthDevice : public QObject
{
    Q_OBJECT

private slots:
    void byDeviceNumber_data()
    {
        QTest::addColumn<bool>("block");
        QTest::addColumn<quint32>("major");
        QTest::addColumn<quint32>("minor");
        QTest::addColumn<bool>("nvme");
        QTest::addColumn<double>("namespacesBytes");
        // Whatever the node is called (a renamed node has only its number): the number decides.
        QTest::newRow("sata disk 8:0") << true << 8u << 0u << false << 0.0;
        QTest::newRow("dvd drive 11:0") << true << 11u << 0u << false << 0.0;
        QTest::newRow("namespace 259:0") << true << 259u << 0u << true << 256 * kMiB;
        // A partition's health is its drive's: the whole namespace, not the 64 MiB partition.
        QTest::newRow("partition 259:2") << true << 259u << 2u << true << 256 * kMiB;
        QTest::newRow("controller char 246:0") << false << 246u << 0u << true << 256 * kMiB;
        QTest::newRow("generic char 245:0") << false << 245u << 0u << true << 256 * kMiB;
    }
    void byDeviceNumber()
    {
        QFETCH(bool, block);
        QFETCH(quint32, major);
        QFETCH(quint32, minor);
        const Expected<HealthDevice> device = resolveHealthDevice({block, major, minor}, kSys);
        QVERIFY2(device.hasValue(), qPrintable(device.error().message));
        QTEST(device->kind == DeviceKind::Nvme, "nvme");
        QTEST(device->nvmeNamespacesBytes, "namespacesBytes");
        QVERIFY(device->sysfsPath.startsWith(kSys + QStringLiteral("/devices/")));
    }

    void unknownNumber_data()
    {
        QTest::addColumn<bool>("block");
        QTest::addColumn<quint32>("major");
        QTest::addColumn<quint32>("minor");
        QTest::newRow("no such block device") << true << 8u << 32u;
        // 8:0 is a block device; as a character device number it is something else.
        QTest::newRow("block number as char") << false << 8u << 0u;
    }
    void unknownNumber()
    {
        QFETCH(bool, block);
        QFETCH(quint32, major);
        QFETCH(quint32, minor);
        const Expected<HealthDevice> device = resolveHealthDevice({block, major, minor}, kSys);
        QVERIFY(!device);
        QCOMPARE(device.error().code, ErrorCode::NoSuchDevice);
    }

    // Only NVMe character devices are health devices; any other is refused before it is opened
    // (libatasmart opened /dev/null, /dev/tty0 ...; /dev/watchdog would arm the watchdog).
    void otherCharacterDevicesAreRefused_data()
    {
        QTest::addColumn<QString>("node");
        QTest::newRow("/dev/null") << QStringLiteral("/dev/null");
        QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero");
        QTest::newRow("/dev/tty") << QStringLiteral("/dev/tty");
    }
    void otherCharacterDevicesAreRefused()
    {
        QFETCH(QString, node);
        if (!QFileInfo::exists(node))
            QSKIP("no such node here");
        const Expected<DeviceNumber> number = deviceNumberOf(node);
        QVERIFY(number);
        const Expected<HealthDevice> device = resolveHealthDevice(*number);
        QVERIFY(!device);
        QCOMPARE(device.error().code, ErrorCode::NotABlockDevice);
        QVERIFY2(device.error().message.contains(QLatin1String("NVMe controller")),
                 qPrintable(device.error().message));
        // The whole read refuses it the same way, before libatasmart sees it.
        const Expected<DriveHealth> health = readDriveHealth(node, LifespanAssumptions());
        QVERIFY(!health);
        QCOMPARE(health.error().code, ErrorCode::NotABlockDevice);
    }

    // Issue 46: what has no health is said from sysfs before anything is opened.
    void noHealthFromSysfs_data()
    {
        QTest::addColumn<QString>("sysfsPath");
        QTest::addColumn<QString>("words"); // empty: it may have health
        QTest::newRow("loop device") << "/sys/devices/virtual/block/loop3"
                                     << "is a loop device";
        QTest::newRow("device-mapper") << "/sys/devices/virtual/block/dm-0"
                                       << "virtual block device (dm-0)";
        QTest::newRow("zram") << "/sys/devices/virtual/block/zram0"
                              << "virtual block device (zram0)";
        QTest::newRow("virtio disk") << "/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda"
                                     << "is a virtio disk";
        QTest::newRow("virtio partition")
            << "/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda/vda1"
            << "is a virtio disk";
        QTest::newRow("SD card")
            << "/sys/devices/platform/soc/fe340000.mmc/mmc_host/mmc0/mmc0:aaaa/block/mmcblk0"
            << "MMC or SD card";
        QTest::newRow("SATA disk")
            << "/sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda"
            << "";
        QTest::newRow("NVMe namespace") << "/sys/devices/pci0000:00/0000:00:04.0/nvme/nvme0/nvme0n1"
                                        << "";
    }
    void noHealthFromSysfs()
    {
        QFETCH(QString, sysfsPath);
        QFETCH(QString, words);
        const QString reason = noHealthReasonOf(sysfsPath, QStringLiteral("/dev/x"));
        QCOMPARE(reason.isEmpty(), words.isEmpty());
        QVERIFY2(reason.contains(words), qPrintable(reason));
        if (!words.isEmpty())
            QVERIFY(reason.startsWith(QStringLiteral("/dev/x ")));
    }

    // "Operation not permitted (reading SMART needs root)" as root named a cause that cannot
    // be: as root the device refused.
    void accessErrorsSayWhatFailed_data()
    {
        QTest::addColumn<int>("err");
        QTest::addColumn<bool>("privileged");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("says");
        QTest::addColumn<QString>("neverSays");
        const int denied = int(ErrorCode::PermissionDenied);
        QTest::newRow("EPERM as root") << EPERM << true << denied << "the device refused it"
                                       << "needs root";
        QTest::newRow("EACCES as root") << EACCES << true << denied << "the device refused it"
                                        << "needs root";
        QTest::newRow("EPERM as a user") << EPERM << false << denied << "needs root"
                                         << "device refused";
        QTest::newRow("no medium")
            << ENXIO << true << int(ErrorCode::NoSuchDevice) << "cannot open /dev/vda"
            << "root";
        QTest::newRow("I/O error")
            << EIO << true << int(ErrorCode::IoError) << "cannot open /dev/vda"
            << "root";
    }
    void accessErrorsSayWhatFailed()
    {
        QFETCH(int, err);
        QFETCH(bool, privileged);
        QFETCH(int, code);
        QFETCH(QString, says);
        QFETCH(QString, neverSays);
        const Error e = deviceAccessError(QStringLiteral("/dev/vda"), err,
                                          QStringLiteral("cannot open"), privileged);
        QCOMPARE(int(e.code), code);
        QVERIFY2(e.message.startsWith(QStringLiteral("cannot open /dev/vda: ")),
                 qPrintable(e.message));
        QVERIFY2(e.message.contains(says), qPrintable(e.message));
        QVERIFY2(!e.message.contains(neverSays), qPrintable(e.message));
    }

    void nodeKinds()
    {
        // A regular file is no device; /dev/null is one (a character device).
        const auto file = deviceNumberOf(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/README.md"));
        QVERIFY(!file);
        QCOMPARE(file.error().code, ErrorCode::NotABlockDevice);
        const auto null = deviceNumberOf(QStringLiteral("/dev/null"));
        QVERIFY(null);
        QVERIFY(!null->block);
        QCOMPARE(null->major, 1u);
        QCOMPARE(null->minor, 3u);
        QCOMPARE(deviceNumberOf(QStringLiteral("/nonexistent")).error().code,
                 ErrorCode::NoSuchDevice);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(tst_HealthDevice)
#include "tst_healthdevice.moc"
