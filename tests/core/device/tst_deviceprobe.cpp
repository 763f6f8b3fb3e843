// DeviceProbe on a sysfs tree recorded from Debian's 6.1 kernel in QEMU (q35, AHCI):
// tests/data/sysfs/qemu-q35 (see its README). sda is an emulated "Samsung SSD 870 EVO 1TB",
// firmware "RVT04B6Q", 512e (4 KiB physical sectors and discard granularity), whose INQUIRY
// strings libata cut to "Samsung SSD 870" / "4B6Q"; sdb a disk without TRIM; sr0 an empty DVD
// drive; nvme0n1 an NVMe namespace with two partitions.
#include "common/kernelfile.h"
#include "device/atainformationvpd.h"
#include "device/deviceprobe.h"
#include "device/driveinfo.h"
#include "device/safetypolicy.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;

namespace {
const QString kSys = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/sysfs/qemu-q35");
const QString kSdaVpd89 =
    kSys + QStringLiteral("/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/"
                          "vpd_pg89");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class tst_DeviceProbe : public QObject
{
    Q_OBJECT

    QTemporaryDir m_proc; // nothing mounted, no swap

    DeviceProbe probe(MediumState medium = MediumState::Unknown, QStringList *asked = nullptr)
    {
        return DeviceProbe(kSys, m_proc.path(), [medium, asked](const QString &path) {
            if (asked)
                asked->append(path);
            return medium;
        });
    }

private slots:
    void initTestCase()
    {
        QVERIFY(QFile::exists(kSdaVpd89));
        QDir(m_proc.path()).mkpath(QStringLiteral("self"));
        QFile mountinfo(m_proc.filePath(QStringLiteral("self/mountinfo")));
        QVERIFY(mountinfo.open(QIODevice::WriteOnly));
        QFile swaps(m_proc.filePath(QStringLiteral("swaps")));
        QVERIFY(swaps.open(QIODevice::WriteOnly));
        swaps.write("Filename\tType\tSize\tUsed\tPriority\n");
    }

    void ataIdentityIsWhole()
    {
        const Expected<BlockDevice> sda = probe().probeName(QStringLiteral("sda"));
        QVERIFY(sda);
        // What INQUIRY said, for the record: the probe must not settle for it.
        QCOMPARE(readAll(kSys + QStringLiteral("/class/block/sda/device/model")).trimmed(),
                 QByteArray("Samsung SSD 870"));
        QCOMPARE(sda->model, QStringLiteral("Samsung SSD 870 EVO 1TB"));
        QCOMPARE(sda->firmware, QStringLiteral("RVT04B6Q"));
        QCOMPARE(sda->serial, QStringLiteral("S3Z9NB0K123456A"));
        QCOMPARE(sda->vendor, QString()); // libata's "ATA" names no vendor
        QCOMPARE(sda->transport, QStringLiteral("sata"));
        const DriveInfo info = driveInfoFrom(*sda);
        QCOMPARE(info.displayName(), QStringLiteral("Samsung SSD 870 EVO 1TB (sda)"));
        QCOMPARE(info.toJson().value(QStringLiteral("model")).toString(),
                 QStringLiteral("Samsung SSD 870 EVO 1TB"));
        QCOMPARE(info.toJson().value(QStringLiteral("firmware")).toString(),
                 QStringLiteral("RVT04B6Q"));
    }

    void geometry_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<quint64>("size");
        QTest::addColumn<quint32>("physical");
        QTest::addColumn<quint64>("granularity");
        QTest::addColumn<bool>("discard");
        QTest::addColumn<QString>("model");
        QTest::newRow("512e SATA SSD")
            << "sda" << quint64(256) << 4096u << quint64(4096) << true << "Samsung SSD 870 EVO 1TB";
        QTest::newRow("no TRIM") << "sdb" << quint64(256) << 512u << quint64(0) << false
                                 << "QEMU HARDDISK";
        QTest::newRow("NVMe") << "nvme0n1" << quint64(256) << 512u << quint64(512) << true
                              << "QEMU NVMe Ctrl";
    }
    void geometry()
    {
        QFETCH(QString, name);
        QFETCH(quint64, size);
        const Expected<BlockDevice> device = probe().probeName(name);
        QVERIFY(device);
        QCOMPARE(device->sizeBytes, size << 20);
        QTEST(device->physicalBlockSize, "physical");
        QTEST(device->discardGranularity, "granularity");
        QTEST(device->supportsDiscard(), "discard");
        QTEST(device->model, "model");
        QVERIFY(!device->opticalDrive);
        QVERIFY(!device->noMedium);
    }

