// The sysfs name shapes told by hand (issue 44: no regular expression compiled per collector
// run) say yes and no exactly where the regular expressions they replace did.
#include "common/sysfsnames.h"
#include "testmain.h"

#include <QRegularExpression>
#include <QTest>

using namespace trimscope;

class TestSysfsNames : public QObject
{
    Q_OBJECT

private slots:
    void sameAsRegularExpression_data();
    void sameAsRegularExpression();
    void anonymousDeviceNumbers_data();
    void anonymousDeviceNumbers();
};

void TestSysfsNames::sameAsRegularExpression_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("expected");

    const QString pci = QStringLiteral("^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-9a-f]$");
    const QString container = QStringLiteral("^nvme(\\d+|-subsys\\d+)$");
    const QString nspace = QStringLiteral("^nvme\\d+(c\\d+)?n\\d+$");
    const QString virtio = QStringLiteral("/virtio\\d+/");
    const auto row = [](const QString &pattern, const char *text, bool expected) {
        QTest::addRow("%s %s", qPrintable(pattern.left(12)), text)
            << pattern << QString::fromUtf8(text) << expected;
    };
    row(pci, "0000:00:1f.2", true);
    row(pci, "0000:3a:00.0", true);
    row(pci, "0000:00:1F.2", false); // sysfs writes lower case
    row(pci, "0000:00:1f.2x", false);
    row(pci, "000:00:1f.2", false);
    row(pci, "0000:00:1g.2", false);
    row(pci, "0000-00:1f.2", false);
    row(pci, "0000:00:1f:2", false);
    row(pci, "pci0000:00", false);
    row(pci, "", false);
    row(container, "nvme0", true);
    row(container, "nvme12", true);
    row(container, "nvme-subsys0", true);
    row(container, "nvme-subsys", false);
    row(container, "nvme", false);
    row(container, "nvme0n1", false);
    row(container, "nvme-subsys0n1", false);
    row(container, "ng0", false);
    row(container, "nvme-subsysx1", false);
    row(nspace, "nvme0n1", true);
    row(nspace, "nvme10n23", true);
    row(nspace, "nvme0c0n1", true);
    row(nspace, "nvme0c12n1", true);
    row(nspace, "nvme0n1p2", false);
    row(nspace, "ng0n1", false);
    row(nspace, "nvme0", false);
    row(nspace, "nvme0n", false);
    row(nspace, "nvme0cn1", false);
    row(nspace, "nvmen1", false);
    row(nspace, "nvme0c0", false);
    row(virtio, "/sys/devices/pci0000:00/0000:00:04.0/virtio1/block/vda", true);
    row(virtio, "/sys/devices/virtio12/x", true);
    row(virtio, "/sys/devices/virtio/block/vda", false);
    row(virtio, "/sys/devices/virtio1", false);
    row(virtio, "/sys/devices/virtio-pci/virtio3/", true);
    row(virtio, "/sys/devices/virtio1x/", false);
    row(virtio, "/sys/devices/pci0000:00/0000:00:1f.2/ata1/host0", false);
}

void TestSysfsNames::sameAsRegularExpression()
{
    QFETCH(QString, pattern);
    QFETCH(QString, text);
    QFETCH(bool, expected);
    // The table's expectation is the regular expression's own answer.
    QCOMPARE(QRegularExpression(pattern).match(text).hasMatch(), expected);
    bool told = false;
    if (pattern.startsWith(QLatin1String("^[0-9a-f]")))
        told = isPciAddress(text);
    else if (pattern.contains(QLatin1String("subsys")))
        told = isNvmeNamespaceContainer(text);
    else if (pattern.startsWith(QLatin1String("^nvme")))
        told = isNvmeNamespace(text);
    else
        told = isUnderVirtioDevice(text);
    QCOMPARE(told, expected);
}

void TestSysfsNames::anonymousDeviceNumbers_data()
{
    QTest::addColumn<QString>("majorMinor");
    QTest::addColumn<bool>("anonymous");
    QTest::newRow("proc") << QStringLiteral("0:22") << true;
    QTest::newRow("tmpfs") << QStringLiteral("0:5") << true;
    QTest::newRow("sda") << QStringLiteral("8:0") << false;
    QTest::newRow("major 10") << QStringLiteral("10:0") << false;
    QTest::newRow("nvme") << QStringLiteral("259:0") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestSysfsNames::anonymousDeviceNumbers()
{
    QFETCH(QString, majorMinor);
    QFETCH(bool, anonymous);
    QCOMPARE(isAnonymousDeviceNumber(majorMinor), anonymous);
}

TRIMSCOPE_TEST_APPLESS_MAIN(TestSysfsNames)
#include "tst_sysfsnames.moc"
