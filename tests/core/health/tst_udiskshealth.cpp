// Health as udisks2 passes it on, turned into our health model (core/health/udiskshealth).
//
// ATA: for every recorded drive, the reply udisks 2.9's Drive.Ata would give (its parse_attr_cb
// and properties, built from what libatasmart decodes of the blob) must yield the same figures
// as reading the blob ourselves, except those udisks does not pass on (raw fields it does not
// copy). NVMe: NVMe.Controller's a{sv} (udisks 2.10) into the SMART / Health log.
#include "health/drivehealth.h"
#include "health/udiskshealth.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace trimscope;
using namespace trimscope::health;

namespace {

const QString kBlobDir = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/ata-smart-blobs");

qint32 libatasmartUnit(PrettyUnit unit)
{
    switch (unit) {
    case PrettyUnit::Unknown:
        return 0;
    case PrettyUnit::None:
        return 1;
    case PrettyUnit::Milliseconds:
        return 2;
    case PrettyUnit::Sectors:
        return 3;
    case PrettyUnit::Millikelvin:
        return 4;
    case PrettyUnit::SmallPercent:
        return 5;
    case PrettyUnit::Percent:
        return 6;
    case PrettyUnit::Megabytes:
        return 7;
    }
    return 0;
}

// What udisks 2.9.4 sends for this drive: SmartGetAttributes rows as its parse_attr_cb() builds
// them from libatasmart's parsed attributes, and the Drive.Ata properties it sets from
// sk_disk_smart_get_*() (seconds and kelvin, -1 where libatasmart says ENOENT).
struct UdisksView
{
    UdisksAtaDrive drive;
    QList<UdisksAtaAttribute> rows;
};

UdisksView udisksViewOf(const AtaHealth &ata)
{
    UdisksView view;
    view.drive.model = ata.identify.model;
    view.drive.serial = ata.identify.serial;
    view.drive.revision = ata.identify.firmware;
    view.drive.sizeBytes = ata.identify.capacityBytes;
    view.drive.logicalSectorBytes = ata.identify.logicalSectorBytes;
    view.drive.trimSupported = ata.identify.trimSupported;
    const auto nonRotating = ata.identify.nonRotating();
    view.drive.rotationRate =
        !nonRotating ? -1 : (*nonRotating ? 0 : qint32(ata.identify.rotationRate));
    view.drive.smartSupported = ata.smartAvailable;
    view.drive.smartEnabled = true;
    view.drive.smartUpdated = 1700000000;
    view.drive.smartFailing = ata.smartStatusGood && !*ata.smartStatusGood;
    view.drive.smartPowerOnSeconds = ata.powerOnMilliseconds.value_or(0) / 1000;
    view.drive.smartTemperatureKelvin =
        ata.temperatureMillikelvin ? double(*ata.temperatureMillikelvin) / 1000.0 : 0.0;
    view.drive.smartNumBadSectors = ata.badSectors ? qint64(*ata.badSectors) : -1;
    for (const AtaAttribute &a : ata.attributes) {
        UdisksAtaAttribute row;
        row.id = a.id;
        row.name = a.name;
        row.flags = quint16((a.prefailure ? 1 : 0) | (a.online ? 2 : 0));
        row.value = a.value ? *a.value : -1;
        row.worst = a.worst ? *a.worst : -1;
        row.threshold = a.threshold ? *a.threshold : -1;
        row.pretty = qint64(a.prettyValue);
        row.prettyUnit = libatasmartUnit(a.prettyUnit);
        view.rows.append(row);
    }
    return view;
}

} // namespace

class tst_UdisksHealth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recordedDrivesReadTheSame_data();
    void recordedDrivesReadTheSame();
    void ataNotReadYet_data();
    void ataNotReadYet();
    void overallVerdicts_data();
    void overallVerdicts();
    void nvmeLog();
    void nvmeRefusesWrongTypes_data();
    void nvmeRefusesWrongTypes();
};

void tst_UdisksHealth::recordedDrivesReadTheSame_data()
{
    QTest::addColumn<QString>("blob");
    const QStringList names = QDir(kBlobDir).entryList(QDir::Files);
    int rows = 0;
    for (const QString &name : names) {
        if (name.endsWith(QLatin1String(".skdump")) || name.endsWith(QLatin1String(".md")) ||
            name.endsWith(QLatin1String(".sh")))
            continue;
        QTest::newRow(qPrintable(name)) << kBlobDir + QLatin1Char('/') + name;
        ++rows;
    }
    QVERIFY(rows >= 15);
}

