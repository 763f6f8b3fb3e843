// Every kind of result file, written by the CLI (tests/data/results, see generate.sh) and read
// back through core/report: the reader sees everything the writer wrote, so writing what was
// read gives the same document; the envelope says the same for every kind; foreign, broken and
// future files are refused with a reason.
#include "health/nvmeidentify.h"
#include "health/nvmesmartlog.h"
#include "report/adviceinput.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace trimscope;

class TestResultFile : public QObject
{
    Q_OBJECT

private slots:
    void samplesRoundTrip_data();
    void samplesRoundTrip();
    void envelopeOfEveryRun_data();
    void envelopeOfEveryRun();
    void healthRecomputesTheLifespan();
    void nvmeHealthRoundTrips();
    void numbersOutOfRangeAreUnknown_data();
    void numbersOutOfRangeAreUnknown();
    void legacyAuditReportOpens();
    void refusesWhatItCannotRead_data();
    void refusesWhatItCannotRead();
    void readResultNamesTheKindFound();
    void adviceTakesWhatItReads();
};

namespace {

QByteArray sample(const QString &name)
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/results/%1.json").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing sample %s", qPrintable(name));
    return file.readAll();
}

QJsonObject objectOf(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

// The first difference between two JSON values, as a path, for the failure message.
QString firstDifference(const QJsonValue &a, const QJsonValue &b, const QString &path = {})
{
    if (a.isObject() && b.isObject()) {
        const QJsonObject x = a.toObject(), y = b.toObject();
        QStringList keys = x.keys() + y.keys();
        keys.removeDuplicates();
        for (const QString &key : keys) {
            const QString d = firstDifference(x.value(key), y.value(key), path + '/' + key);
            if (!d.isEmpty())
                return d;
        }
        return {};
    }
    if (a.isArray() && b.isArray() && a.toArray().size() == b.toArray().size()) {
        for (qsizetype i = 0; i < a.toArray().size(); ++i) {
            const QString d = firstDifference(a.toArray().at(i), b.toArray().at(i),
                                              path + '/' + QString::number(i));
            if (!d.isEmpty())
                return d;
        }
        return {};
    }
    return a == b ? QString()
                  : QStringLiteral("%1: %2 != %3")
                        .arg(path,
                             QString::fromUtf8(
                                 QJsonDocument(QJsonArray{a}).toJson(QJsonDocument::Compact)),
                             QString::fromUtf8(
                                 QJsonDocument(QJsonArray{b}).toJson(QJsonDocument::Compact)));
}

} // namespace

void TestResultFile::samplesRoundTrip_data()
{
    QTest::addColumn<QString>("name");
    // The index in AnyResult, found by type: its order is the registry's (resultkinds.h).
    QTest::addColumn<int>("kind");
    QTest::newRow("sweep") << "sweep" << int(variantIndex<SweepResult>());
    QTest::newRow("fsbench") << "fsbench-ext4-xfs" << int(variantIndex<fsbench::FsBenchResult>());
    QTest::newRow("mkfs-timing") << "mkfs-timing" << int(variantIndex<fsbench::MkfsTimingResult>());
    QTest::newRow("recovery") << "recovery-smoke" << int(variantIndex<recovery::RecoveryResult>());
    QTest::newRow("fill-curve") << "fill-curve" << int(variantIndex<recovery::FillCurveResult>());
    QTest::newRow("background-probe")
        << "background-probe" << int(variantIndex<probe::BackgroundProbeResult>());
    QTest::newRow("stall") << "stall" << int(variantIndex<stall::StallResult>());
    QTest::newRow("health") << "health-ata" << int(variantIndex<health::DriveHealth>());
    QTest::newRow("audit") << "audit" << int(variantIndex<audit::AuditReport>());
    QTest::newRow("advice") << "advice" << int(variantIndex<advice::Advice>());
    QTest::newRow("diagnosis") << "diagnosis" << int(variantIndex<DiagnosisResult>());
    QTest::newRow("fstrim-timing")
        << "fstrim-timing" << int(variantIndex<watch::FstrimTimingResult>());
    QTest::newRow("watch") << "watch" << int(variantIndex<watch::DiscardWatch>());
    static_assert(std::variant_size_v<AnyResult> == 13,
                  "a new kind of result needs its sample here");
}

