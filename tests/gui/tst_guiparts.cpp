// The small GUI pieces with logic of their own: axis ticks, udisks2 parsing, confirmation, the
// drive list on drives a real kernel reported.
#include "axisticks.h"
#include "backends/driveentry.h"
#include "chart/barchart.h"
#include "common/units.h"
#include "device/deviceprobe.h"
#include "device/safetypolicy.h"
#include "listedbackend.h"
#include "testmain.h"
#include "udisksdevices.h"
#include "widgets/confirmdialog.h"
#include "widgets/drivelist.h"
#include "widgets/resultstable.h"
#include "windowfit.h"

#include <QAbstractItemModel>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QValueAxis>
#include <cmath>

using namespace trimscope;
using namespace trimscope::gui;
using namespace trimscope::report;

namespace {
// Drives as DeviceProbe reads them from a sysfs tree recorded from Debian's 6.1 kernel in QEMU
// (tests/data/sysfs/qemu-q35), the way HelperBackend and UdisksBackend make their entries.
QList<DriveEntry> recordedDrives(const QString &procRoot)
{
    const DeviceProbe probe(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/sysfs/qemu-q35"),
                            procRoot, [](const QString &) { return MediumState::Absent; });
    QList<DriveEntry> drives;
    for (const BlockDevice &device : probe.listDisks())
        drives.append(driveEntryFrom(QStringLiteral("recorded"), device));
    return drives;
}

// A backend with no drives that says what it can and cannot do here.
class CapableBackend final : public test::ListedBackend
{
public:
    CapableBackend() : ListedBackend(QStringLiteral("capable")) {}
    QString description() const override { return QStringLiteral("A test backend."); }
    BackendStatus status() const override
    {
        return {false,
                QStringLiteral("unavailable: not running"),
                {{QStringLiteral("Benchmarks"), true, QStringLiteral("asks first"), {}, {}},
                 {QStringLiteral("Health"),
                  false,
                  {},
                  QStringLiteral("too old"),
                  QStringLiteral("update it")},
                 {QStringLiteral("File systems"),
                  false,
                  {},
                  QStringLiteral("no device node, which this backend never has and never will "
                                 "have on any system it runs on"),
                  QStringLiteral("install the helper that opens device nodes itself")},
                 {QStringLiteral("Wear"),
                  false,
                  {},
                  QStringLiteral("too old"),
                  QStringLiteral("update it")}}};
    }
};
} // namespace

class TestGuiParts : public QObject
{
    Q_OBJECT
private slots:
    void byteTicks_data();
    void byteTicks();
    void secondsTicks_data();
    void secondsTicks();
    void barValueLabelsTellTicksApart_data();
    void barValueLabelsTellTicksApart();
    void udisksDisks();
    void confirmNeedsTheDeviceName();
    void driveListShowsWholeNames();
    void driveListSaysWhatEachBackendCan();
    void driveNamesNeverElided_data();
    void driveNamesNeverElided();
    void firstWindowFitsTheScreen_data();
    void firstWindowFitsTheScreen();
    void tableCountsThroughTheOneFormatter();
};

void TestGuiParts::byteTicks_data()
{
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("last");
    QTest::addColumn<int>("maxCount");
    QTest::newRow("4K-64M") << 12.0 << 26.0 << "4 KiB"
                            << "64 MiB" << 15;
    QTest::newRow("512-2G") << 9.0 << 31.0 << "512 B"
                            << "2 GiB" << 12;
    QTest::newRow("one size") << 19.0 << 21.0 << "512 KiB"
                              << "2 MiB" << 3;
}

void TestGuiParts::byteTicks()
{
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(QString, first);
    QFETCH(QString, last);
    QFETCH(int, maxCount);
    const QList<AxisTick> ticks = byteSizeTicks(lo, hi, 12);
    QVERIFY(!ticks.isEmpty());
    QCOMPARE(ticks.first().label, first);
    QVERIFY(ticks.size() <= maxCount);
    if (ticks.last().position == hi)
        QCOMPARE(ticks.last().label, last);
}