void tst_UdisksHealth::recordedDrivesReadTheSame()
{
    QFETCH(QString, blob);
    QFile file(blob);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Expected<AtaHealth> ours = loadAtaSmartBlob(file.readAll());
    QVERIFY2(ours.hasValue(), qPrintable(ours.error().message));
    if (!ours->smartAvailable)
        QSKIP("this drive offers no SMART: nothing udisks would pass on");
    // udisks' refresh stops at sk_disk_smart_status() failing: it would show no SMART data.
    if (!ours->smartStatusGood)
        QSKIP("libatasmart reads no SMART status from this blob: udisks would read no SMART data");
    const UdisksView view = udisksViewOf(*ours);
    const Expected<AtaHealth> theirs = ataHealthFromUdisks(view.drive, view.rows);
    QVERIFY2(theirs.hasValue(), qPrintable(theirs.error().message));

    QCOMPARE(theirs->overall, ours->overall);
    QCOMPARE(theirs->smartStatusGood, ours->smartStatusGood);
    QCOMPARE(theirs->badSectors, ours->badSectors);
    QCOMPARE(theirs->powerCycles, ours->powerCycles);
    // Seconds and kelvin on the bus: the same to the second and the millikelvin.
    QCOMPARE(theirs->powerOnMilliseconds.value_or(0) / 1000,
             ours->powerOnMilliseconds.value_or(0) / 1000);
    QCOMPARE(theirs->temperatureMillikelvin, ours->temperatureMillikelvin);
    QCOMPARE(theirs->identify.nonRotating(), ours->identify.nonRotating());
    QCOMPARE(theirs->attributes.size(), ours->attributes.size());
    int rawKnown = 0;
    for (qsizetype i = 0; i < ours->attributes.size(); ++i) {
        const AtaAttribute &o = ours->attributes.at(i);
        const AtaAttribute &t = theirs->attributes.at(i);
        const QByteArray where = QByteArray::number(o.id) + ' ' + o.name.toLatin1();
        QVERIFY2(t.id == o.id && t.name == o.name, where.constData());
        QVERIFY2(t.value == o.value && t.worst == o.worst, where.constData());
        QVERIFY2(t.threshold == o.threshold, where.constData());
        QVERIFY2(t.prefailure == o.prefailure && t.online == o.online, where.constData());
        QVERIFY2(t.prettyUnit == o.prettyUnit, where.constData());
        if (o.prettyUnit != PrettyUnit::Unknown)
            QVERIFY2(t.prettyValue == o.prettyValue, where.constData());
        QVERIFY2(t.goodNow == o.goodNow, where.constData());
        QVERIFY2(t.goodInThePast == o.goodInThePast, where.constData());
        // A raw field we claim to know is the drive's.
        if (t.rawKnown) {
            ++rawKnown;
            QVERIFY2(t.raw() == o.raw(), (where + " raw " + QByteArray::number(t.raw()) +
                                          " != " + QByteArray::number(o.raw()))
                                             .constData());
        }
    }
    QVERIFY(rawKnown > 0);
    // Figures from normalized values are the same; figures from raw fields are the same or
    // unknown (never a different number).
    QCOMPARE(theirs->percentUsed.has_value(), ours->percentUsed.has_value());
    if (ours->percentUsed)
        QCOMPARE(theirs->percentUsed->value, ours->percentUsed->value);
    if (theirs->hostWritesBytes)
        QCOMPARE(theirs->hostWritesBytes->value, ours->hostWritesBytes->value);
    QCOMPARE(theirs->reallocatedSectors.has_value(), ours->reallocatedSectors.has_value());
    QCOMPARE(theirs->pendingSectors.has_value(), ours->pendingSectors.has_value());

    const DriveHealth summary = summarizeAta(*theirs, {});
    QCOMPARE(summary.overall, ours->overall);
    // The report reads back, raw fields unknown included.
    const Expected<DriveHealth> again = DriveHealth::fromJson(summary.toJson());
    QVERIFY2(again.hasValue(), qPrintable(again.error().message));
    for (qsizetype i = 0; i < summary.ata->attributes.size(); ++i)
        QCOMPARE(again->ata->attributes.at(i).rawKnown, summary.ata->attributes.at(i).rawKnown);
}

