// NVMe SMART / Health log (02h), Identify Controller and Identify Namespace parsers, on vectors
// built from the NVMe Base Specification 2.0 (Figure 207; Identify Controller Figure 275;
// Identify Namespace Figure 276, whose byte 32 DLFEAT says what a trimmed block reads back as).
#include "health/drivehealth.h"
#include "health/nvmeidentify.h"
#include "health/nvmesmartlog.h"
#include "testmain.h"

#include <QJsonObject>
#include <QTest>

using namespace trimscope::health;

namespace {
void putLe(QByteArray &b, int offset, quint64 value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        b[offset + i] = char((value >> (8 * i)) & 0xff);
}
void put128(QByteArray &b, int offset, quint64 low, quint64 high)
{
    putLe(b, offset, low, 8);
    putLe(b, offset + 8, high, 8);
}
} // namespace

class tst_NvmeSmartLog : public QObject
{
    Q_OBJECT

private slots:
    void fields();
    void criticalWarningBits_data();
    void criticalWarningBits();
    void counters128_data();
    void counters128();
    void rejectsWrongSize_data();
    void rejectsWrongSize();
    void identifyController();
    void identifyNamespace_data();
    void identifyNamespace();
};

// Every field at its specified offset, each with a distinct value, so a swapped offset fails.
void tst_NvmeSmartLog::fields()
{
    QByteArray log(512, '\0');
    log[0] = char(0x04);
    putLe(log, 1, 310, 2); // 36.85 °C
    log[3] = char(97);
    log[4] = char(10);
    log[5] = char(3);
    log[6] = char(0x01);
    put128(log, 32, 11, 0);
    put128(log, 48, 62786553, 0);
    put128(log, 64, 13, 0);
    put128(log, 80, 14, 0);
    put128(log, 96, 15, 0);
    put128(log, 112, 16, 0);
    put128(log, 128, 17, 0);
    put128(log, 144, 18, 0);
    put128(log, 160, 19, 0);
    put128(log, 176, 20, 0);
    putLe(log, 192, 21, 4);
    putLe(log, 196, 22, 4);
    putLe(log, 200, 300, 2);
    putLe(log, 214, 305, 2); // sensor 8; sensors 2..7 not implemented

    const auto s = parseNvmeSmartLog(log);
    QVERIFY(s);
    QCOMPARE(s->criticalWarning, quint8(0x04));
    QCOMPARE(s->compositeTemperatureKelvin, quint16(310));
    QCOMPARE(*s->compositeTemperatureCelsius(), 310 - 273.15);
    QCOMPARE(s->availableSparePercent, quint8(97));
    QCOMPARE(s->availableSpareThresholdPercent, quint8(10));
    QCOMPARE(s->percentageUsed, quint8(3));
    QCOMPARE(s->enduranceGroupCriticalWarning, quint8(1));
    QCOMPARE(s->dataUnitsRead.low, 11u);
    QCOMPARE(s->dataUnitsWritten.low, 62786553u);
    QCOMPARE(s->hostReadCommands.low, 13u);
    QCOMPARE(s->hostWriteCommands.low, 14u);
    QCOMPARE(s->controllerBusyMinutes.low, 15u);
    QCOMPARE(s->powerCycles.low, 16u);
    QCOMPARE(s->powerOnHours.low, 17u);
    QCOMPARE(s->unsafeShutdowns.low, 18u);
    QCOMPARE(s->mediaErrors.low, 19u);
    QCOMPARE(s->errorLogEntries.low, 20u);
    QCOMPARE(s->warningTemperatureMinutes, 21u);
    QCOMPARE(s->criticalTemperatureMinutes, 22u);
    QCOMPARE(s->temperatureSensorsKelvin, (QList<quint16>{300, 305}));

    // The figure: 62,786,553 data units are 32.1 TB.
    QVERIFY(s->bytesWritten());
    QCOMPARE(s->bytesWritten()->low, 32146715136000ull);
    QCOMPARE(s->bytesWritten()->high, 0ull);
    QCOMPARE(QString::number(s->bytesWritten()->toDouble() / 1e12, 'f', 1), QStringLiteral("32.1"));
    QCOMPARE(s->toJson().value(QStringLiteral("bytes_written")).toString(),
             QStringLiteral("32146715136000"));
}

