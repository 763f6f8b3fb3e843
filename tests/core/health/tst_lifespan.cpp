#include "health/ext4superblock.h"
#include "health/lifespan.h"
#include "testmain.h"

#include <QTest>
#include <QTimeZone>
#include <cmath>

using namespace trimscope::health;

class tst_Lifespan : public QObject
{
    Q_OBJECT

private slots:
    void articleExample();
    void unknownCases_data();
    void unknownCases();
    void writeRateFromPowerOn_data();
    void writeRateFromPowerOn();
    void cellDefaults_data();
    void cellDefaults();
    void wearExtrapolation_data();
    void wearExtrapolation();
    void ext4Superblock();
};

// Linux Journal: 256 GB TLC, 1,000 cycles, 6.3 GB/day, WA 3 → about 37 years.
void tst_Lifespan::articleExample()
{
    LifespanInput in;
    in.capacityBytes = 256e9;
    in.assumptions = LifespanAssumptions::forCellType(CellType::Tlc);
    QCOMPARE(in.assumptions.ratedCycles, 1000.0);
    QCOMPARE(in.assumptions.writeAmplification, 3.0);
    in.writeRate = WriteRate{6.3e9, WriteRateSource::User, 0, 0};
    const LifespanEstimate e = estimateLifespan(in);
    QVERIFY(e.years);
    QCOMPARE(std::round(*e.years), 37.0);
    QVERIFY(std::abs(*e.years - 37.1095) < 1e-3);
    QVERIFY(e.unknownReason.isEmpty());
    QVERIFY(e.assumptions.join(QLatin1Char(' ')).contains(QLatin1String("1000 rated P/E cycles")));
    QVERIFY(e.assumptions.join(QLatin1Char(' ')).contains(QLatin1String("write amplification 3")));

    // Every assumption is editable: double the WA, halve the life.
    in.assumptions.writeAmplification = 6;
    QVERIFY(std::abs(*estimateLifespan(in).years - 37.1095 / 2) < 1e-3);
}

void tst_Lifespan::unknownCases_data()
{
    QTest::addColumn<double>("capacity");
    QTest::addColumn<double>("bytesPerDay"); // < 0: no write rate
    QTest::addColumn<double>("cycles");
    QTest::addColumn<double>("wa");
    QTest::newRow("no write rate") << 256e9 << -1.0 << 1000.0 << 3.0;
    QTest::newRow("zero writes") << 256e9 << 0.0 << 1000.0 << 3.0;
    QTest::newRow("zero capacity") << 0.0 << 6.3e9 << 1000.0 << 3.0;
    QTest::newRow("zero cycles") << 256e9 << 6.3e9 << 0.0 << 3.0;
    QTest::newRow("zero WA") << 256e9 << 6.3e9 << 1000.0 << 0.0;
    QTest::newRow("negative WA") << 256e9 << 6.3e9 << 1000.0 << -3.0;
    QTest::newRow("NaN capacity") << std::nan("") << 6.3e9 << 1000.0 << 3.0;
    QTest::newRow("denormal rate") << 256e9 << 4.9e-324 << 1000.0 << 3.0;
}

void tst_Lifespan::unknownCases()
{
    QFETCH(double, capacity);
    QFETCH(double, bytesPerDay);
    QFETCH(double, cycles);
    QFETCH(double, wa);
    LifespanInput in;
    in.capacityBytes = capacity;
    in.assumptions.ratedCycles = cycles;
    in.assumptions.writeAmplification = wa;
    if (bytesPerDay >= 0)
        in.writeRate = WriteRate{bytesPerDay, WriteRateSource::User, 0, 0};
    const LifespanEstimate e = estimateLifespan(in);
    QVERIFY(!e.years);
    QVERIFY(!e.unknownReason.isEmpty());
    QVERIFY(e.toJson().value(QStringLiteral("years")).isNull());
}

void tst_Lifespan::writeRateFromPowerOn_data()
{
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("hours");
    QTest::addColumn<double>("perDay"); // < 0: unknown
    QTest::newRow("one day") << 48e9 << 24.0 << 48e9;
    QTest::newRow("two days") << 48e9 << 48.0 << 24e9;
    QTest::newRow("zero hours") << 48e9 << 0.0 << -1.0;
    QTest::newRow("negative hours") << 48e9 << -5.0 << -1.0;
    QTest::newRow("unknown writes") << std::nan("") << 24.0 << -1.0;
    QTest::newRow("nothing written") << 0.0 << 24.0 << 0.0;
}