    void emptyOpticalDrive_data()
    {
        QTest::addColumn<int>("medium");
        QTest::addColumn<bool>("noMedium");
        QTest::newRow("drive says: no disc") << int(MediumState::Absent) << true;
        // Unasked (no permission): sr's placeholder capacity gives it away.
        QTest::newRow("drive unasked") << int(MediumState::Unknown) << true;
        QTest::newRow("drive says: disc") << int(MediumState::Present) << false;
    }
    void emptyOpticalDrive()
    {
        QFETCH(int, medium);
        QFETCH(bool, noMedium);
        QStringList asked;
        const Expected<BlockDevice> sr0 =
            probe(MediumState(medium), &asked).probeName(QStringLiteral("sr0"));
        QVERIFY(sr0);
        QCOMPARE(asked, QStringList{QStringLiteral("/dev/sr0")});
        QVERIFY(sr0->opticalDrive);
        QCOMPARE(sr0->noMedium, noMedium);
        QCOMPARE(sr0->sizeBytes, noMedium ? quint64(0) : quint64(0x1fffff) * 512);
        const SafetyVerdict verdict = evaluateSafety(*sr0);
        QVERIFY(!verdict.allowed());
        // The first reason is the one reported: "no medium", not "read-only".
        QCOMPARE(verdict.refusals.first().reason,
                 noMedium ? RefusalReason::NoMedium : RefusalReason::ReadOnly);
    }

    void onlyOpticalDrivesAreAsked()
    {
        QStringList asked;
        const DeviceProbe p = probe(MediumState::Absent, &asked);
        const QList<BlockDevice> disks = p.listDisks();
        QStringList names;
        for (const BlockDevice &d : disks)
            names.append(d.name);
        // The empty drive is listed (as empty), partitions inside their disk.
        QCOMPARE(names, (QStringList{QStringLiteral("nvme0n1"), QStringLiteral("sda"),
                                     QStringLiteral("sdb"), QStringLiteral("sr0")}));
        QCOMPARE(asked, QStringList{QStringLiteral("/dev/sr0")});
        QCOMPARE(disks.first().partitions,
                 (QStringList{QStringLiteral("nvme0n1p1"), QStringLiteral("nvme0n1p2")}));
    }

    // What a Flatpak sandbox has of a device udisks2 lends: the fd's device number, no node.
    void byDeviceNumber_data()
    {
        QTest::addColumn<quint32>("major");
        QTest::addColumn<quint32>("minor");
        QTest::addColumn<QString>("name"); // empty: refused as NoSuchDevice
        QTest::newRow("SATA disk") << 8u << 0u << "sda";
        QTest::newRow("NVMe partition") << 259u << 2u << "nvme0n1p1";
        QTest::newRow("empty DVD drive") << 11u << 0u << "sr0";
        QTest::newRow("number the kernel does not list") << 8u << 32u << "";
        QTest::newRow("major 0") << 0u << 0u << "";
    }
    void byDeviceNumber()
    {
        QFETCH(quint32, major);
        QFETCH(quint32, minor);
        QFETCH(QString, name);
        const Expected<BlockDevice> device = probe().probeNumber(major, minor);
        if (name.isEmpty()) {
            QVERIFY(!device);
            QCOMPARE(device.error().code, ErrorCode::NoSuchDevice);
            return;
        }
        QVERIFY2(device.hasValue(), qPrintable(device.error().message));
        QCOMPARE(device->name, name);
        QCOMPARE(device->major, major);
        QCOMPARE(device->minor, minor);
        QCOMPARE(device->path, QStringLiteral("/dev/") + name);
    }