void TestGuiParts::secondsTicks_data()
{
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::addColumn<int>("maxTicks");
    QTest::addColumn<QStringList>("labels");
    QTest::newRow("six decades") << -6.0 << 0.0 << 12
                                 << QStringList{"1 µs",  "10 µs",  "100 µs", "1 ms",
                                                "10 ms", "100 ms", "1 s"};
    QTest::newRow("two decades: 1-2-5")
        << -3.0 << -1.0 << 12
        << QStringList{"1 ms", "2 ms", "5 ms", "10 ms", "20 ms", "50 ms", "100 ms"};
    // A short chart (Compare at 800×538): labels squeezed closer than their height are elided
    // to "…" by QtCharts.
    QTest::newRow("six decades, room for 4")
        << -6.0 << 0.0 << 4 << QStringList{"1 µs", "100 µs", "10 ms", "1 s"};
    QTest::newRow("two decades, room for 4")
        << -3.0 << -1.0 << 4 << QStringList{"1 ms", "10 ms", "100 ms"};
    QTest::newRow("four decades, room for 3")
        << -4.0 << 0.0 << 3 << QStringList{"100 µs", "10 ms", "1 s"};
}

void TestGuiParts::secondsTicks()
{
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(int, maxTicks);
    QFETCH(QStringList, labels);
    QStringList got;
    for (const AxisTick &tick : trimscope::report::secondsTicks(lo, hi, maxTicks))
        got.append(tick.label);
    QCOMPARE(got, labels);
}

// Every tick of a bar chart's value axis reads as its own value: the fstrim pieces' chart (17.5
// and 5.3 ms) labelled its ticks 0.00, 0.01, 0.01, 0.02 when the decimals came from the top value.
void TestGuiParts::barValueLabelsTellTicksApart_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::newRow("fstrim pieces, 17.5 and 5.3 ms") << QList<double>{0.0175, 0.0053};
    QTest::newRow("under a millisecond") << QList<double>{0.0009, 0.0002};
    QTest::newRow("tenths") << QList<double>{0.21, 0.07};
    QTest::newRow("seconds") << QList<double>{3.3, 1.2};
    QTest::newRow("tens") << QList<double>{47.0, 12.0};
    QTest::newRow("thousands") << QList<double>{1234.0, 800.0};
}

void TestGuiParts::barValueLabelsTellTicksApart()
{
    QFETCH(QList<double>, values);
    BarChart chart;
    BarChartData data;
    data.categories = {QStringLiteral("1"), QStringLiteral("2")};
    data.sets = {{QStringLiteral("time"), values}};
    data.valueTitle = QStringLiteral("Time (s)");
    chart.setData(data);
    auto *view = chart.findChild<QChartView *>();
    QVERIFY(view && view->chart());
    const QList<QAbstractAxis *> axes = view->chart()->axes(Qt::Vertical);
    QCOMPARE(axes.size(), 1);
    const auto *axis = qobject_cast<const QValueAxis *>(axes.first());
    QVERIFY(axis);
    const double step = (axis->max() - axis->min()) / (axis->tickCount() - 1);
    QStringList labels;
    for (int i = 0; i < axis->tickCount(); ++i) {
        const double tick = axis->min() + i * step;
        const QString label = QString::asprintf(qPrintable(axis->labelFormat()), tick);
        QVERIFY2(std::abs(label.toDouble() - tick) < step * 1e-3,
                 qPrintable(label + QStringLiteral(" for ") + QString::number(tick)));
        labels.append(label);
    }
    QCOMPARE(QSet<QString>(labels.cbegin(), labels.cend()).size(), labels.size());
    QVERIFY(!axis->labelFormat().contains(QLatin1Char('e')));
}

