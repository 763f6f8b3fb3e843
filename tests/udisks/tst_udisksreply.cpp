// Health read through udisks2 over a real bus connection, from udisks' recorded replies: the
// marshalled a(ysqiiixia{sv}) of Drive.Ata.SmartGetAttributes and the Drive / Drive.Ata
// properties (tests/data/udisks, written by record-ata-reply.py from a recorded drive) served by
// a stand-in for udisksd (fake-udisks.py) on a private bus. UdisksHealthReader must read the
// same figures as libatasmart does from the drive's blob, and refuse a reply of another shape or
// a refused SmartUpdate in words. Unprivileged: needs dbus-daemon and Debian's python3-gi.
#include "health/drivehealth.h"
#include "privileged.h"
#include "udiskshealth.h"

#include <QDBusConnection>
#include <QFile>
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
    void readsTheRecordedDrive();
    void refusesInWords_data();
    void refusesInWords();

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

void tst_UdisksReply::readsTheRecordedDrive()
{
    QFile blob(kBlob);
    QVERIFY(blob.open(QIODevice::ReadOnly));
    const Expected<AtaHealth> ours = loadAtaSmartBlob(blob.readAll());
    QVERIFY2(ours.hasValue(), qPrintable(ours.error().message));

    const QDBusConnection bus =
        QDBusConnection::connectToBus(m_address, QStringLiteral("fake-udisks"));
    QVERIFY(bus.isConnected());
    const Expected<DriveHealth> read =
        UdisksHealthReader::readNow(QStringLiteral("/dev/sda"), {}, bus);
    QVERIFY2(read.hasValue(), qPrintable(read.error().message));
    QVERIFY(read->ata.has_value());
    const AtaHealth &theirs = *read->ata;

    QCOMPARE(read->source, QStringLiteral("/dev/sda"));
    QCOMPARE(read->model, QStringLiteral("INTEL SSDSA2CW120G3"));
    QCOMPARE(read->overall, std::optional<QString>(QStringLiteral("GOOD")));
    QCOMPARE(theirs.overall, ours->overall);
    QCOMPARE(theirs.identify.serial, ours->identify.serial);
    QCOMPARE(theirs.identify.firmware, ours->identify.firmware);
    QCOMPARE(theirs.identify.capacityBytes, ours->identify.capacityBytes);
    QCOMPARE(theirs.identify.nonRotating(), std::optional<bool>(true));
    QCOMPARE(read->powerOnHours, std::optional<double>(45.0));
    QCOMPARE(theirs.powerCycles, ours->powerCycles);
    QCOMPARE(theirs.badSectors, ours->badSectors);
    QCOMPARE(theirs.temperatureMillikelvin, ours->temperatureMillikelvin);
    // Media_Wearout_Indicator (233) is a normalized value: udisks passes it on.
    QVERIFY(theirs.percentUsed.has_value());
    QCOMPARE(theirs.percentUsed->value, ours->percentUsed->value);
    // Host_Writes_32MiB (225) is a raw count udisks does not pass on: unknown, never another
    // figure.
    if (theirs.hostWritesBytes)
        QCOMPARE(theirs.hostWritesBytes->value, ours->hostWritesBytes->value);

    QCOMPARE(theirs.attributes.size(), ours->attributes.size());
    for (qsizetype i = 0; i < ours->attributes.size(); ++i) {
        const AtaAttribute &o = ours->attributes.at(i);
        const AtaAttribute &t = theirs.attributes.at(i);
        const QByteArray where = QByteArray::number(o.id) + ' ' + o.name.toLatin1();
        QVERIFY2(t.id == o.id && t.name == o.name, where.constData());
        QVERIFY2(t.value == o.value && t.worst == o.worst, where.constData());
        QVERIFY2(t.threshold == o.threshold, where.constData());
        QVERIFY2(t.prefailure == o.prefailure && t.online == o.online, where.constData());
        QVERIFY2(t.prettyUnit == o.prettyUnit, where.constData());
        if (o.prettyUnit != PrettyUnit::Unknown)
            QVERIFY2(t.prettyValue == o.prettyValue, where.constData());
        if (t.rawKnown)
            QVERIFY2(t.raw() == o.raw(), where.constData());
    }
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
    QTest::newRow("SmartUpdate refused, never read")
        << QStringLiteral("/dev/sdc") << ErrorCode::NotAuthorized
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

QTEST_GUILESS_MAIN(tst_UdisksReply)
#include "tst_udisksreply.moc"