void TestResultFile::samplesRoundTrip()
{
    QFETCH(QString, name);
    QFETCH(int, kind);
    const QByteArray bytes = sample(name);
    const Expected<AnyResult> read = readAnyResult(bytes);
    QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
    QCOMPARE(int(read->index()), kind);
    const QJsonObject written = objectOf(resultToJsonBytes(*read));
    const QJsonObject original = objectOf(bytes);
    QVERIFY2(written == original, qPrintable(firstDifference(written, original)));
}

void TestResultFile::envelopeOfEveryRun_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("stopReason");
    for (const char *name :
         {"sweep", "fsbench-ext4-xfs", "mkfs-timing", "recovery-smoke", "fill-curve",
          "background-probe", "stall", "diagnosis", "fstrim-timing"})
        QTest::newRow(name) << name << QStringLiteral("completed");
}

void TestResultFile::envelopeOfEveryRun()
{
    QFETCH(QString, name);
    QFETCH(QString, stopReason);
    const QJsonObject file = objectOf(sample(name));
    const Expected<AnyResult> read = readAnyResult(sample(name));
    QVERIFY(read);
    const ResultEnvelope envelope = envelopeOf(*read);
    QVERIFY(envelope.isRun());
    QCOMPARE(envelope.schema, file.value(QStringLiteral("schema")).toString());
    QCOMPARE(envelope.kind, file.value(QStringLiteral("kind")).toString());
    QCOMPARE(stopReasonName(envelope.run.stopReason), stopReason);
    QCOMPARE(envelope.run.toolVersion, file.value(QStringLiteral("tool_version")).toString());
    QCOMPARE(envelope.run.drive.toJson(), file.value(QStringLiteral("drive")).toObject());
    QCOMPARE(envelope.run.started.toString(Qt::ISODateWithMs),
             file.value(QStringLiteral("started")).toString());
    QVERIFY(envelope.run.finished >= envelope.run.started);
    QVERIFY(!envelope.run.error.isError());
}

void TestResultFile::healthRecomputesTheLifespan()
{
    auto health = readResult<health::DriveHealth>(sample(QStringLiteral("health-ata")));
    QVERIFY(health);
    QVERIFY(health->ata);
    QVERIFY(!health->ata->attributes.isEmpty());
    QVERIFY(health->lifespan.years);
    const double defaultYears = *health->lifespan.years;
    health::LifespanAssumptions slc =
        health::LifespanAssumptions::forCellType(health::CellType::Slc);
    health->recomputeLifespan(slc);
    QVERIFY(health->lifespan.years);
    QVERIFY2(*health->lifespan.years > 10 * defaultYears,
             qPrintable(QStringLiteral("%1 vs %2").arg(*health->lifespan.years).arg(defaultYears)));
}

// Found by bench/fuzz/fuzz_result_file (UBSan: 304 is outside the range of unsigned char): a
// saved health report's normalized attribute values are bytes; anything else reads as unknown,
// never as a wrapped-around cast.
void TestResultFile::numbersOutOfRangeAreUnknown_data()
{
    QTest::addColumn<QJsonValue>("value");
    QTest::newRow("above a byte") << QJsonValue(304);
    QTest::newRow("negative") << QJsonValue(-1);
    QTest::newRow("huge") << QJsonValue(1e300);
}

void TestResultFile::numbersOutOfRangeAreUnknown()
{
    QFETCH(QJsonValue, value);
    QJsonObject file = objectOf(sample(QStringLiteral("health-ata")));
    QJsonArray attributes = file.value(QLatin1String("attributes")).toArray();
    QJsonObject first = attributes.at(0).toObject();
    first.insert(QLatin1String("value"), value);
    attributes.replace(0, first);
    file.insert(QLatin1String("attributes"), attributes);
    const auto health = readResult<health::DriveHealth>(QJsonDocument(file).toJson());
    QVERIFY2(health, qPrintable(health ? QString() : health.error().message));
    QVERIFY(health->ata);
    QVERIFY(!health->ata->attributes.at(0).value.has_value());
}

