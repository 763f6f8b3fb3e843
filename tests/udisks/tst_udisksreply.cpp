// Health read through udisks2 over a real bus connection, from udisks' replies: the marshalled
// a(ysqiiixia{sv}) of Drive.Ata.SmartGetAttributes and the Drive / Drive.Ata properties
// (tests/data/udisks: recorded from udisksd 2.9.4 on QEMU's SATA SSD, and built from a real
// Intel 320's blob) served by a stand-in for udisksd (fake-udisks.py) on a private bus.
// UdisksHealthReader must read the same figures as we read from the drive ourselves, and refuse
// a reply of another shape or a refused SmartUpdate in words. Unprivileged: needs dbus-daemon
// and Debian's python3-gi. (tst_realkernel reads the QEMU drive through a live udisksd.)
#include "health/drivehealth.h"
#include "privileged.h"
#include "testmain.h"
#include "udiskshealth.h"

#include <QDBusConnection>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using namespace trimscope::health;

namespace {

const QString kDataDir = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/udisks");
const QString kFake = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/udisks/fake-udisks.py");
const QString kBlob = QStringLiteral(TRIMSCOPE_SOURCE_DIR
                                     "/tests/data/ata-smart-blobs/INTEL_SSDSA2CW120G3--4PC10302");
// Debian's python3 has the gi bindings; another python3 first on PATH may not.
const QString kPython = QStringLiteral("/usr/bin/python3");

} // namespace

class tst_UdisksReply : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void readsTheRecordedDrive_data();
    void readsTheRecordedDrive();
    void refusesInWords_data();
    void refusesInWords();
    void noSystemBusAnswersAtOnce();

private:
    QTemporaryDir m_dir;
    QProcess m_busDaemon;
    QProcess m_fake;
    QString m_address;
};

void tst_UdisksReply::initTestCase()
{
    const QString busDaemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
    if (busDaemon.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("no dbus-daemon"));
    QProcess probe;
    probe.start(kPython, {QStringLiteral("-c"), QStringLiteral("from gi.repository import Gio")});
    if (!probe.waitForFinished(20000) || probe.exitCode() != 0)
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("no python3-gi in /usr/bin/python3"));
    QVERIFY(m_dir.isValid());

    m_address = QStringLiteral("unix:path=") + m_dir.filePath(QStringLiteral("bus"));
    m_busDaemon.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_busDaemon.start(busDaemon, {QStringLiteral("--session"), QStringLiteral("--nofork"),
                                  QStringLiteral("--address=") + m_address,
                                  QStringLiteral("--print-address")});
    QVERIFY(m_busDaemon.waitForReadyRead(10000));

    m_fake.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_fake.start(kPython, {kFake, m_address, kDataDir});
    QVERIFY(m_fake.waitForStarted());
    while (!m_fake.canReadLine())
        QVERIFY2(m_fake.waitForReadyRead(20000), "fake-udisks.py did not get ready");
    QCOMPARE(m_fake.readLine().trimmed(), QByteArrayLiteral("ready"));
}

void tst_UdisksReply::cleanupTestCase()
{
    QDBusConnection::disconnectFromBus(QStringLiteral("fake-udisks"));
    for (QProcess *process : {&m_fake, &m_busDaemon}) {
        if (process->state() == QProcess::NotRunning)
            continue;
        process->closeWriteChannel(); // the fake ends when its stdin closes
        if (!process->waitForFinished(3000)) {
            process->terminate();
            if (!process->waitForFinished(3000))
                process->kill();
            process->waitForFinished(3000);
        }
    }
}

void tst_UdisksReply::readsTheRecordedDrive_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("reference"); // our own read of the same drive
    QTest::addColumn<int>("rawKnown");      // attributes whose raw field udisks passes on
    QTest::newRow("Intel 320 (built from its blob)") << QStringLiteral("/dev/sda") << kBlob << 5;
    QTest::newRow("QEMU's SATA SSD (recorded from udisksd 2.9.4)")
        << QStringLiteral("/dev/sdd") << kDataDir + QStringLiteral("/qemu-870evo.health.json") << 3;
}