void tst_NvmeSmartLog::criticalWarningBits_data()
{
    QTest::addColumn<quint8>("byte0");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("none") << quint8(0) << QStringList();
    QTest::newRow("spare") << quint8(0x01) << QStringList{"spare_below_threshold"};
    QTest::newRow("temperature") << quint8(0x02) << QStringList{"temperature"};
    QTest::newRow("reliability") << quint8(0x04) << QStringList{"reliability_degraded"};
    QTest::newRow("read only") << quint8(0x08) << QStringList{"read_only"};
    QTest::newRow("volatile backup") << quint8(0x10) << QStringList{"volatile_backup_failed"};
    QTest::newRow("pmr read only") << quint8(0x20) << QStringList{"pmr_read_only"};
    QTest::newRow("reserved bits") << quint8(0xc0) << QStringList{"reserved_0xc0"};
    QTest::newRow("all") << quint8(0xff) << QStringList{"spare_below_threshold",  "temperature",
                                                        "reliability_degraded",   "read_only",
                                                        "volatile_backup_failed", "pmr_read_only",
                                                        "reserved_0xc0"};
}

void tst_NvmeSmartLog::criticalWarningBits()
{
    QFETCH(quint8, byte0);
    QFETCH(QStringList, names);
    QByteArray log(512, '\0');
    log[0] = char(byte0);
    const auto s = parseNvmeSmartLog(log);
    QVERIFY(s);
    QCOMPARE(s->criticalWarnings(), names);
}

void tst_NvmeSmartLog::counters128_data()
{
    QTest::addColumn<quint64>("low");
    QTest::addColumn<quint64>("high");
    QTest::addColumn<QString>("decimal");
    QTest::addColumn<QString>("bytesDecimal"); // empty: product exceeds 128 bits
    QTest::newRow("zero") << 0ull << 0ull << "0"
                          << "0";
    QTest::newRow("2^64 - 1") << ~0ull << 0ull << "18446744073709551615"
                              << "9444732965739290426880000";
    QTest::newRow("2^64") << 0ull << 1ull << "18446744073709551616"
                          << "9444732965739290427392000";
    QTest::newRow("2^100 + 7") << 7ull << (1ull << 36) << "1267650600228229401496703205383"
                               << "649037107316853453566312041156096000";
    QTest::newRow("2^127") << 0ull << (1ull << 63) << "170141183460469231731687303715884105728"
                           << "";
}

void tst_NvmeSmartLog::counters128()
{
    QFETCH(quint64, low);
    QFETCH(quint64, high);
    QFETCH(QString, decimal);
    QFETCH(QString, bytesDecimal);
    QByteArray log(512, '\0');
    put128(log, 48, low, high);  // data units written
    put128(log, 128, low, high); // power-on hours
    const auto s = parseNvmeSmartLog(log);
    QVERIFY(s);
    QCOMPARE(s->dataUnitsWritten, (UInt128{low, high}));
    QCOMPARE(s->powerOnHours.toDecimal(), decimal);
    if (bytesDecimal.isEmpty())
        QVERIFY(!s->bytesWritten()); // would overflow 128 bits: unknown, not wrapped
    else
        QCOMPARE(s->bytesWritten()->toDecimal(), bytesDecimal);
}

void tst_NvmeSmartLog::rejectsWrongSize_data()
{
    QTest::addColumn<int>("size");
    QTest::newRow("empty") << 0;
    QTest::newRow("511") << 511;
    QTest::newRow("513") << 513;
    QTest::newRow("1024") << 1024;
}

void tst_NvmeSmartLog::rejectsWrongSize()
{
    QFETCH(int, size);
    QVERIFY(!parseNvmeSmartLog(QByteArray(size, '\0')));
    QVERIFY(!parseNvmeIdentifyController(QByteArray(size, '\0')));
}