void TestResultFile::nvmeHealthRoundTrips()
{
    QByteArray log(512, '\0');
    log[0] = 0x04;                      // reliability degraded
    log[1] = char(0x3b), log[2] = 0x01; // 315 K
    log[3] = 95, log[4] = 10, log[5] = 7;
    log[32] = char(0x40), log[33] = 0x42, log[34] = 0x0f;       // data units read: 1,000,000
    log[48] = char(0x80), log[49] = char(0x84), log[50] = 0x1e; // written: 2,000,000
    log[128] = 0x10, log[129] = 0x27;                           // 10,000 power-on hours
    log[200] = char(0x2c), log[201] = 0x01;                     // sensor 1: 300 K
    QByteArray identify(4096, '\0');
    identify.replace(24, 9, "NVMe Test");
    identify[520] = 0x04; // ONCS: Dataset Management
    auto parsed = health::parseNvmeSmartLog(log);
    QVERIFY(parsed);
    const health::DriveHealth written =
        health::summarizeNvme(*parsed, health::parseNvmeIdentifyController(identify).value(), 512e9,
                              health::LifespanAssumptions());
    const QByteArray bytes = resultToJsonBytes(written);
    const auto read = readResult<health::DriveHealth>(bytes);
    QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
    QVERIFY(read->nvme && read->nvmeIdentify);
    QCOMPARE(read->nvme->dataUnitsWritten.toDecimal(), QStringLiteral("2000000"));
    QCOMPARE(read->nvme->temperatureSensorsKelvin, QList<quint16>{300});
    const QJsonObject again = objectOf(resultToJsonBytes(*read));
    QVERIFY2(again == objectOf(bytes), qPrintable(firstDifference(again, objectOf(bytes))));
}

void TestResultFile::legacyAuditReportOpens()
{
    QJsonObject legacy = objectOf(sample(QStringLiteral("audit")));
    legacy.insert(QStringLiteral("schema"), QStringLiteral("trimscope.audit-report"));
    legacy.remove(QStringLiteral("schema_version"));
    legacy.insert(QStringLiteral("version"), 1);
    const auto report = readResult<audit::AuditReport>(QJsonDocument(legacy).toJson());
    QVERIFY2(report, qPrintable(report ? QString() : report.error().message));
    QVERIFY(!report->findings.isEmpty());
}

void TestResultFile::refusesWhatItCannotRead_data()
{
    // What the reader met, typed (FileFault: the GUI words a refusal from it without reading the
    // file again), and its own reason.
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("fault");
    QTest::addColumn<QString>("why");
    QTest::newRow("empty") << QByteArray() << int(FileFault::NoJson) << "not a TrimScope result";
    QTest::newRow("not json") << QByteArray("sweep,1,2\n") << int(FileFault::NoJson)
                              << "not a TrimScope result";
    QTest::newRow("an array") << QByteArray("[1, 2]") << int(FileFault::NoJson)
                              << "not a JSON object";
    QTest::newRow("cut short in a string")
        << QByteArray(R"({"schema": "io.github.trimscope.sweep", "drive": {"model": "X)")
        << int(FileFault::CutShort) << "not a TrimScope result";
    QTest::newRow("cut short after a value")
        << QByteArray("{\"schema\": \"io.github.trimscope.sweep\",\n  ") << int(FileFault::CutShort)
        << "not a TrimScope result";
    QTest::newRow("broken inside")
        << QByteArray(R"({"schema": "io.github.trimscope.sweep", oops, "schema_version": 1})")
        << int(FileFault::BrokenJson) << "not a TrimScope result";
    QTest::newRow("no schema") << QByteArray(R"({"schema_version": 1})") << int(FileFault::NoSchema)
                               << "no schema";
    QTest::newRow("no version") << QByteArray(R"({"schema": "io.github.trimscope.sweep"})")
                                << int(FileFault::Unreadable) << "without a schema version";
    QTest::newRow("unknown schema")
        << QByteArray(R"({"schema": "org.example.other", "schema_version": 1})")
        << int(FileFault::ForeignSchema) << "unknown schema \"org.example.other\"";
    QTest::newRow("a schema of ours this version does not know")
        << QByteArray(R"({"schema": "io.github.trimscope.later", "schema_version": 1})")
        << int(FileFault::Unreadable) << "unknown schema \"io.github.trimscope.later\"";
    QTest::newRow("from the future")
        << QByteArray(R"({"schema": "io.github.trimscope.fill-curve", "schema_version": 99})")
        << int(FileFault::Unreadable) << "schema version 99 is newer";
    QTest::newRow("a sweep sample without a size")
        << QByteArray(R"({"schema": "io.github.trimscope.sweep", "schema_version": 1,
                          "trace": [{"bytes": 0, "seconds": 0.1}]})")
        << int(FileFault::Unreadable) << "not a TrimScope sweep result: a sample has no size";
    QTest::newRow("a run of unknown status")
        << QByteArray(R"({"schema": "io.github.trimscope.mkfs-timing", "schema_version": 1,
                          "runs": [{"filesystem": "ext4", "status": "great"}]})")
        << int(FileFault::Unreadable) << "has no known status";
    QTest::newRow("an advice without verdict")
        << QByteArray(R"({"schema": "io.github.trimscope.advice", "schema_version": 1})")
        << int(FileFault::Unreadable) << "unknown verdict";
}