void tst_UdisksHealth::ataNotReadYet_data()
{
    QTest::addColumn<bool>("supported");
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<quint64>("updated");
    QTest::addColumn<QString>("says");
    QTest::newRow("no SMART") << false << false << quint64(0) << "does not offer ATA SMART";
    QTest::newRow("switched off") << true << false << quint64(0) << "switched off";
    QTest::newRow("never read") << true << true << quint64(0) << "read no SMART data";
}

void tst_UdisksHealth::ataNotReadYet()
{
    QFETCH(bool, supported);
    QFETCH(bool, enabled);
    QFETCH(quint64, updated);
    QFETCH(QString, says);
    UdisksAtaDrive drive;
    drive.model = QStringLiteral("Some SSD");
    drive.smartSupported = supported;
    drive.smartEnabled = enabled;
    drive.smartUpdated = updated;
    const Expected<AtaHealth> health = ataHealthFromUdisks(drive, {});
    QVERIFY(!health.hasValue());
    QCOMPARE(health.error().code, ErrorCode::Unsupported);
    QVERIFY2(health.error().message.contains(says), qPrintable(health.error().message));
}

void tst_UdisksHealth::overallVerdicts_data()
{
    // One pre-failure attribute (value, worst, threshold), the drive's status and bad sectors on
    // a 1 TB drive (libatasmart's "many": log2(sectors) × 1024 = 31 × 1024).
    QTest::addColumn<bool>("failing");
    QTest::addColumn<qint32>("value");
    QTest::addColumn<qint32>("worst");
    QTest::addColumn<qint64>("badSectors");
    QTest::addColumn<QString>("overall");
    QTest::newRow("good") << false << 100 << 100 << qint64(0) << "GOOD";
    QTest::newRow("status says failing") << true << 100 << 100 << qint64(0) << "BAD_STATUS";
    QTest::newRow("attribute failing now") << false << 5 << 5 << qint64(0) << "BAD_ATTRIBUTE_NOW";
    QTest::newRow("attribute failed once")
        << false << 100 << 5 << qint64(0) << "BAD_ATTRIBUTE_IN_THE_PAST";
    QTest::newRow("a few bad sectors") << false << 100 << 100 << qint64(3) << "BAD_SECTOR";
    QTest::newRow("many bad sectors") << false << 5 << 5 << qint64(31744) << "BAD_SECTOR_MANY";
    QTest::newRow("bad sectors unknown") << false << 100 << 100 << qint64(-1) << "GOOD";
}

void tst_UdisksHealth::overallVerdicts()
{
    QFETCH(bool, failing);
    QFETCH(qint32, value);
    QFETCH(qint32, worst);
    QFETCH(qint64, badSectors);
    QFETCH(QString, overall);
    UdisksAtaDrive drive;
    drive.model = QStringLiteral("Some SSD");
    drive.sizeBytes = 1000204886016ull; // 1953525168 sectors: log2 = 30
    drive.smartSupported = drive.smartEnabled = true;
    drive.smartUpdated = 1700000000;
    drive.smartFailing = failing;
    drive.smartNumBadSectors = badSectors;
    const QList<UdisksAtaAttribute> rows{
        {1, QStringLiteral("raw-read-error-rate"), 0x000b, value, worst, 10, 0, 1},
        // Old-age attributes do not count towards the verdict.
        {199, QStringLiteral("udma-crc-error-count"), 0x0032, 1, 1, 10, 7, 1}};
    const Expected<AtaHealth> health = ataHealthFromUdisks(drive, rows);
    QVERIFY2(health.hasValue(), qPrintable(health.error().message));
    QCOMPARE(health->overall, std::optional<QString>(overall));
    QCOMPARE(health->attributes.at(1).raw(), quint64(7));
    QVERIFY(health->attributes.at(1).rawKnown);
}

