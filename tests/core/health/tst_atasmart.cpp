// Our reading of every real blob must agree with skdump's (recorded in *.skdump), line by line.
#include "common/units.h"
#include "health/atasmart.h"
#include "health/drivedb.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QMap>
#include <QTest>
#include <algorithm>

using namespace trimscope;
using namespace trimscope::health;

namespace {
const QString kBlobDir = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/ata-smart-blobs");

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

struct SkdumpRow
{
    QStringList head; // id, name, value, worst, threshold
    QString pretty;
    QStringList tail; // raw, type, updates, good, good/past
};

struct Skdump
{
    QMap<QString, QString> summary;
    QList<SkdumpRow> rows;
};

// The oracle's format, not a drive's: "Key: value" lines, then the attribute table whose pretty
// column may contain a space, so it is taken between five fixed columns on each side.
Skdump parseSkdump(const QString &text)
{
    Skdump s;
    bool inTable = false;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.startsWith(QLatin1String("ID#"))) {
            inTable = true;
            continue;
        }
        if (inTable) {
            const QStringList t = line.simplified().split(QLatin1Char(' '));
            if (t.size() < 11)
                qFatal("bad skdump row: %s", qPrintable(line));
            s.rows.append(
                {t.mid(0, 5), t.mid(5, t.size() - 10).join(QLatin1Char(' ')), t.mid(t.size() - 5)});
            continue;
        }
        const qsizetype colon = line.indexOf(QLatin1String(": "));
        if (colon > 0)
            s.summary.insert(line.left(colon), line.mid(colon + 2));
    }
    return s;
}

QString yesNo(bool v)
{
    return v ? QStringLiteral("yes") : QStringLiteral("no");
}

// skdump prints strerror() where a figure is missing; we must then have none either.
void compareOptional(const Skdump &s, const QString &key, const std::optional<QString> &ours)
{
    QVERIFY2(s.summary.contains(key), qPrintable(key));
    const QString theirs = s.summary.value(key);
    const bool theyHaveIt = !theirs.contains(QLatin1String("No such")) &&
                            !theirs.contains(QLatin1String("not supported"));
    QCOMPARE(ours.has_value(), theyHaveIt);
    if (ours)
        QCOMPARE(*ours, theirs);
}
} // namespace

class tst_AtaSmart : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithSkdump_data();
    void agreesWithSkdump();
    void ssdFigures_data();
    void ssdFigures();
    void hardDisksHaveNoWear_data();
    void hardDisksHaveNoWear();
    void refusesMalformedBlobs_data();
    void refusesMalformedBlobs();
    void shownValueIsTheDatabases_data();
    void shownValueIsTheDatabases();
    void rawNotAvailable_data();
    void rawNotAvailable();
};

void tst_AtaSmart::agreesWithSkdump_data()
{
    QTest::addColumn<QString>("blob");
    const QStringList blobs = QDir(kBlobDir).entryList({QStringLiteral("*.skdump")}, QDir::Files);
    // The shared set holds 19 blob files (its README says 20); a lost file must fail here.
    QCOMPARE(blobs.size(), 19);
    for (const QString &oracle : blobs) {
        const QString blob = oracle.chopped(7);
        QTest::newRow(qPrintable(blob)) << blob;
    }
}

