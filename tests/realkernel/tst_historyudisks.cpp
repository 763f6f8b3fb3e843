// The history's collector without a password, against the distribution's real udisksd: Debian's
// kernel boots in a QEMU guest (pc machine, PIIX IDE) with two ATA drives named as two recorded
// drives (a Maxtor 96147H8 and a Samsung HD501LJ, whose SMART data libatasmart ships as blobs);
// udisksd runs there on a private system bus, told of the drives by udev, and reads each drive's
// SMART data from the blob of the day (smartblobpreload.c: udisks 2.9's own simulation, the
// atasmart_blob option of Drive.Ata.SmartUpdate, reads the device anyway). Then
// trimscope-history-record (the collector that the timer, the login entry and the app run) runs
// as nobody, as a user without the helper would (no raw drive access, no polkit), on two days of
// the guest's clock: the first with the Maxtor's first saved reading, the second with its later
// one, where its own SMART status says failing.
//
// Checked on the host: each stored day's figures equal our parse of that day's blob (and
// skdump's recorded reading of it for the counted sectors and temperature), one row per drive
// per day though the second day was recorded twice, and each alert delivered once: the Samsung's
// temperature over the 45 °C given on day 1, the Maxtor's failing SMART status on day 2, nothing
// on the second run of day 2. The guest writes only the image files this test created.
#include "guestqemu.h"
#include "health/atasmart.h"
#include "health/drivedb.h"
#include "health/drivehealth.h"
#include "history/historyday.h"
#include "history/historystore.h"
#include "privileged.h"
#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace trimscope;
using namespace trimscope::history;
using trimscope::test::guestQemuArguments;

namespace {
const QString kSource = QStringLiteral(TRIMSCOPE_SOURCE_DIR);
const QString kCollector = QStringLiteral(TRIMSCOPE_BINARY_DIR "/app/cli/trimscope-history-record");
const QString kBlobs = kSource + QStringLiteral("/tests/data/ata-smart-blobs");
// Preloaded into the guest's udisksd: it reads the drives' SMART data from the blobs.
const QString kPreload =
    QStringLiteral(TRIMSCOPE_BINARY_DIR "/tests/realkernel/libsmartblobpreload.so");
const QString kMaxtorSerial = QStringLiteral("N80BR8EC");
const QString kSamsungSerial = QStringLiteral("S0MUJ1NQ110060");
const QDate kDay1(2030, 1, 14);
const QDate kDay2(2030, 1, 15);
constexpr qint64 kDiskBytes = qint64(64) << 20;
constexpr int kBootTimeoutMs = 240000;

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// What the collector should have stored for a drive showing `blob`: our own parse of the bytes,
// made into a day exactly as the collector makes one from any health reading.
HistoryDay dayOfBlob(const QString &blob, QDate day)
{
    auto ata = health::loadAtaSmartBlob(readFile(kBlobs + QLatin1Char('/') + blob),
                                        health::systemDriveDatabase());
    if (!ata)
        qFatal("cannot parse %s: %s", qPrintable(blob), qPrintable(ata.error().message));
    return dayFromHealth(health::summarizeAta(std::move(ata).value(), {}), day);
}

// skdump's reading of the blob (tests/data/ata-smart-blobs/*.skdump): the raw value of an
// attribute row by its id, from the table's pretty column ("69 sectors", "47.0 C").
double skdumpPretty(const QString &blob, int id)
{
    const QString text =
        QString::fromUtf8(readFile(kBlobs + QLatin1Char('/') + blob + QStringLiteral(".skdump")));
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QStringList t = line.simplified().split(QLatin1Char(' '));
        if (t.size() > 6 && t[0] == QString::number(id))
            return t[5].toDouble();
    }
    return -1;
}
} // namespace

class tst_HistoryUdisks : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<HistoryStore> m_store;
    QString path(const QString &name) const { return m_dir->filePath(name); }
    QString describe(const QString &step) const;
    QList<HistoryDay> daysOf(const QString &serial) const;

private slots:
    void initTestCase();
    void collectorRanAsUserThroughUdisks_data();
    void collectorRanAsUserThroughUdisks();
    void storedDayIsTheBlobs_data();
    void storedDayIsTheBlobs();
    void oneRowPerDriveAndDay();
    void eachAlertOnce();
};