    void ataInformationVpd_data()
    {
        const QByteArray page = readAll(kSdaVpd89);
        QTest::addColumn<QByteArray>("page");
        QTest::addColumn<bool>("valid");
        QTest::newRow("recorded") << page << true;
        QTest::newRow("empty") << QByteArray() << false;
        QTest::newRow("truncated") << page.left(571) << false;
        QByteArray otherPage = page;
        otherPage[1] = char(0x80);
        QTest::newRow("not page 89h") << otherPage << false;
        QByteArray noIdentify = page;
        noIdentify[56] = 0;
        QTest::newRow("no IDENTIFY in it") << noIdentify << false;
        QByteArray shortLength = page;
        shortLength[2] = 0;
        shortLength[3] = char(0x40);
        QTest::newRow("page length too short") << shortLength << false;
        QByteArray packet = page;
        packet[56] = char(0xa1);
        QTest::newRow("IDENTIFY PACKET DEVICE") << packet << true;
    }
    void ataInformationVpd()
    {
        QFETCH(QByteArray, page);
        const auto identify = identifyDataFromAtaInformationVpd(page);
        QTEST(identify.has_value(), "valid");
        if (identify) {
            QCOMPARE(identify->size(), 512);
            QCOMPARE(*identify, page.mid(60, 512));
        }
    }

    // The probe resolves sysfs links with one readlink (resolveSysfsLink), not realpath(): for
    // every link this machine's kernel and the recorded trees have, both must name the same
    // place, and a name the kernel does not list nothing.
    void sysfsLinksResolveAsRealpath_data()
    {
        QTest::addColumn<QString>("link");
        for (const QString &root : {QStringLiteral("/sys"), kSys}) {
            for (const char *dir : {"/class/block", "/dev/block"}) {
                const QDir links(root + QLatin1String(dir));
                for (const QString &name :
                     links.entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot))
                    QTest::newRow(qPrintable(links.filePath(name))) << links.filePath(name);
            }
        }
        QTest::newRow("absent") << QStringLiteral("/sys/dev/block/0:0");
    }
    void sysfsLinksResolveAsRealpath()
    {
        QFETCH(QString, link);
        QCOMPARE(resolveSysfsLink(link), QFileInfo(link).canonicalFilePath());
    }

    // listDisks reads the mount and swap tables once for all disks; each disk must come out as
    // probing it alone does, on the recorded machine whose disks hold root, swap and mounts.
    void listedAsProbedAlone()
    {
        const QString machine = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/sysfs/machine");
        const DeviceProbe p(machine + QStringLiteral("/sys"), machine + QStringLiteral("/proc"),
                            nullptr);
        const QList<BlockDevice> disks = p.listDisks();
        QVERIFY(disks.size() >= 5);
        bool sawRoot = false;
        for (const BlockDevice &listed : disks) {
            const Expected<BlockDevice> alone = p.probeName(listed.name);
            QVERIFY(alone);
            QCOMPARE(listed.mounts.size(), alone->mounts.size());
            for (qsizetype i = 0; i < listed.mounts.size(); ++i)
                QCOMPARE(listed.mounts.at(i).mountPoint, alone->mounts.at(i).mountPoint);
            QCOMPARE(listed.swaps, alone->swaps);
            QCOMPARE(listed.holders, alone->holders);
            QCOMPARE(listed.holdsRoot, alone->holdsRoot);
            QCOMPARE(listed.siblingsInUse.size(), alone->siblingsInUse.size());
            QCOMPARE(listed.transport, alone->transport);
            sawRoot = sawRoot || listed.holdsRoot;
        }
        QVERIFY(sawRoot);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(tst_DeviceProbe)
#include "tst_deviceprobe.moc"