void tst_UdisksHealth::nvmeLog()
{
    UdisksNvmeController controller;
    controller.smartUpdated = 1700000000;
    controller.smartCriticalWarning = {QStringLiteral("spare"), QStringLiteral("readonly")};
    controller.smartPowerOnHours = 1234;
    controller.smartTemperatureKelvin = 310;
    const QVariantMap attributes{
        {QStringLiteral("avail_spare"), QVariant::fromValue(uchar(7))},
        {QStringLiteral("spare_thresh"), QVariant::fromValue(uchar(10))},
        {QStringLiteral("percent_used"), QVariant::fromValue(uchar(104))},
        {QStringLiteral("total_data_read"), QVariant::fromValue(qulonglong(512000ull * 3000))},
        {QStringLiteral("total_data_written"), QVariant::fromValue(qulonglong(512000ull * 5000))},
        {QStringLiteral("ctrl_busy_time"), QVariant::fromValue(qulonglong(42))},
        {QStringLiteral("power_cycles"), QVariant::fromValue(qulonglong(17))},
        {QStringLiteral("unsafe_shutdowns"), QVariant::fromValue(qulonglong(2))},
        {QStringLiteral("media_errors"), QVariant::fromValue(qulonglong(0))},
        {QStringLiteral("num_err_log_entries"), QVariant::fromValue(qulonglong(9))},
        {QStringLiteral("temp_sensors"),
         QVariantList{QVariant::fromValue(ushort(312)), QVariant::fromValue(ushort(0)),
                      QVariant::fromValue(ushort(305))}},
        {QStringLiteral("wctemp"), QVariant::fromValue(ushort(343))},
        {QStringLiteral("warning_temp_time"), QVariant::fromValue(uint(5))},
        {QStringLiteral("critical_temp_time"), QVariant::fromValue(uint(1))},
    };
    const Expected<NvmeSmartLog> log = nvmeSmartLogFromUdisks(controller, attributes);
    QVERIFY2(log.hasValue(), qPrintable(log.error().message));
    QCOMPARE(log->criticalWarnings(),
             (QStringList{QStringLiteral("spare_below_threshold"), QStringLiteral("read_only")}));
    QCOMPARE(log->compositeTemperatureKelvin, quint16(310));
    QCOMPARE(log->availableSparePercent, quint8(7));
    QCOMPARE(log->availableSpareThresholdPercent, quint8(10));
    QCOMPARE(log->percentageUsed, quint8(104));
    QCOMPARE(log->dataUnitsRead.toDecimal(), QStringLiteral("3000"));
    QCOMPARE(log->bytesWritten()->toDecimal(), QString::number(512000ull * 5000));
    QCOMPARE(log->powerOnHours.toDecimal(), QStringLiteral("1234"));
    QCOMPARE(log->powerCycles.toDecimal(), QStringLiteral("17"));
    QCOMPARE(log->errorLogEntries.toDecimal(), QStringLiteral("9"));
    QCOMPARE(log->temperatureSensorsKelvin, (QList<quint16>{312, 305}));
    QCOMPARE(log->warningTemperatureMinutes, quint32(5));
    QVERIFY(!log->hostCommandsKnown);
    const DriveHealth health = summarizeNvme(*log, std::nullopt, 1e12, {});
    QCOMPARE(health.overall, std::optional<QString>(QStringLiteral("CRITICAL_WARNING")));
    QCOMPARE(health.percentUsed, std::optional<double>(104));
    // Unknown command counts stay unknown through the report.
    const Expected<DriveHealth> again = DriveHealth::fromJson(health.toJson());
    QVERIFY2(again.hasValue(), qPrintable(again.error().message));
    QVERIFY(!again->nvme->hostCommandsKnown);
    QVERIFY(DriveHealth::fromJson(summarizeNvme(NvmeSmartLog{}, std::nullopt, 1e12, {}).toJson())
                ->nvme->hostCommandsKnown);
}

void tst_UdisksHealth::nvmeRefusesWrongTypes_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QVariant>("value");
    QTest::newRow("spare as text") << "avail_spare" << QVariant(QStringLiteral("7"));
    QTest::newRow("spare beyond a byte") << "avail_spare" << QVariant::fromValue(uint(300));
    QTest::newRow("written as double") << "total_data_written" << QVariant(1.5);
    QTest::newRow("sensors as number") << "temp_sensors" << QVariant::fromValue(uint(300));
    QTest::newRow("sensor beyond 16 bits")
        << "temp_sensors" << QVariant(QVariantList{QVariant::fromValue(uint(70000))});
}

void tst_UdisksHealth::nvmeRefusesWrongTypes()
{
    QFETCH(QString, key);
    QFETCH(QVariant, value);
    UdisksNvmeController controller;
    controller.smartUpdated = 1700000000;
    const Expected<NvmeSmartLog> log = nvmeSmartLogFromUdisks(controller, {{key, value}});
    QVERIFY(!log.hasValue());
    QCOMPARE(log.error().code, ErrorCode::InvalidArgument);
    QVERIFY(nvmeSmartLogFromUdisks({}, {}).error().code == ErrorCode::Unsupported);
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_UdisksHealth)
#include "tst_udiskshealth.moc"