void tst_UdisksReply::readsTheRecordedDrive()
{
    QFETCH(QString, device);
    QFETCH(QString, reference);
    QFETCH(int, rawKnown);
    QFile file(reference);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject ours;
    if (reference.endsWith(QLatin1String(".json"))) {
        ours = QJsonDocument::fromJson(file.readAll()).object();
    } else {
        const Expected<AtaHealth> blob = loadAtaSmartBlob(file.readAll());
        QVERIFY2(blob.hasValue(), qPrintable(blob.error().message));
        ours = summarizeAta(*blob, {}).toJson();
    }
    QVERIFY(!ours.isEmpty());

    const QDBusConnection bus =
        QDBusConnection::connectToBus(m_address, QStringLiteral("fake-udisks"));
    QVERIFY(bus.isConnected());
    const Expected<DriveHealth> read = UdisksHealthReader::readNow(device, {}, bus);
    QVERIFY2(read.hasValue(), qPrintable(read.error().message));
    QCOMPARE(read->source, device);
    QVERIFY(read->ata.has_value());
    const QJsonObject theirs = read->toJson();

    const auto text = [](const QJsonValue &value) {
        return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact));
    };
    for (const char *key : {"model", "overall", "power_on_hours", "temperature_c", "percent_used"})
        QVERIFY2(theirs.value(QLatin1String(key)) == ours.value(QLatin1String(key)),
                 qPrintable(QStringLiteral("%1: through udisks %2, ours %3")
                                .arg(QLatin1String(key), text(theirs.value(QLatin1String(key))),
                                     text(ours.value(QLatin1String(key))))));
    // A raw count udisks does not pass on (Host_Writes_32MiB) is unknown, never another figure.
    if (!theirs.value(QStringLiteral("host_writes_bytes")).isNull())
        QCOMPARE(theirs.value(QStringLiteral("host_writes_bytes")),
                 ours.value(QStringLiteral("host_writes_bytes")));

    const QJsonArray o = ours.value(QStringLiteral("attributes")).toArray();
    const QJsonArray t = theirs.value(QStringLiteral("attributes")).toArray();
    QVERIFY(!o.isEmpty());
    QCOMPARE(t.size(), o.size());
    int raw = 0;
    for (qsizetype i = 0; i < o.size(); ++i) {
        const QJsonObject a = o.at(i).toObject();
        const QJsonObject b = t.at(i).toObject();
        const QByteArray where = a.value(QStringLiteral("name")).toString().toUtf8();
        for (const char *key : {"id", "name", "value", "worst", "threshold", "type", "updates",
                                "pretty_unit", "good_now", "good_in_the_past"})
            QVERIFY2(b.value(QLatin1String(key)) == a.value(QLatin1String(key)),
                     (where + ' ' + key + ": " + text(b.value(QLatin1String(key))).toUtf8() +
                      " vs " + text(a.value(QLatin1String(key))).toUtf8())
                         .constData());
        if (a.value(QStringLiteral("pretty_unit")).toString() != QLatin1String("unknown"))
            QVERIFY2(b.value(QStringLiteral("pretty_value")) ==
                         a.value(QStringLiteral("pretty_value")),
                     (where + " pretty_value").constData());
        if (!b.value(QStringLiteral("raw")).isNull()) {
            ++raw;
            QVERIFY2(b.value(QStringLiteral("raw")) == a.value(QStringLiteral("raw")),
                     (where + " raw").constData());
        }
    }
    QCOMPARE(raw, rawKnown);
}

void tst_UdisksReply::refusesInWords_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("words");
    QTest::newRow("reply of another shape")
        << QStringLiteral("/dev/sdb") << ErrorCode::InvalidArgument
        << QStringLiteral("udisks2's SmartGetAttributes answered a(ysqiiixi), not "
                          "a(ysqiiixia{sv})");
    // No agent answered (udisks2's NotAuthorizedCanObtain): the window then says what to do.
    QTest::newRow("SmartUpdate refused, never read")
        << QStringLiteral("/dev/sdc") << ErrorCode::NotAuthorizedNoAgent
        << QStringLiteral("udisks2 did not read SMART data from /dev/sdc: polkit wants an "
                          "administrator password for org.freedesktop.udisks2.ata-smart-update "
                          "and no authentication agent answered");
    QTest::newRow("no such disk") << QStringLiteral("/dev/sdz") << ErrorCode::NoSuchDevice
                                  << QStringLiteral("udisks2 does not offer /dev/sdz");
}

void tst_UdisksReply::refusesInWords()
{
    QFETCH(QString, device);
    QFETCH(ErrorCode, code);
    QFETCH(QString, words);
    const QDBusConnection bus =
        QDBusConnection::connectToBus(m_address, QStringLiteral("fake-udisks"));
    const Expected<DriveHealth> read = UdisksHealthReader::readNow(device, {}, bus);
    QVERIFY(!read.hasValue());
    QCOMPARE(read.error().code, code);
    QCOMPARE(read.error().message, words);
}

// No bus at all (a container without D-Bus): the history's collector, run as a user, waited
// forever for a reply that never came (issue 44).
void tst_UdisksReply::noSystemBusAnswersAtOnce()
{
    const QDBusConnection bus = QDBusConnection::connectToBus(
        QStringLiteral("unix:path=/nonexistent/trimscope-no-bus"), QStringLiteral("no-bus"));
    QVERIFY(!bus.isConnected());
    QElapsedTimer clock;
    clock.start();
    const Expected<DriveHealth> read =
        UdisksHealthReader::readNow(QStringLiteral("/dev/sda"), {}, bus, false);
    QVERIFY(!read.hasValue());
    QCOMPARE(read.error().code, ErrorCode::Unsupported);
    QVERIFY2(read.error().message.startsWith(QLatin1String("udisks2 is not reachable: ")),
             qPrintable(read.error().message));
    QCOMPARE_LT(clock.elapsed(), 5000);
    QDBusConnection::disconnectFromBus(QStringLiteral("no-bus"));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_UdisksReply)
#include "tst_udisksreply.moc"