void tst_Lifespan::writeRateFromPowerOn()
{
    QFETCH(double, bytes);
    QFETCH(double, hours);
    QFETCH(double, perDay);
    const auto r =
        trimscope::health::writeRateFromPowerOn(bytes, hours, WriteRateSource::SmartHostWrites);
    QCOMPARE(r.has_value(), perDay >= 0);
    if (r)
        QCOMPARE(r->bytesPerDay, perDay);
    QVERIFY(!writeRateFromFilesystem(bytes, 0));
}

void tst_Lifespan::cellDefaults_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("cycles");
    QTest::newRow("slc") << "slc" << 100000.0;
    QTest::newRow("MLC") << "MLC" << 3000.0;
    QTest::newRow("tlc") << "tlc" << 1000.0;
    QTest::newRow("qlc") << "qlc" << 300.0;
    QTest::newRow("bogus") << "plc" << -1.0;
}

void tst_Lifespan::cellDefaults()
{
    QFETCH(QString, name);
    QFETCH(double, cycles);
    const auto type = cellTypeFromName(name);
    QCOMPARE(type.has_value(), cycles > 0);
    if (type) {
        QCOMPARE(LifespanAssumptions::forCellType(*type).ratedCycles, cycles);
        QCOMPARE(cellTypeName(*type), name.toLower());
    }
}

void tst_Lifespan::wearExtrapolation_data()
{
    QTest::addColumn<double>("used");
    QTest::addColumn<double>("elapsed");   // < 0: unknown
    QTest::addColumn<double>("remaining"); // < 0: unknown
    QTest::newRow("10% in 1 year") << 10.0 << 1.0 << 9.0;
    QTest::newRow("50% in 2 years") << 50.0 << 2.0 << 2.0;
    QTest::newRow("0% used") << 0.0 << 3.0 << -1.0;
    QTest::newRow("zero power-on") << 5.0 << 0.0 << -1.0;
    QTest::newRow("no power-on") << 5.0 << -1.0 << -1.0;
    QTest::newRow("worn out") << 100.0 << 4.0 << 0.0;
    QTest::newRow("past rating") << 140.0 << 4.0 << 0.0;
}

void tst_Lifespan::wearExtrapolation()
{
    QFETCH(double, used);
    QFETCH(double, elapsed);
    QFETCH(double, remaining);
    const WearExtrapolation w = extrapolateFromPercentUsed(
        used, elapsed >= 0 ? std::optional<double>(elapsed) : std::nullopt);
    QCOMPARE(w.remainingYears.has_value(), remaining >= 0);
    if (w.remainingYears)
        QCOMPARE(*w.remainingYears, remaining);
    else
        QVERIFY(!w.unknownReason.isEmpty());
}

void tst_Lifespan::ext4Superblock()
{
    QByteArray sb(1024, '\0');
    QVERIFY(!parseExt4Superblock(sb)); // no magic
    sb[0x38] = char(0x53);
    sb[0x39] = char(0xef);
    const quint32 mkfs = 1700000000; // 2023-11-14
    for (int i = 0; i < 4; ++i)
        sb[0x108 + i] = char((mkfs >> (8 * i)) & 0xff);
    const quint64 kib = 5000000000ull; // ~4.7 TiB written
    for (int i = 0; i < 8; ++i)
        sb[0x178 + i] = char((kib >> (8 * i)) & 0xff);
    const auto s = parseExt4Superblock(sb);
    QVERIFY(s);
    QCOMPARE(s->lifetimeWriteKiB, kib);
    QCOMPARE(s->created.toSecsSinceEpoch(), qint64(mkfs));
    const QDateTime now = QDateTime::fromSecsSinceEpoch(mkfs + 100 * 86400, QTimeZone::utc());
    QCOMPARE(*s->ageDays(now), 100.0);
    QVERIFY(!s->ageDays(s->created)); // age 0: unknown, never a division by zero
    const auto rate = writeRateFromFilesystem(double(kib) * 1024, *s->ageDays(now));
    QVERIFY(rate);
    QCOMPARE(rate->bytesPerDay, double(kib) * 1024 / 100);
    QVERIFY(!parseExt4Superblock(sb.left(1000)));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_Lifespan)
#include "tst_lifespan.moc"