void TestResultFile::refusesWhatItCannotRead()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, fault);
    QFETCH(QString, why);
    const Expected<AnyResult> read = readAnyResult(bytes);
    QVERIFY(!read);
    QCOMPARE(read.error().code, ErrorCode::InvalidArgument);
    QVERIFY2(read.error().message.contains(why), qPrintable(read.error().message));
    QCOMPARE(int(read.error().file.kind), fault);
    if (fault == FileFault::BrokenJson) { // where the parser stopped: at "oops", of the whole
        QCOMPARE(read.error().file.at, qint64(bytes.indexOf("oops") + 1));
        QCOMPARE(read.error().file.size, qint64(bytes.size()));
    }
}

void TestResultFile::readResultNamesTheKindFound()
{
    const auto read = readResult<SweepResult>(sample(QStringLiteral("recovery-smoke")));
    QVERIFY(!read);
    QCOMPARE(read.error().message,
             QStringLiteral("not a TrimScope sweep result: it holds a write-recovery result"));
}

void TestResultFile::adviceTakesWhatItReads()
{
    advice::AdviceInput input;
    for (const char *name : {"sweep", "fsbench-ext4-xfs", "background-probe", "audit"}) {
        const Expected<AnyResult> read = readAnyResult(sample(QLatin1String(name)));
        QVERIFY(read);
        const Error error = addAdviceInput(*read, input);
        QVERIFY2(!error.isError(), qPrintable(error.message));
    }
    QCOMPARE(input.sweeps.size(), 1);
    QVERIFY(!input.filesystems.isEmpty());
    QVERIFY(input.backgroundProbe && input.audit);
    // A second filesystem file replaces the profiles of the filesystems it measured.
    const qsizetype profiles = input.filesystems.size();
    QVERIFY(!addAdviceInput(*readAnyResult(sample(QStringLiteral("fsbench-ext4-xfs"))), input)
                 .isError());
    QCOMPARE(input.filesystems.size(), profiles);
    // Another drive's sweep is refused; so is what the advice does not read.
    SweepResult other = std::get<SweepResult>(*readAnyResult(sample(QStringLiteral("sweep"))));
    other.drive.serial = QStringLiteral("another");
    QCOMPARE(addAdviceInput(other, input).code, ErrorCode::InvalidArgument);
    const Error refused =
        addAdviceInput(*readAnyResult(sample(QStringLiteral("mkfs-timing"))), input);
    QVERIFY2(refused.message.contains(QLatin1String("mkfs-timing")), qPrintable(refused.message));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestResultFile)
#include "tst_resultfile.moc"