void tst_AtaSmart::agreesWithSkdump()
{
    QFETCH(QString, blob);
    const auto parsed = loadAtaSmartBlob(readFile(kBlobDir + QLatin1Char('/') + blob));
    QVERIFY2(parsed, qPrintable(parsed.error().message));
    const AtaHealth &h = *parsed;
    const Skdump s = parseSkdump(QString::fromUtf8(
        readFile(kBlobDir + QLatin1Char('/') + blob + QStringLiteral(".skdump"))));

    QCOMPARE(QStringLiteral("[%1]").arg(h.identify.model),
             s.summary.value(QStringLiteral("Model")));
    QCOMPARE(QStringLiteral("[%1]").arg(h.identify.serial),
             s.summary.value(QStringLiteral("Serial")));
    QCOMPARE(QStringLiteral("[%1]").arg(h.identify.firmware),
             s.summary.value(QStringLiteral("Firmware")));
    QCOMPARE(yesNo(h.smartAvailable), s.summary.value(QStringLiteral("SMART Available")));

    const auto pretty = [](const std::optional<quint64> &v, PrettyUnit unit) {
        return v ? std::optional<QString>(formatSkPretty(*v, unit)) : std::nullopt;
    };
    compareOptional(s, QStringLiteral("SMART Disk Health Good"),
                    h.smartStatusGood ? std::optional<QString>(yesNo(*h.smartStatusGood))
                                      : std::nullopt);
    compareOptional(s, QStringLiteral("Overall Status"), h.overall);
    compareOptional(s, QStringLiteral("Bad Sectors"), pretty(h.badSectors, PrettyUnit::Sectors));
    compareOptional(s, QStringLiteral("Powered On"),
                    pretty(h.powerOnMilliseconds, PrettyUnit::Milliseconds));
    compareOptional(s, QStringLiteral("Power Cycles"), pretty(h.powerCycles, PrettyUnit::None));
    compareOptional(s, QStringLiteral("Temperature"),
                    pretty(h.temperatureMillikelvin, PrettyUnit::Millikelvin));
    if (h.powerOnMilliseconds && h.powerCycles && *h.powerCycles > 0)
        QCOMPARE(formatSkPretty(*h.powerOnMilliseconds / *h.powerCycles, PrettyUnit::Milliseconds),
                 s.summary.value(QStringLiteral("Average Powered On Per Power Cycle")));

    QVERIFY(h.selfTest);
    const AtaSelfTestInfo &t = *h.selfTest;
    QCOMPARE(QStringLiteral("[%1]").arg(t.offlineDataCollectionStatus),
             s.summary.value(QStringLiteral("Off-line Data Collection Status")));
    QCOMPARE(QStringLiteral("%1 s").arg(t.totalOfflineDataCollectionSeconds),
             s.summary.value(QStringLiteral("Total Time To Complete Off-Line Data Collection")));
    QCOMPARE(QStringLiteral("[%1]").arg(t.selfTestExecutionStatus),
             s.summary.value(QStringLiteral("Self-Test Execution Status")));
    QCOMPARE(QStringLiteral("%1%").arg(t.selfTestPercentRemaining),
             s.summary.value(QStringLiteral("Percent Self-Test Remaining")));
    QCOMPARE(yesNo(t.conveyanceTestAvailable),
             s.summary.value(QStringLiteral("Conveyance Self-Test Available")));
    QCOMPARE(yesNo(t.shortAndExtendedTestAvailable),
             s.summary.value(QStringLiteral("Short/Extended Self-Test Available")));
    QCOMPARE(yesNo(t.startTestAvailable),
             s.summary.value(QStringLiteral("Start Self-Test Available")));
    QCOMPARE(yesNo(t.abortTestAvailable),
             s.summary.value(QStringLiteral("Abort Self-Test Available")));
    QCOMPARE(QStringLiteral("%1 min").arg(t.shortTestPollingMinutes),
             s.summary.value(QStringLiteral("Short Self-Test Polling Time")));
    QCOMPARE(QStringLiteral("%1 min").arg(t.extendedTestPollingMinutes),
             s.summary.value(QStringLiteral("Extended Self-Test Polling Time")));
    QCOMPARE(QStringLiteral("%1 min").arg(t.conveyanceTestPollingMinutes),
             s.summary.value(QStringLiteral("Conveyance Self-Test Polling Time")));

    const auto num = [](const std::optional<quint8> &v) {
        return v ? QString::number(*v) : QStringLiteral("n/a");
    };
    const auto good = [](const std::optional<bool> &v) {
        return v ? yesNo(*v) : QStringLiteral("n/a");
    };
    QCOMPARE(h.attributes.size(), s.rows.size());
    QVERIFY(!h.attributes.isEmpty());
    for (qsizetype i = 0; i < h.attributes.size(); ++i) {
        const AtaAttribute &a = h.attributes[i];
        const SkdumpRow &row = s.rows[i];
        QCOMPARE(QStringList(
                     {QString::number(a.id), a.name, num(a.value), num(a.worst), num(a.threshold)}),
                 row.head);
        QCOMPARE(a.prettyText(), row.pretty);
        QCOMPARE(QStringList({a.rawHex(),
                              a.prefailure ? QStringLiteral("prefail") : QStringLiteral("old-age"),
                              a.online ? QStringLiteral("online") : QStringLiteral("offline"),
                              good(a.goodNow), good(a.goodInThePast)}),
                 row.tail);
        // raw() is the little-endian reading of the bytes skdump prints in storage order.
        QByteArray bytes = QByteArray::fromHex(row.tail[0].mid(2).toLatin1());
        std::reverse(bytes.begin(), bytes.end());
        QCOMPARE(a.raw(), bytes.toHex().toULongLong(nullptr, 16));
    }
}