void TestGuiParts::udisksDisks()
{
    const QString block = QStringLiteral("org.freedesktop.UDisks2.Block");
    UdisksObjects objects;
    const QDBusObjectPath drive(QStringLiteral("/org/freedesktop/UDisks2/drives/Samsung_1"));
    objects[drive][QStringLiteral("org.freedesktop.UDisks2.Drive")] = {
        {QStringLiteral("Model"), QStringLiteral("SSD 860")},
        {QStringLiteral("Serial"), QStringLiteral("S3Z")},
        {QStringLiteral("ConnectionBus"), QString()}};
    const QDBusObjectPath sda(QStringLiteral("/org/freedesktop/UDisks2/block_devices/sda"));
    objects[sda][block] = {{QStringLiteral("Device"), QByteArray("/dev/sda\0", 9)},
                           {QStringLiteral("Size"), quint64(500107862016)},
                           {QStringLiteral("Drive"), QVariant::fromValue(drive)}};
    const QDBusObjectPath sda1(QStringLiteral("/org/freedesktop/UDisks2/block_devices/sda1"));
    objects[sda1][block] = {{QStringLiteral("Device"), QByteArray("/dev/sda1\0", 10)},
                            {QStringLiteral("Size"), quint64(1000)}};
    objects[sda1][QStringLiteral("org.freedesktop.UDisks2.Partition")] = {};
    const QDBusObjectPath loop(QStringLiteral("/org/freedesktop/UDisks2/block_devices/loop0"));
    objects[loop][block] = {{QStringLiteral("Device"), QByteArray("/dev/loop0\0", 11)},
                            {QStringLiteral("Size"), quint64(0)}};
    const QDBusObjectPath ignored(QStringLiteral("/org/freedesktop/UDisks2/block_devices/sr0"));
    objects[ignored][block] = {{QStringLiteral("Device"), QByteArray("/dev/sr0\0", 9)},
                               {QStringLiteral("Size"), quint64(4096)},
                               {QStringLiteral("HintIgnore"), true}};

    // sda1 is mounted (as udisks sees it on the host); sda2 is active swap.
    objects[sda1][block][QStringLiteral("DeviceNumber")] = quint64(0x801);
    objects[sda1][QStringLiteral("org.freedesktop.UDisks2.Partition")] = {
        {QStringLiteral("Table"), QVariant::fromValue(sda)}};
    objects[sda1][QStringLiteral("org.freedesktop.UDisks2.Filesystem")] = {
        {QStringLiteral("MountPoints"), QVariantList{QByteArray("/\0", 2)}}};
    const QDBusObjectPath sda2(QStringLiteral("/org/freedesktop/UDisks2/block_devices/sda2"));
    objects[sda2][block] = {{QStringLiteral("Device"), QByteArray("/dev/sda2\0", 10)},
                            {QStringLiteral("Size"), quint64(1000)}};
    objects[sda2][QStringLiteral("org.freedesktop.UDisks2.Partition")] = {
        {QStringLiteral("Table"), QVariant::fromValue(sda)}};
    objects[sda2][QStringLiteral("org.freedesktop.UDisks2.Swapspace")] = {
        {QStringLiteral("Active"), true}};
    objects[sda][block][QStringLiteral("DeviceNumber")] = quint64(0x800);
    objects[sda][block][QStringLiteral("HintSystem")] = true;

    const QList<UdisksDisk> disks = udisksDisksFrom(objects);
    QCOMPARE(disks.size(), 1); // partitions, the empty loop and the ignored one are left out
    const UdisksDisk &disk = disks.first();
    QCOMPARE(disk.device, QStringLiteral("/dev/sda"));
    QCOMPARE(disk.size, quint64(500107862016));
    QCOMPARE(disk.model, QStringLiteral("SSD 860"));
    QCOMPARE(disk.serial, QStringLiteral("S3Z"));
    QCOMPARE(disk.major, 8u);
    QCOMPARE(disk.minor, 0u);
    QVERIFY(disk.hintSystem);
    QCOMPARE(disk.mounts.size(), 1);
    QCOMPARE(disk.mounts.first().deviceName, QStringLiteral("sda1"));
    QCOMPARE(disk.mounts.first().mountPoint, QStringLiteral("/"));
    QCOMPARE(disk.swaps, QStringList{QStringLiteral("/dev/sda2")});

    // What udisks sees on the host counts whatever this process sees (a sandbox sees nothing):
    // the disk holds / and is refused by the policy's own reason.
    const DeviceProbe nothing(QStringLiteral("/nonexistent"), QStringLiteral("/nonexistent"));
    QString why;
    const BlockDevice device = blockDeviceOf(disk, nothing, &why);
    QVERIFY(!why.isEmpty());
    QVERIFY(device.holdsRoot);
    const SafetyVerdict verdict = evaluateSafety(device);
    QVERIFY(!verdict.allowed());
    QCOMPARE(verdict.refusals.first().reason, RefusalReason::HoldsRoot);
    QStringList reasons;
    for (const Refusal &refusal : verdict.refusals)
        reasons.append(refusalReasonName(refusal.reason));
    QVERIFY2(reasons.contains(QStringLiteral("partition-mounted")) &&
                 reasons.contains(QStringLiteral("swap")),
             qPrintable(reasons.join(QLatin1Char(' '))));
}

void TestGuiParts::confirmNeedsTheDeviceName()
{
    DriveInfo drive;
    drive.name = QStringLiteral("sdb");
    drive.path = QStringLiteral("/dev/sdb");
    drive.vendor = QStringLiteral("ATA");
    drive.model = QStringLiteral("Spare SSD");
    drive.serial = QStringLiteral("XYZ123");
    drive.sizeBytes = quint64(128) << 30;
    ConfirmDialog dialog(drive);
    QVERIFY(!dialog.runButton()->isEnabled());
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("sda"));
    QVERIFY(!dialog.runButton()->isEnabled());
    dialog.nameEdit()->clear();
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("sdb"));
    QVERIFY(dialog.runButton()->isEnabled());
    const QString text = dialog.findChild<QLabel *>()->text();
    QVERIFY(text.contains(QLatin1String("Spare SSD")));
    QVERIFY(text.contains(QLatin1String("XYZ123")));
    QVERIFY(text.contains(QLatin1String("128 GiB")));
    QVERIFY(text.contains(QLatin1String("destroys all data")));
}