void tst_NvmeSmartLog::identifyController()
{
    QByteArray id(4096, '\0');
    id.replace(4, 20, QByteArray("S4EWNX0R123456      "));
    id.replace(24, 40, QByteArray("Samsung SSD 970 EVO Plus 1TB").leftJustified(40, ' '));
    id.replace(64, 8, QByteArray("2B2QEXM7"));
    put128(id, 280, 1000204886016ull, 0);
    putLe(id, 520, 0x005f, 2); // Samsung 970's ONCS: DSM and Write Zeroes among others
    const auto c = parseNvmeIdentifyController(id);
    QVERIFY(c);
    QCOMPARE(c->serial, QStringLiteral("S4EWNX0R123456"));
    QCOMPARE(c->model, QStringLiteral("Samsung SSD 970 EVO Plus 1TB"));
    QCOMPARE(c->firmware, QStringLiteral("2B2QEXM7"));
    QCOMPARE(c->totalCapacityBytes.low, 1000204886016ull);
    QVERIFY(c->datasetManagementSupported());
    QVERIFY(c->writeZeroesSupported());
    QVERIFY(!parseNvmeIdentifyController(id.left(4095)));
    QVERIFY(!parseNvmeIdentifyController(id + QByteArray(1, '\0')));
    putLe(id, 520, 0x005f & ~0x4, 2);
    QVERIFY(!parseNvmeIdentifyController(id)->datasetManagementSupported());
}

void tst_NvmeSmartLog::identifyNamespace_data()
{
    QTest::addColumn<int>("dlfeat");
    QTest::addColumn<QString>("read"); // deallocatedReadName
    QTest::addColumn<bool>("writeZeroesDeallocates");
    QTest::newRow("not reported (000b)") << 0x00 << "not-reported" << false;
    QTest::newRow("zeroes (001b)") << 0x01 << "zeroes" << false;
    QTest::newRow("all bytes FFh (010b)") << 0x02 << "ones" << false;
    // Zeroes, Write Zeroes may deallocate, guard CRC (bit 4): what many client drives report.
    QTest::newRow("zeroes, Write Zeroes deallocates, CRC guard") << 0x19 << "zeroes" << true;
    QTest::newRow("reserved 011b promises nothing") << 0x03 << "not-reported" << false;
    QTest::newRow("reserved 111b with bit 3") << 0x0f << "not-reported" << true;
}

void tst_NvmeSmartLog::identifyNamespace()
{
    QFETCH(int, dlfeat);
    QFETCH(QString, read);
    QFETCH(bool, writeZeroesDeallocates);
    QByteArray id(4096, '\0');
    // Neighbours that a parser reading the wrong byte would take: NSZE, FLBAS (26), NAWUN (34).
    putLe(id, 0, 0x1d1c0beb0ull, 8);
    id[26] = char(0x01);
    id[31] = char(0x07);
    putLe(id, 33, 0xffff, 2);
    id[32] = char(dlfeat);
    const auto ns = parseNvmeIdentifyNamespace(id);
    QVERIFY(ns);
    QCOMPARE(int(ns->dlfeat), dlfeat);
    QCOMPARE(deallocatedReadName(ns->deallocatedRead()), read);
    QCOMPARE(ns->writeZeroesDeallocates(), writeZeroesDeallocates);
    QVERIFY(!parseNvmeIdentifyNamespace(id.left(4095)));
    QVERIFY(!parseNvmeIdentifyNamespace(QByteArray())); // a controller node: none read

    // A health report keeps the byte and recomputes its words when read.
    DriveHealth h = summarizeNvme(*parseNvmeSmartLog(QByteArray(512, '\0')), std::nullopt, 0,
                                  LifespanAssumptions());
    h.nvmeNamespace = *ns;
    const QJsonObject json = h.toJson();
    QCOMPARE(json.value(QStringLiteral("nvme_namespace"))
                 .toObject()
                 .value(QStringLiteral("deallocated_read"))
                 .toString(),
             read);
    const auto back = DriveHealth::fromJson(json, LifespanAssumptions());
    QVERIFY(back);
    QVERIFY(back->nvmeNamespace);
    QCOMPARE(int(back->nvmeNamespace->dlfeat), dlfeat);
    // Without the page (not root, a controller node) the report says nothing of it.
    h.nvmeNamespace.reset();
    QVERIFY(!h.toJson().contains(QStringLiteral("nvme_namespace")));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_NvmeSmartLog)
#include "tst_nvmesmartlog.moc"