void tst_AtaSmart::ssdFigures_data()
{
    QTest::addColumn<QString>("blob");
    QTest::addColumn<int>("percentUsed");
    QTest::addColumn<int>("wearAttribute");
    QTest::addColumn<qint64>("hostWritesBytes"); // -1: unknown
    QTest::addColumn<int>("hostWritesAttribute");
    QTest::addColumn<int>("nonRotating"); // 1 yes, -1 not reported
    QTest::addColumn<bool>("trim");

    // 225/241 count 32 MiB on Intel: 820 × 32 MiB, which skdump shows as "27.514 GB".
    QTest::newRow("Intel 320") << "INTEL_SSDSA2CW120G3--4PC10302" << 0 << 233
                               << qint64(820) * (32 << 20) << 225 << 1 << true;
    // No libatasmart quirk for the X25-M G1: it calls 233 "power-on-seconds-2" and 225
    // "load-cycle-count-2"; our Intel rows read them as wear and 32 MiB host writes.
    QTest::newRow("Intel X25-M G1") << "INTEL_SSDSA2MH080G1GC--045C8820" << 1 << 233
                                    << qint64(25105) * (32 << 20) << 225 << 1 << false;
    QTest::newRow("MCCOE64GEMPP") << "MCCOE64GEMPP--2.9.09" << 15 << 232 << qint64(-1) << 0 << -1
                                  << false;
    QTest::newRow("Samsung MMCQE")
        << "SAMSUNG_MMCQE28G8MUP--0VA_VAM08L1Q" << 1 << 177 << qint64(-1) << 0 << 1 << false;
}

void tst_AtaSmart::ssdFigures()
{
    QFETCH(QString, blob);
    QFETCH(int, percentUsed);
    QFETCH(int, wearAttribute);
    QFETCH(qint64, hostWritesBytes);
    QFETCH(int, hostWritesAttribute);
    QFETCH(int, nonRotating);
    QFETCH(bool, trim);
    const auto h = loadAtaSmartBlob(readFile(kBlobDir + QLatin1Char('/') + blob));
    QVERIFY(h);
    QVERIFY(h->percentUsed);
    QCOMPARE(int(h->percentUsed->value), percentUsed);
    QCOMPARE(int(h->percentUsed->attributeId), wearAttribute);
    QCOMPARE(h->hostWritesBytes.has_value(), hostWritesBytes >= 0);
    if (h->hostWritesBytes) {
        QCOMPARE(qint64(h->hostWritesBytes->value), hostWritesBytes);
        QCOMPARE(int(h->hostWritesBytes->attributeId), hostWritesAttribute);
        // Where libatasmart knows the unit, its pretty MB value must match ours.
        const AtaAttribute *a = h->attribute(h->hostWritesBytes->attributeId);
        if (a->prettyUnit == PrettyUnit::Megabytes)
            QCOMPARE(a->prettyValue, h->hostWritesBytes->value / 1000000);
    }
    const auto ssd = h->identify.nonRotating();
    QCOMPARE(ssd ? (*ssd ? 1 : 0) : -1, nonRotating);
    QCOMPARE(h->identify.trimSupported, trim);
    const QJsonObject json = h->toJson();
    QCOMPARE(json.value(QStringLiteral("host_writes_bytes")).isUndefined(), hostWritesBytes < 0);
}

void tst_AtaSmart::hardDisksHaveNoWear_data()
{
    QTest::addColumn<QString>("blob");
    const QStringList ssds = {QStringLiteral("INTEL_SSDSA2CW120G3--4PC10302"),
                              QStringLiteral("INTEL_SSDSA2MH080G1GC--045C8820"),
                              QStringLiteral("MCCOE64GEMPP--2.9.09"),
                              QStringLiteral("SAMSUNG_MMCQE28G8MUP--0VA_VAM08L1Q")};
    for (const QString &oracle :
         QDir(kBlobDir).entryList({QStringLiteral("*.skdump")}, QDir::Files)) {
        if (!ssds.contains(oracle.chopped(7)))
            QTest::newRow(qPrintable(oracle.chopped(7))) << oracle.chopped(7);
    }
}