void TestGuiParts::driveListShowsWholeNames()
{
    QTemporaryDir proc; // nothing mounted, no swap
    QDir(proc.path()).mkpath(QStringLiteral("self"));
    for (const char *file : {"self/mountinfo", "swaps"}) {
        QFile f(proc.filePath(QLatin1String(file)));
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    test::ListedBackend backend(QStringLiteral("recorded"), recordedDrives(proc.path()),
                                QStringLiteral("recorded"));
    DriveList list({&backend});
    const QAbstractItemModel *model = list.view()->model();
    const QModelIndex group = model->index(0, 0);
    QHash<QString, QString> sizeByName;
    for (int row = 0; row < model->rowCount(group); ++row)
        // The name is the cell's first line; below it what hidden columns say (issue 47, 18).
        sizeByName.insert(model->index(row, 0, group).data().toString().section(u'\n', 0, 0),
                          model->index(row, 1, group).data().toString());
    // libata's INQUIRY says "Samsung SSD 870"; the drive's IDENTIFY data say it all.
    QVERIFY2(sizeByName.contains(QStringLiteral("Samsung SSD 870 EVO 1TB (sda)")),
             qPrintable(sizeByName.keys().join(QStringLiteral(", "))));
    QCOMPARE(sizeByName.value(QStringLiteral("Samsung SSD 870 EVO 1TB (sda)")),
             QStringLiteral("256 MiB"));
    // The empty DVD drive: no medium, not sr's placeholder of almost 1 GiB.
    QCOMPARE(sizeByName.value(QStringLiteral("QEMU QEMU DVD-ROM (sr0)")),
             QStringLiteral("no medium"));
}

void TestGuiParts::driveListSaysWhatEachBackendCan()
{
    CapableBackend backend;
    DriveList list({&backend});
    const QAbstractItemModel *model = list.view()->model();
    const QModelIndex group = model->index(0, 0);
    QStringList rows;
    for (int row = 0; row < model->rowCount(group); ++row) {
        const QModelIndex index = model->index(row, 0, group);
        QVERIFY(!(model->flags(index) & Qt::ItemIsSelectable));
        QVERIFY(list.view()->isFirstColumnSpanned(row, group));
        rows.append(index.data().toString());
    }
    // One line for the group (issue 47, item 15: the reasons wrapped in full ran to 6-8 italic
    // lines a group): whether it runs, what it can, what it cannot.
    QCOMPARE(rows, (QStringList{QStringLiteral(
                       "unavailable: not running · Can: Benchmarks · Cannot: Health; File systems; "
                       "Wear (point here for why and what helps)")}));
    // The why and the remedy of each, on hover: what shares a reason and remedy said together.
    const QString toolTip = model->index(0, 0, group).data(Qt::ToolTipRole).toString();
    for (const char *said :
         {"A test backend.", "Can: Benchmarks (asks first)",
          "Cannot: Health; Wear — too old. Remedy: update it.",
          "Cannot: File systems — no device node, which this backend never has and never will "
          "have on any system it runs on. Remedy: install the helper that opens device nodes "
          "itself."})
        QVERIFY2(toolTip.contains(QString::fromUtf8(said)), qPrintable(toolTip));
    QCOMPARE(group.data(Qt::ToolTipRole).toString(), toolTip);

    // One line high at every width, inside the list: no row changes its height with the width
    // the list had when it was laid out (the rows changed height between launches).
    const QTreeView *view = list.view();
    const int lineHeight = view->fontMetrics().height();
    for (const int width : {260, 440, 900}) {
        list.resize(width, 400);
        list.show();
        QVERIFY(QTest::qWaitForWindowExposed(&list));
        QCoreApplication::processEvents();
        const QRect info = view->visualRect(model->index(0, 0, group));
        QVERIFY2(info.height() < 2 * lineHeight,
                 qPrintable(QStringLiteral("%1 px wide: %2 px for %3 px lines")
                                .arg(width)
                                .arg(info.height())
                                .arg(lineHeight)));
    }
}

void TestGuiParts::driveNamesNeverElided_data()
{
    QTest::addColumn<QString>("usage");
    QTest::addColumn<int>("width");
    QTest::newRow("short use, narrow list") << "no" << 440;
    QTest::newRow("long use, the default width")
        << "loop2p1 mounted at /media/someone/a rather long volume label; swap on loop2p2" << 440;
    QTest::newRow("long use, very narrow list")
        << "loop2p1 mounted at /media/someone/a rather long volume label" << 260;
}

// Issue 15, item 2: a long "In use" text collapsed the names to "…"; two drives that differ
// only at the end of their names could not be told apart.
void TestGuiParts::driveNamesNeverElided()
{
    QFETCH(QString, usage);
    QFETCH(int, width);
    QList<DriveEntry> drives;
    for (const char *name : {"sda", "sdb"}) {
        DriveEntry entry;
        entry.id = QStringLiteral("listed:/dev/") + QLatin1String(name);
        entry.backendId = QStringLiteral("listed");
        entry.info.name = QLatin1String(name);
        entry.info.path = QStringLiteral("/dev/") + QLatin1String(name);
        entry.info.model = QStringLiteral("Samsung SSD 870 EVO 1TB");
        entry.info.sizeBytes = quint64(1000204886016);
        entry.supportsDiscard = true;
        entry.usage = usage;
        drives.append(entry);
    }
    test::ListedBackend backend(QStringLiteral("listed"), drives);
    DriveList list({&backend});
    list.resize(width, 300);
    list.show();
    QVERIFY(QTest::qWaitForWindowExposed(&list));
    QTreeView *view = list.view();
    const QModelIndex group = view->model()->index(0, 0);
    for (int row = 0; row < view->model()->rowCount(group); ++row) {
        const QModelIndex name = view->model()->index(row, 0, group);
        const QString text = name.data().toString();
        // Whole: inside the list, wrapped in its column with every line in its row (issue 28,
        // item 8: before, a narrow list pushed it past its edge).
        const QRect rect = view->visualRect(name);
        QVERIFY2(rect.left() >= 0 && rect.right() <= view->viewport()->width(),
                 qPrintable(QStringLiteral("%1 reaches past the list's edge").arg(text)));
        const int needed =
            view->fontMetrics()
                .boundingRect(QRect(0, 0, rect.width() - 8, 1 << 16), Qt::TextWordWrap, text)
                .height();
        QVERIFY2(
            needed <= rect.height(),
            qPrintable(
                QStringLiteral("%1 needs %2 px, has %3").arg(text).arg(needed).arg(rect.height())));
        // The whole use is in the tooltip of its cell.
        QCOMPARE(view->model()->index(row, 4, group).data(Qt::ToolTipRole).toString(), usage);
    }
}

void TestGuiParts::firstWindowFitsTheScreen_data()
{
    // The screens' available areas in device-independent pixels, a panel taken off.
    QTest::addColumn<QSize>("available");
    QTest::addColumn<QSize>("window");
    QTest::newRow("1920x1080") << QSize(1920, 1040) << QSize(1280, 800);
    QTest::newRow("1366x768 laptop") << QSize(1366, 740) << QSize(1229, 666);
    QTest::newRow("1024x768") << QSize(1024, 740) << QSize(921, 666);
    QTest::newRow("2560x1600 at scale 2") << QSize(1280, 770) << QSize(1152, 693);
    QTest::newRow("no screen known") << QSize() << QSize(1280, 800);
}

// The first window leaves the export buttons and the legend on screen (issue 28, item 8: it
// opened at 1280x800 whatever the screen).
void TestGuiParts::firstWindowFitsTheScreen()
{
    QFETCH(QSize, available);
    QFETCH(QSize, window);
    QCOMPARE(gui::firstWindowSize(available), window);
}

// Issue 47 item 16: "9000" in one table beside "7,967" on the card; every count goes through
// core/common/units' formatCount.
void TestGuiParts::tableCountsThroughTheOneFormatter()
{
    setNumberLocale(QLocale(QLocale::English, QLocale::UnitedStates)); // as main() sets it
    ResultsTable table;
    SizePoint point;
    point.bytes = 4096;
    point.stats.count = 9000;
    point.stats.median = point.stats.p5 = point.stats.p95 = point.stats.min = point.stats.max =
        1e-3;
    table.setPoint(point);
    QCOMPARE(table.rowCount(), 1);
    QCOMPARE(table.item(0, 1)->text(), formatCount(9000));
    QCOMPARE(formatCount(9000), QStringLiteral("9,000"));
    setNumberLocale(QLocale::c());
}

TRIMSCOPE_TEST_MAIN(TestGuiParts)
#include "tst_guiparts.moc"