QString tst_HistoryUdisks::describe(const QString &step) const
{
    return QStringLiteral("%1: rc %2\nstdout: %3\nstderr: %4\nguest log: %5")
        .arg(step, QString::fromUtf8(readFile(path(step + QStringLiteral(".rc")))).trimmed(),
             QString::fromUtf8(readFile(path(step + QStringLiteral(".out"))).left(2000)),
             QString::fromUtf8(readFile(path(step + QStringLiteral(".err"))).left(2000)),
             QString::fromUtf8(readFile(path(QStringLiteral("guest.log"))).left(2000)));
}

void tst_HistoryUdisks::initTestCase()
{
    if (QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(
            QStringLiteral("qemu-system-x86_64 is not installed (Debian package qemu-system-x86)"));
    if (!QFile::exists(QStringLiteral("/usr/libexec/udisks2/udisksd")))
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("udisksd is not installed (Debian package udisks2)"));
    QVERIFY2(QFile::exists(kCollector), "trimscope-history-record is not built");
    QVERIFY2(QFile::exists(kPreload), "smartblobpreload is not built");

    // The kernel tst_realkernel boots, from the same cache (flock: they may prepare it at once).
    QProcess prepare;
    const QString cache = qEnvironmentVariable(
        "TRIMSCOPE_GUEST_CACHE", QStringLiteral(TRIMSCOPE_BINARY_DIR "/realkernel-cache"));
    prepare.start(QStringLiteral("flock"),
                  {cache + QStringLiteral(".lock"),
                   kSource + QStringLiteral("/tests/realkernel/prepare-guest.sh"), cache});
    QVERIFY(prepare.waitForFinished(600000));
    const QString err = QString::fromUtf8(prepare.readAllStandardError()).trimmed();
    if (prepare.exitCode() == 77)
        TRIMSCOPE_SKIP_OR_FAIL(err.split('\n').last());
    QVERIFY2(prepare.exitCode() == 0, qPrintable(err));
    QMap<QString, QString> kernel;
    for (const QString &line : QString::fromUtf8(prepare.readAllStandardOutput()).split('\n'))
        kernel.insert(line.section(QLatin1Char('='), 0, 0), line.section(QLatin1Char('='), 1));

    m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                            QStringLiteral("/trimscope-historyudisks-XXXXXX"));
    QVERIFY(m_dir->isValid());
    for (const char *image : {"maxtor", "samsung"}) {
        QFile f(path(QLatin1String(image) + QStringLiteral(".img")));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(kDiskBytes)); // sparse
    }
    QFile script(path(QStringLiteral("guest.sh")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    const QString realkernel = kSource + QStringLiteral("/tests/realkernel/");
    script.write(QStringLiteral("export OUT='%1' COLLECTOR='%2' MODULES_ROOT='%3' BLOBS='%4' "
                                "PRELOAD='%6'\n. '%5guest-lib.sh'\n. '%5guest-history.sh'\n")
                     .arg(m_dir->path(), kCollector, kernel.value(QStringLiteral("MODULES_ROOT")),
                          kBlobs, realkernel, kPreload)
                     .toUtf8());
    script.close();

    // The two drives as the recorded ones identify themselves; TRIM as QEMU offers it, so that
    // the collector reads them (a rotating disk without TRIM is left asleep).
    const auto drive = [&](const QString &id, int bus, const QString &model, const QString &serial,
                           const QString &firmware) {
        return QStringList{QStringLiteral("-drive"),
                           QStringLiteral("if=none,id=%1,file=%2,format=raw,discard=unmap")
                               .arg(id, path(id + QStringLiteral(".img"))),
                           QStringLiteral("-device"),
                           QStringLiteral("ide-hd,drive=%1,bus=ide.%2,model=%3,serial=%4,ver=%5")
                               .arg(id)
                               .arg(bus)
                               .arg(model, serial, firmware)};
    };
    QStringList args =
        guestQemuArguments(QStringLiteral("pc"), 768, kernel.value(QStringLiteral("KERNEL")),
                           kernel.value(QStringLiteral("INITRAMFS")), m_dir->path());
    args << drive(QStringLiteral("maxtor"), 0, QStringLiteral("Maxtor 96147H8"), kMaxtorSerial,
                  QStringLiteral("BAC51KJ0"))
         << drive(QStringLiteral("samsung"), 1, QStringLiteral("SAMSUNG HD501LJ"), kSamsungSerial,
                  QStringLiteral("CR100-12"));

    QProcess qemu;
    qemu.setProcessChannelMode(QProcess::MergedChannels);
    qemu.setStandardOutputFile(path(QStringLiteral("console.log")));
    QElapsedTimer clock;
    clock.start();
    qemu.start(QStringLiteral("qemu-system-x86_64"), args);
    QVERIFY2(qemu.waitForStarted(), qPrintable(qemu.errorString()));
    if (!qemu.waitForFinished(kBootTimeoutMs)) {
        qemu.kill(); // ours: started above
        qemu.waitForFinished();
    }
    qInfo("guest: %.1f s; its steps:\n%s", double(clock.elapsed()) / 1000,
          readFile(path(QStringLiteral("steps.time"))).constData());
    if (qemu.exitCode() != 0 && !QFile::exists(path(QStringLiteral("guest.log"))))
        TRIMSCOPE_SKIP_OR_FAIL(
            QStringLiteral("QEMU cannot run here: %1")
                .arg(QString::fromUtf8(readFile(path(QStringLiteral("console.log"))))
                         .trimmed()
                         .section(QLatin1Char('\n'), 0, 0)));
    QVERIFY2(QFile::exists(path(QStringLiteral("guest.rc"))),
             qPrintable(QStringLiteral("the guest did not finish its script; console:\n%1\n%2")
                            .arg(QString::fromUtf8(
                                     readFile(path(QStringLiteral("console.log"))).right(3000)),
                                 QString::fromUtf8(readFile(path(QStringLiteral("guest.log")))))));

    // A copy: opening may write (WAL), and the guest's own file stays as it left it.
    QVERIFY(
        QFile::copy(path(QStringLiteral("history.sqlite")), path(QStringLiteral("read.sqlite"))));
    auto store = HistoryStore::open(path(QStringLiteral("read.sqlite")));
    QVERIFY2(store.hasValue(), qPrintable(store.hasValue() ? QString() : store.error().message));
    m_store = std::move(store).value();
    QVERIFY(m_store->movedAsideReason().isEmpty());
}

QList<HistoryDay> tst_HistoryUdisks::daysOf(const QString &serial) const
{
    const auto drive = m_store->findDrive(serial);
    return drive ? m_store->days(drive->id) : QList<HistoryDay>();
}

void tst_HistoryUdisks::collectorRanAsUserThroughUdisks_data()
{
    QTest::addColumn<QString>("step");
    for (const char *step : {"blob-day1-maxtor", "blob-day1-samsung", "blob-day2-maxtor",
                             "record-day1", "record-day2", "record-day2-again"})
        QTest::newRow(step) << QString::fromLatin1(step);
}

void tst_HistoryUdisks::collectorRanAsUserThroughUdisks()
{
    QFETCH(QString, step);
    QVERIFY2(readFile(path(step + QStringLiteral(".rc"))).trimmed() == "0",
             qPrintable(describe(step)));
    if (!step.startsWith(QLatin1String("record")))
        return;
    // Both drives read (through udisksd: nobody may not open them) and recorded.
    const QString err = QString::fromUtf8(readFile(path(step + QStringLiteral(".err"))));
    QVERIFY2(!err.contains(QLatin1String("health not read")), qPrintable(describe(step)));
    QVERIFY2(readFile(path(step + QStringLiteral(".out"))).contains("Recorded 2 of 2 drives"),
             qPrintable(describe(step)));
}

void tst_HistoryUdisks::storedDayIsTheBlobs_data()
{
    QTest::addColumn<QString>("serial");
    QTest::addColumn<QDate>("day");
    QTest::addColumn<QString>("blob");
    QTest::addColumn<bool>("failing");
    QTest::newRow("Maxtor, day 1")
        << kMaxtorSerial << kDay1 << QStringLiteral("Maxtor_96147H8--BAC51KJ0") << false;
    QTest::newRow("Maxtor, day 2: failing")
        << kMaxtorSerial << kDay2 << QStringLiteral("Maxtor_96147H8--BAC51KJ0--2") << true;
    QTest::newRow("Samsung, day 1")
        << kSamsungSerial << kDay1 << QStringLiteral("SAMSUNG_HD501LJ--CR100-12") << false;
    QTest::newRow("Samsung, day 2")
        << kSamsungSerial << kDay2 << QStringLiteral("SAMSUNG_HD501LJ--CR100-12") << false;
}

void tst_HistoryUdisks::storedDayIsTheBlobs()
{
    QFETCH(QString, serial);
    QFETCH(QDate, day);
    QFETCH(QString, blob);
    QFETCH(bool, failing);
    const QList<HistoryDay> days = daysOf(serial);
    const auto stored =
        std::find_if(days.cbegin(), days.cend(), [&](const HistoryDay &d) { return d.day == day; });
    QVERIFY2(stored != days.cend(), qPrintable(day.toString(Qt::ISODate)));
    const HistoryDay expected = dayOfBlob(blob, day);
    // Every figure a health reading gives; the discards served come from /sys, not the blob.
    for (const Metric m :
         {Metric::PowerOnHours, Metric::HostWritesBytes, Metric::HostReadsBytes,
          Metric::PercentUsed, Metric::TemperatureMinCelsius, Metric::TemperatureMaxCelsius,
          Metric::MediaErrors, Metric::CrcErrors, Metric::ReallocatedSectors,
          Metric::PendingSectors, Metric::SmartFailing}) {
        const auto got = stored->value(m);
        const auto want = expected.value(m);
        QVERIFY2(got == want,
                 qPrintable(QStringLiteral("%1: stored %2, the blob %3")
                                .arg(QLatin1String(metricInfo(m).column),
                                     got ? QString::number(*got) : QStringLiteral("none"),
                                     want ? QString::number(*want) : QStringLiteral("none"))));
    }
    // And against skdump's reading of the same blob, so that the comparison above is not our
    // parser agreeing with itself.
    QCOMPARE(stored->value(Metric::ReallocatedSectors), skdumpPretty(blob, 5));
    QCOMPARE(stored->value(Metric::PendingSectors), skdumpPretty(blob, 197));
    QCOMPARE(stored->value(Metric::SmartFailing), failing ? 1.0 : 0.0);
    if (const double celsius = skdumpPretty(blob, 194); celsius >= 0)
        QCOMPARE(stored->value(Metric::TemperatureMaxCelsius), celsius);
    else
        QVERIFY(!stored->value(Metric::TemperatureMaxCelsius));
    QVERIFY(stored->value(Metric::PowerOnHours).value_or(0) > 0);
}

void tst_HistoryUdisks::oneRowPerDriveAndDay()
{
    for (const QString &serial : {kMaxtorSerial, kSamsungSerial}) {
        QList<QDate> recorded;
        for (const HistoryDay &d : daysOf(serial))
            recorded.append(d.day);
        QCOMPARE(recorded, (QList<QDate>{kDay1, kDay2}));
    }
    QCOMPARE(m_store->drives().size(), 2);
}

void tst_HistoryUdisks::eachAlertOnce()
{
    // alert.sh's lines: RULE|STATE|DRIVE-KEY|DRIVE-NAME|SUMMARY|BODY|, in the order delivered.
    QStringList alerts;
    for (const QString &line : QString::fromUtf8(readFile(path(QStringLiteral("alerts.log"))))
                                   .split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList f = line.split(QLatin1Char('|'));
        const QString key = f.value(2); // "wwn:…" or "serial:…", both with the serial in it
        const QString drive = key.contains(kMaxtorSerial)    ? QStringLiteral("Maxtor")
                              : key.contains(kSamsungSerial) ? QStringLiteral("Samsung")
                                                             : key;
        alerts.append(f.value(0) + QLatin1Char(' ') + drive);
    }
    QCOMPARE(alerts, (QStringList{QStringLiteral("temperature_high Samsung"),
                                  QStringLiteral("smart_failing Maxtor")}));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_HistoryUdisks)
#include "tst_historyudisks.moc"