// Disks carry 202 (TA increase), 225 (load cycles), 233 (power-on seconds): none is wear.
void tst_AtaSmart::hardDisksHaveNoWear()
{
    QFETCH(QString, blob);
    const auto h = loadAtaSmartBlob(readFile(kBlobDir + QLatin1Char('/') + blob));
    QVERIFY(h);
    QVERIFY(!h->percentUsed);
    QVERIFY(h->identify.nonRotating() != true);
    QVERIFY(!h->identify.trimSupported);
    // Only the Toshiba counts LBAs written (241); its raw is 0xff081b50 sectors.
    if (blob.startsWith(QLatin1String("TOSHIBA"))) {
        QVERIFY(h->hostWritesBytes);
        QCOMPARE(h->hostWritesBytes->value, 0xff081b50ull * 512);
    } else {
        QVERIFY(!h->hostWritesBytes);
    }
}

void tst_AtaSmart::refusesMalformedBlobs_data()
{
    QTest::addColumn<QByteArray>("blob");
    const QByteArray good = readFile(kBlobDir + QStringLiteral("/ST320410A--3.39"));
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("truncated header") << good.left(5);
    QTest::newRow("truncated payload") << good.left(100);
    QTest::newRow("unknown tag") << QByteArray("XXXX\0\0\0\0", 8) + good;
    QTest::newRow("too big") << good + good;
    QByteArray wrongSize = good;
    wrongSize[7] = char(0x10); // IDFY claims 0x210 bytes
    QTest::newRow("identify size") << wrongSize;
    QTest::newRow("no identify") << good.mid(8 + 512);
}

void tst_AtaSmart::refusesMalformedBlobs()
{
    QFETCH(QByteArray, blob);
    const auto h = loadAtaSmartBlob(blob);
    QVERIFY(!h);
    QCOMPARE(h.error().code, trimscope::ErrorCode::InvalidArgument);
}

