// trimscope-cli health, driven as a user would: on every blob its figures must be checkable
// against skdump (the recorded *.skdump files).
#include "../../support/nvmehealthreport.h"
#include "testmain.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {
const QString kBlobDir = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/ata-smart-blobs");
const QString kCli = QStringLiteral(TRIMSCOPE_BINARY_DIR "/app/cli/trimscope-cli");

struct Run
{
    int exitCode;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(kCli, args);
    if (!p.waitForFinished(30000))
        qFatal("trimscope-cli hung");
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QStringList skdumpAttributeLines(const QString &blob)
{
    QFile f(kBlobDir + QLatin1Char('/') + blob + QStringLiteral(".skdump"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no oracle for %s", qPrintable(blob));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    QStringList rows;
    bool table = false;
    for (const QString &line : lines) {
        if (table && !line.trimmed().isEmpty())
            rows << line.simplified();
        table = table || line.startsWith(QLatin1String("ID#"));
    }
    return rows;
}
} // namespace

class tst_HealthCli : public QObject
{
    Q_OBJECT

private slots:
    void everyBlob_data();
    void everyBlob();
    void driveDatabaseNames();
    void refusals_data();
    void refusals();
    void assumptionsAreEditable();
    void saysWhatAReadAfterTrimReturns_data();
    void saysWhatAReadAfterTrimReturns();
};

void tst_HealthCli::everyBlob_data()
{
    QTest::addColumn<QString>("blob");
    for (const QString &oracle :
         QDir(kBlobDir).entryList({QStringLiteral("*.skdump")}, QDir::Files))
        QTest::newRow(qPrintable(oracle.chopped(7))) << oracle.chopped(7);
}

void tst_HealthCli::everyBlob()
{
    QFETCH(QString, blob);
    const QString path = kBlobDir + QLatin1Char('/') + blob;
    const QStringList expectedRows = skdumpAttributeLines(blob);
    QVERIFY(!expectedRows.isEmpty());

    const Run json =
        run({QStringLiteral("health"), QStringLiteral("--blob"), path, QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(json.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonArray attributes = o.value(QStringLiteral("attributes")).toArray();
    QCOMPARE(attributes.size(), expectedRows.size());
    QStringList drivedbNames; // smartmontools' names, where its drive database is installed
    QStringList fillers;      // skdump's pretty value of each raw field holding a filler
    for (qsizetype i = 0; i < attributes.size(); ++i) {
        const QJsonObject a = attributes[i].toObject();
        const QStringList cols = expectedRows[i].split(QLatin1Char(' '));
        QCOMPARE(QString::number(a.value(QStringLiteral("id")).toInt()), cols[0]);
        QCOMPARE(a.value(QStringLiteral("name")).toString(), cols[1]);
        for (const auto &[key, col] :
             {std::pair{"value", 2}, std::pair{"worst", 3}, std::pair{"threshold", 4}}) {
            const QJsonValue v = a.value(QLatin1String(key));
            QCOMPARE(v.isNull() ? QStringLiteral("n/a") : QString::number(v.toInt()), cols[col]);
        }
        QVERIFY(a.value(QStringLiteral("raw")).isDouble());
        QCOMPARE(a.value(QStringLiteral("raw_hex")).toString(), cols[cols.size() - 5]);
        drivedbNames.append(a.value(QStringLiteral("drivedb_name")).toString());
        QVERIFY(a.value(QStringLiteral("raw_available")).isBool());
        fillers.append(a.value(QStringLiteral("raw_available")).toBool()
                           ? QString()
                           : a.value(QStringLiteral("pretty")).toString());
    }
    for (const char *key : {"power_on_hours", "temperature_c", "overall", "percent_used",
                            "lifespan", "trim_supported"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QCOMPARE(o.value(QStringLiteral("kind")).toString(), QStringLiteral("ata"));

    // The table is skdump's, but for the name column (smartmontools' name where it has one) and
    // a raw field holding a filler: "not available" (issue 47), where skdump says "63.000%".
    const Run human = run({QStringLiteral("health"), QStringLiteral("--blob"), path});
    QCOMPARE(human.exitCode, 0);
    QStringList ourRows;
    bool table = false;
    for (const QString &line : QString::fromUtf8(human.out).split(QLatin1Char('\n'))) {
        if (table && !line.trimmed().isEmpty())
            ourRows << line.simplified();
        table = table || line.startsWith(QLatin1String("ID#"));
    }
    QStringList expectedHuman;
    for (qsizetype i = 0; i < expectedRows.size(); ++i) {
        QStringList cols = expectedRows[i].split(QLatin1Char(' '));
        if (!drivedbNames[i].isEmpty())
            cols[1] = drivedbNames[i];
        QString pretty = cols.mid(5).join(QLatin1Char(' ')); // the pretty column and the rest
        if (!fillers[i].isEmpty()) {
            QVERIFY(pretty.startsWith(fillers[i] + QLatin1Char(' ')));
            pretty.replace(0, fillers[i].size(), QStringLiteral("not available"));
        }
        expectedHuman << (cols.mid(0, 5) + QStringList{pretty}).join(QLatin1Char(' '));
    }
    QCOMPARE(ourRows, expectedHuman);
}

// A drive smartmontools' database knows (Intel 320): its names and its family, when the
// database is installed; without it, libatasmart's names and no family, and no failure.
void tst_HealthCli::driveDatabaseNames()
{
    const QString path = kBlobDir + QStringLiteral("/INTEL_SSDSA2CW120G3--4PC10302");
    const Run json =
        run({QStringLiteral("health"), QStringLiteral("--blob"), path, QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(json.out).object();
    const QJsonObject ata = o.value(QStringLiteral("ata")).toObject();
    QJsonObject a225;
    for (const QJsonValue &v : o.value(QStringLiteral("attributes")).toArray()) {
        if (v.toObject().value(QStringLiteral("id")).toInt() == 225)
            a225 = v.toObject();
    }
    QCOMPARE(a225.value(QStringLiteral("name")).toString(), QStringLiteral("total-lbas-written"));
    const Run human = run({QStringLiteral("health"), QStringLiteral("--blob"), path});
    // 226-228 hold 0xFFFF until the drive's workload timer has run an hour: no percent, no
    // "1.5 months", in the table and in the JSON.
    for (const QByteArray &line : human.out.split('\n')) {
        const int id = line.trimmed().split(' ').value(0).toInt();
        if (id >= 226 && id <= 228)
            QVERIFY2(line.contains(" not available ") && !line.contains('%') &&
                         !line.contains("months"),
                     line.constData());
    }
    for (const QJsonValue &v : o.value(QStringLiteral("attributes")).toArray()) {
        const int id = v.toObject().value(QStringLiteral("id")).toInt();
        QCOMPARE(v.toObject().value(QStringLiteral("raw_available")).toBool(),
                 id < 226 || id > 228);
    }
    if (!QFile::exists(QStringLiteral("/usr/share/smartmontools/drivedb.h"))) {
        QVERIFY(!ata.contains(QStringLiteral("drive_database")));
        QCOMPARE(a225.value(QStringLiteral("drivedb_name")).toString(), QString());
        QSKIP("smartmontools is not installed: checked only that health works without it");
    }
    QCOMPARE(a225.value(QStringLiteral("drivedb_name")).toString(),
             QStringLiteral("Host_Writes_32MiB"));
    const QJsonObject db = ata.value(QStringLiteral("drive_database")).toObject();
    QCOMPARE(db.value(QStringLiteral("family")).toString(),
             QStringLiteral("Intel 320 Series SSDs"));
    QVERIFY(db.value(QStringLiteral("entry_matched")).toBool());
    QVERIFY(ata.value(QStringLiteral("host_writes"))
                .toObject()
                .value(QStringLiteral("rule"))
                .toString()
                .contains(QStringLiteral("drive database")));
    QVERIFY2(human.out.contains("Drive DB:     smartmontools ") &&
                 human.out.contains("\"Intel 320 Series SSDs\""),
             human.out.constData());
    QVERIFY(QString::fromUtf8(human.out).contains(
        QRegularExpression(QStringLiteral("(?m)^225 Host_Writes_32MiB +100 "))));
}

void tst_HealthCli::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("nothing") << QStringList{"health"} << 2;
    QTest::newRow("both") << QStringList{"health", "/dev/sda", "--blob",
                                         kBlobDir + "/ST320410A--3.39"}
                          << 2;
    QTest::newRow("two devices") << QStringList{"health", "/dev/sda", "/dev/sdb"} << 2;
    QTest::newRow("missing blob") << QStringList{"health", "--blob", "/nonexistent"} << 2;
    QTest::newRow("not a blob") << QStringList{"health", "--blob", kBlobDir + "/README.md"} << 2;
    QTest::newRow("no such device") << QStringList{"health", "/dev/trimscope-none"} << 2;
    QTest::newRow("bad cell type")
        << QStringList{"health", "--blob", kBlobDir + "/ST320410A--3.39", "--cell-type", "plc"}
        << 2;
    QTest::newRow("bad WA") << QStringList{"health", "--blob", kBlobDir + "/ST320410A--3.39",
                                           "--write-amplification", "0"}
                            << 2;
    QTest::newRow("unknown option") << QStringList{"health", "--frobnicate"} << 2;
}

void tst_HealthCli::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    const Run r = run(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY(r.out.isEmpty());
    // One line, naming the reason.
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(r.err.startsWith("trimscope-cli: "));
}

void tst_HealthCli::assumptionsAreEditable()
{
    const QString path = kBlobDir + QStringLiteral("/INTEL_SSDSA2CW120G3--4PC10302");
    const auto years = [&](const QStringList &extra) {
        const Run r = run(QStringList{QStringLiteral("health"), QStringLiteral("--blob"), path,
                                      QStringLiteral("--json")} +
                          extra);
        const QJsonObject l =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("lifespan")).toObject();
        return l.value(QStringLiteral("years")).toDouble();
    };
    const double tlc = years({});
    QVERIFY(tlc > 0);
    QCOMPARE(years({QStringLiteral("--cell-type"), QStringLiteral("mlc")}), tlc * 3);
    QCOMPARE(years({QStringLiteral("--rated-cycles"), QStringLiteral("2000")}), tlc * 2);
    QCOMPARE(years({QStringLiteral("--write-amplification"), QStringLiteral("1.5")}), tlc * 2);
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_HealthCli)
// Issue 46, items 5 and b: the identity says what a read of a trimmed block returns. ATA from a
// real drive's IDENTIFY (DRAT, RZAT and whether libata trusts them); NVMe from a health report's
// DLFEAT byte (Identify Namespace), or why it was not read.
void tst_HealthCli::saysWhatAReadAfterTrimReturns_data()
{
    QTest::addColumn<QString>("blob"); // an ATA blob, or empty for an NVMe report
    QTest::addColumn<int>("dlfeat");   // -1: no Identify Namespace in the report
    QTest::addColumn<QString>("line");
    QTest::newRow("Intel 320: DRAT, RZAT, trusted")
        << "INTEL_SSDSA2CW120G3--4PC10302" << 0
        << "After TRIM:   a read returns zeroes (DRAT and RZAT; the kernel trusts them: libata "
           "ZERO_AFTER_TRIM)";
    QTest::newRow("NVMe, DLFEAT zeroes and Write Zeroes deallocates")
        << "" << 0x09 << "After TRIM:   a read returns zeroes (DLFEAT 001b)";
    QTest::newRow("NVMe, DLFEAT FFh")
        << "" << 0x02 << "After TRIM:   a read returns all bytes FFh (DLFEAT 010b)";
    QTest::newRow("NVMe, not reported")
        << "" << 0x00 << "After TRIM:   what a read returns is not reported (DLFEAT 000b)";
    QTest::newRow("NVMe, page not read")
        << "" << -1
        << "After TRIM:   not read (Identify Namespace needs root and a namespace node)";
}

void tst_HealthCli::saysWhatAReadAfterTrimReturns()
{
    QFETCH(QString, blob);
    QFETCH(int, dlfeat);
    QFETCH(QString, line);
    QTemporaryDir dir;
    QStringList args{QStringLiteral("health"), QStringLiteral("--blob"),
                     kBlobDir + QLatin1Char('/') + blob};
    if (blob.isEmpty()) {
        const QJsonObject report = nvmeHealthReport(dlfeat);
        QFile file(dir.filePath(QStringLiteral("health.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(report).toJson());
        file.close();
        args = {QStringLiteral("show"), file.fileName()};
    }
    const Run shown = run(args);
    QVERIFY2(shown.exitCode == 0, shown.err.constData());
    QVERIFY2(QString::fromUtf8(shown.out).split(QLatin1Char('\n')).contains(line),
             shown.out.constData());
}

#include "tst_healthcli.moc"