// What the Health tab shows for an attribute's raw field. libatasmart reads Intel's timed
// workload attributes (226, 227) as percentages: on the Intel 320 blob their raw field is 0xFFFF
// and it shows "63.000%" beside a drive with 0 % of its rated life used. smartmontools' drive
// database reads both as raw48 counts ("-v 226,raw48,Workld_Media_Wear_Indic"), no unit. But
// 0xFFFF there is no count either: the drive holds 226-228 at it until its workload timer has
// run an hour (issue 47: the tab showed "65,535"), and the X25-M G1 fills its internal 226-228
// with ones: "not available", from AtaAttribute::rawNotAvailable. Attributes whose pretty value
// libatasmart derives otherwise (hours, 32 MiB units, the normalized 232) keep it.
void tst_AtaSmart::shownValueIsTheDatabases_data()
{
    QTest::addColumn<QString>("blob");
    QTest::addColumn<bool>("withDatabase");
    QTest::addColumn<int>("id");
    QTest::addColumn<QString>("shown");
    const QString intel = QStringLiteral("INTEL_SSDSA2CW120G3--4PC10302");
    const QString g1 = QStringLiteral("INTEL_SSDSA2MH080G1GC--045C8820");
    const QString none = rawNotAvailableText();
    QTest::newRow("Intel 320, 226 with the database") << intel << true << 226 << none;
    QTest::newRow("Intel 320, 226 without one") << intel << false << 226 << none;
    QTest::newRow("Intel 320, 227") << intel << true << 227 << none;
    QTest::newRow("Intel 320, 228: the workload timer (not 1.5 months)")
        << intel << true << 228 << none;
    QTest::newRow("Intel 320, 232: libatasmart's normalized percent")
        << intel << true << 232 << formatPercent(100);
    QTest::newRow("Intel 320, 225: 32 MiB units")
        << intel << true << 225 << prettyValueText(27514, PrettyUnit::Megabytes);
    QTest::newRow("X25-M G1, 226: 0xFFFFFFFF, no value") << g1 << true << 226 << none;
    QTest::newRow("X25-M G1, 227: all 48 bits") << g1 << true << 227 << none;
    QTest::newRow("X25-M G1, 228 (not 4,294,967,295)") << g1 << false << 228 << none;
    QTest::newRow("X25-M G1, 9: its hours")
        << g1 << true << 9 << prettyValueText(2'309ull * 3'600'000ull, PrettyUnit::Milliseconds);
}

void tst_AtaSmart::shownValueIsTheDatabases()
{
    QFETCH(QString, blob);
    QFETCH(bool, withDatabase);
    QFETCH(int, id);
    QFETCH(QString, shown);
    const auto text = parseDriveDbText(
        readFile(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/drivedb/fixture-drivedb.h")));
    QVERIFY(text);
    const DriveDatabase db(*text);
    const auto h = loadAtaSmartBlob(readFile(kBlobDir + QLatin1Char('/') + blob),
                                    withDatabase ? &db : nullptr);
    QVERIFY(h);
    const AtaAttribute *a = h->attribute(quint8(id));
    QVERIFY(a);
    QCOMPARE(a->shownValue(), shown);
}

// The fillers, one attribute at a time: a count may be 65,535 where the drive gives a value; the
// same number in a timed workload attribute, or with no value beside it, is a filler.
void tst_AtaSmart::rawNotAvailable_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("drivedbName");
    QTest::addColumn<int>("value"); // -1: the drive gives none
    QTest::addColumn<quint64>("raw");
    QTest::addColumn<bool>("rawKnown");
    QTest::addColumn<bool>("notAvailable");
    const QString cycles = QStringLiteral("power-cycle-count");
    const QString wear = QStringLiteral("timed-workload-media-wear");
    const QString other = QStringLiteral("attribute-226");
    QTest::newRow("a count of 65,535") << cycles << QString() << 100 << 0xFFFFull << true << false;
    QTest::newRow("a count of 4,294,967,295")
        << cycles << QString() << 100 << 0xFFFFFFFFull << true << false;
    QTest::newRow("all 48 bits, with a value")
        << cycles << QString() << 100 << 0xFFFFFFFFFFFFull << true << true;
    QTest::newRow("timed workload, 0xFFFF")
        << wear << QString() << 100 << 0xFFFFull << true << true;
    QTest::newRow("timed workload, 0xFFFE: a value")
        << wear << QString() << 100 << 0xFFFEull << true << false;
    QTest::newRow("the database's Workload_Minutes, 0xFFFF")
        << other << QStringLiteral("Workload_Minutes") << 100 << 0xFFFFull << true << true;
    QTest::newRow("no value, 0xFFFFFFFF")
        << other << QString() << -1 << 0xFFFFFFFFull << true << true;
    QTest::newRow("no value, 0xFFFFFF: no filler")
        << other << QString() << -1 << 0xFFFFFFull << true << false;
    QTest::newRow("raw unknown (udisks2)") << wear << QString() << 100 << 0ull << false << false;
}

void tst_AtaSmart::rawNotAvailable()
{
    QFETCH(QString, name);
    QFETCH(QString, drivedbName);
    QFETCH(int, value);
    QFETCH(quint64, raw);
    QFETCH(bool, rawKnown);
    QFETCH(bool, notAvailable);
    AtaAttribute a;
    a.id = 226;
    a.name = name;
    a.drivedbName = drivedbName;
    if (value >= 0)
        a.value = quint8(value);
    for (size_t i = 0; i < a.rawBytes.size(); ++i)
        a.rawBytes[i] = quint8(raw >> (8 * i));
    a.rawKnown = rawKnown;
    a.prettyUnit = PrettyUnit::None;
    QCOMPARE(a.raw(), rawKnown ? raw : a.raw());
    QCOMPARE(a.rawNotAvailable(), notAvailable);
    QCOMPARE(a.shownValue() == rawNotAvailableText(), notAvailable);
    const QJsonValue available = a.toJson().value(QStringLiteral("raw_available"));
    QCOMPARE(available.isNull(), !rawKnown);
    QCOMPARE(available.toBool(), rawKnown && !notAvailable);
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_AtaSmart)
#include "tst_atasmart.moc"
