// smartmontools' drive database: the C-source parser, the presets, the matcher, and what it
// changes in a drive's health. A hand-written fixture (tests/data/drivedb) reaches every path;
// the installed drivedb.h (Debian package smartmontools), when present, is parsed whole and
// checked entry by entry against smartctl's own reading of it.
#include "health/atasmart.h"
#include "health/drivedb.h"
#include "testmain.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QScopeGuard>
#include <QSemaphore>
#include <QStandardPaths>
#include <QTest>
#include <QThread>
#include <memory>

using namespace trimscope;
using namespace trimscope::health;

namespace {
const QString kFixture =
    QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/drivedb/fixture-drivedb.h");
const QString kBlobDir = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/data/ata-smart-blobs");
const QString kInstalled = QStringLiteral("/usr/share/smartmontools/drivedb.h");

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

DriveDatabase fixture()
{
    const auto parsed = parseDriveDbText(readFile(kFixture));
    if (!parsed)
        qFatal("fixture: %s", qPrintable(parsed.error().message));
    return DriveDatabase(*parsed);
}

const AtaAttribute *attribute(const AtaHealth &h, quint8 id)
{
    return h.attribute(id);
}
} // namespace

class tst_DriveDb : public QObject
{
    Q_OBJECT

private slots:
    // First: it holds back the process's one load of the system database before anything
    // starts it. Whoever waits with a context is called back on its thread once the load ends
    // (never while it is held, never once the context is gone), without reading it itself.
    void systemDatabaseAwaited()
    {
        static QSemaphore held; // outlives the test: the gate may still use it after a failure
        QVERIFY(holdSystemDriveDatabaseLoad([] { held.acquire(); }));
        const auto letGo = qScopeGuard([] { held.release(); }); // or exit waits for the load
        const QFuture<const DriveDatabase *> loading = systemDriveDatabaseLoad();
        QVERIFY(!holdSystemDriveDatabaseLoad({})); // too late: the load has started
        QObject waiter;
        auto gone = std::make_unique<QObject>();
        QList<const DriveDatabase *> called;
        int calledGone = 0;
        QVERIFY(!whenSystemDriveDatabaseLoaded(
            &waiter, [&called](const DriveDatabase *database) { called.append(database); }));
        QVERIFY(!whenSystemDriveDatabaseLoaded(
            gone.get(), [&calledGone](const DriveDatabase *) { ++calledGone; }));
        gone.reset();
        QCoreApplication::processEvents();
        QVERIFY(called.isEmpty());
        QVERIFY(!loading.isFinished());
        QVERIFY(!systemDriveDatabaseReader()); // held: nobody has begun, this thread neither

        held.release();
        QTRY_COMPARE(called.size(), 1);
        QVERIFY(loading.isFinished());
        QCOMPARE(called.first(), loading.result());
        QCOMPARE(calledGone, 0);
        QVERIFY(systemDriveDatabaseReader());
        QVERIFY(systemDriveDatabaseReader() != QThread::currentThread());
        // Loaded: the next caller is answered at once, and the blocking call agrees.
        QVERIFY(whenSystemDriveDatabaseLoaded(
            &waiter, [&called](const DriveDatabase *database) { called.append(database); }));
        QCOMPARE(called.size(), 2);
        QCOMPARE(systemDriveDatabase(), loading.result());
        if (QFile::exists(kInstalled))
            QVERIFY(loading.result());
    }

    void lexer_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("firstEntry"); // family, model, firmware, warning, presets
        QTest::addColumn<int>("entries");
        QTest::addColumn<int>("skipped");
        const QStringList plain{"F", "M", "", "", "-v 1,raw48,A"};
        QTest::newRow("plain") << QByteArray("{ \"F\", \"M\", \"\", \"\", \"-v 1,raw48,A\" },")
                               << plain << 1 << 0;
        QTest::newRow("adjacent literals, comments between")
            << QByteArray("{ \"F\", \"M\", \"\", \"\", \"-v 1,\" // one\n \"raw48,\" /* two */ "
                          "\"A\" }")
            << plain << 1 << 0;
        QTest::newRow("escapes")
            << QByteArray("{ \"a\\\"b\\\\c\", \"x\\\\.y\", \"\\x41\\101\", \"l1\\nl2\", \"\" }")
            << QStringList{"a\"b\\c", "x\\.y", "AA", "l1\nl2", ""} << 1 << 0;
        QTest::newRow("comment markers inside a string")
            << QByteArray("{ \"http://x/*y*/\", \"M\", \"\", \"\", \"\" }")
            << QStringList{"http://x/*y*/", "M", "", "", ""} << 1 << 0;
        QTest::newRow("quotes and braces inside comments")
            << QByteArray("// \"{ \n/* } \" { */ { \"F\", \"M\", \"\", \"\", \"-v 1,raw48,A\" }")
            << plain << 1 << 0;
        QTest::newRow("commented-out entry")
            << QByteArray("/* { \"X\", \"X\", \"\", \"\", \"\" }, */ { \"F\", \"M\", \"\", \"\", "
                          "\"-v 1,raw48,A\" }")
            << plain << 1 << 0;
        QTest::newRow("inside an array declaration")
            << QByteArray("const drive_settings d[] = {\n { \"F\", \"M\", \"\", \"\", \"-v "
                          "1,raw48,A\" },\n { \"G\", \"N\", \"\", \"\", \"\" }\n};")
            << plain << 2 << 0;
        QTest::newRow("preprocessor line with a quote")
            << QByteArray("#define Q \"{\"\n{ \"F\", \"M\", \"\", \"\", \"-v 1,raw48,A\" }")
            << plain << 1 << 0;
        QTest::newRow("character literal quote")
            << QByteArray("int q = '\"';\n{ \"F\", \"M\", \"\", \"\", \"-v 1,raw48,A\" }") << plain
            << 1 << 0;
        QTest::newRow("4 strings: skipped")
            << QByteArray("{ \"a\", \"b\", \"c\", \"d\" } { \"F\", \"M\", \"\", \"\", \"-v "
                          "1,raw48,A\" }")
            << plain << 1 << 1;
        QTest::newRow("a number inside: skipped")
            << QByteArray("{ \"a\", 1, \"c\", \"d\", \"e\" } { \"F\", \"M\", \"\", \"\", \"-v "
                          "1,raw48,A\" }")
            << plain << 1 << 1;
    }
    void lexer()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, firstEntry);
        const Expected<DriveDbText> parsed = parseDriveDbText(text);
        QVERIFY2(parsed.hasValue(), qPrintable(parsed.error().message));
        QTEST(int(parsed->entries.size()), "entries");
        QTEST(parsed->skipped, "skipped");
        const DriveDbEntry &e = parsed->entries.first();
        QCOMPARE((QStringList{e.family, e.modelPattern, e.firmwarePattern, e.warning, e.presets}),
                 firstEntry);
    }

    void lexerRefuses_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("only comments") << QByteArray("/* { \"a\" } */ // x\n");
        QTest::newRow("unterminated string") << QByteArray("{ \"F, \"M\" }");
        QTest::newRow("string across a line") << QByteArray("{ \"F\n\", \"M\", \"\", \"\", \"\" }");
        QTest::newRow("unterminated comment")
            << QByteArray("{ \"F\", \"M\", \"\", \"\", \"\" } /* never closed");
    }
    void lexerRefuses()
    {
        QFETCH(QByteArray, text);
        const Expected<DriveDbText> parsed = parseDriveDbText(text);
        QVERIFY(!parsed);
        QCOMPARE(parsed.error().code, ErrorCode::InvalidArgument);
    }

    void presets()
    {
        const QList<DriveDbAttribute> p =
            parseDriveDbPresets(QStringLiteral("-F nologdir -v 9,raw24(raw8),Power_On_Hours "
                                               "-d sat -v 241,raw48,Total_LBAs_Written,SSD "
                                               "-v 9,minutes -v 300,raw48,Bad -v x,raw48,Bad "
                                               "-v 202,raw48,Data_Address_Mark_Errs,HDD"));
        QCOMPARE(p.size(), 4);
        QCOMPARE(p[0].id, quint8(9));
        QCOMPARE(p[0].format, QStringLiteral("raw24(raw8)"));
        QCOMPARE(p[0].name, QStringLiteral("Power_On_Hours"));
        QVERIFY(!p[0].hddOnly && !p[0].ssdOnly);
        QVERIFY(p[1].ssdOnly && !p[1].hddOnly);
        // An old form, as smartctl reads it.
        QCOMPARE(p[2].format, QStringLiteral("min2hour"));
        QCOMPARE(p[2].name, QStringLiteral("Power_On_Minutes"));
        QVERIFY(p[3].hddOnly);
    }

    void posixPatterns_data()
    {
        QTest::addColumn<QString>("ere");
        QTest::addColumn<QString>("subject");
        QTest::addColumn<bool>("matches");
        QTest::newRow("whole string only") << "SSD"
                                           << "SSD 2" << false;
        QTest::newRow("alternation anchored as a whole") << "A|B"
                                                         << "AB" << false;
        QTest::newRow("alternation") << "INTEL A|INTEL B"
                                     << "INTEL B" << true;
        QTest::newRow("escaped dot") << "2\\.9"
                                     << "2x9" << false;
        QTest::newRow("backslash in brackets is literal") << "a[\\]"
                                                          << "a\\" << true;
        QTest::newRow("bracket starting with ]") << "a[]b]"
                                                 << "a]" << true;
        QTest::newRow("posix class") << "[[:digit:]]+"
                                     << "123" << true;
    }
    void posixPatterns()
    {
        QFETCH(QString, ere);
        QFETCH(QString, subject);
        const QRegularExpression re(QRegularExpression::anchoredPattern(posixEreToPcre(ere)));
        QVERIFY2(re.isValid(), qPrintable(re.errorString()));
        QTEST(re.match(subject).hasMatch(), "matches");
    }

    void lookup()
    {
        const DriveDatabase db = fixture();
        QCOMPARE(db.version(), QStringLiteral("9.9/1234"));
        QCOMPARE(db.entryCount(), 2); // VERSION, DEFAULT, "$..." and "USB:" are not drives
        QCOMPARE(db.unusableCount(), 0);

        const DriveDbMatch intel =
            db.lookup(QStringLiteral("INTEL SSDSA2CW120G3"), QStringLiteral("4PC10302"), true);
        QVERIFY(intel.entryMatched);
        QCOMPARE(intel.family, QStringLiteral("Made-up Intel 320 family"));
        QCOMPARE(intel.attributes.value(225).name, QStringLiteral("Host_Writes_32MiB"));
        // From DEFAULT, SSD-only, on an SSD:
        QCOMPARE(intel.attributes.value(233).name, QStringLiteral("Media_Wearout_Indicator"));
        QVERIFY(!intel.attributes.contains(202)); // HDD-only default, on an SSD
        // The second literal of the model pattern counts: the "A" suffix matches.
        QVERIFY(db.lookup(QStringLiteral("INTEL SSDSA2CW120G3A"), QString(), true).entryMatched);
        QVERIFY(!db.lookup(QStringLiteral("INTEL SSDSA2CW120G3X"), QString(), true).entryMatched);

        // Firmware filter; a "-v N,FORMAT" keeps the default name; the warning's escapes.
        const DriveDbMatch m =
            db.lookup(QStringLiteral("MCCOE64GEMPP"), QStringLiteral("2.9.09"), std::nullopt);
        QVERIFY(m.entryMatched);
        QCOMPARE(m.attributes.value(12).name, QStringLiteral("Power_Cycle_Count"));
        QCOMPARE(m.attributes.value(12).format, QStringLiteral("raw24/raw24"));
        QVERIFY(m.warning.contains(QStringLiteral("\"quotes\" and a backslash \\ in it:\nsee")));
        // Medium unknown: both HDD-only and SSD-only defaults apply, as in smartctl.
        QVERIFY(m.attributes.contains(202) && m.attributes.contains(177));
        QVERIFY(!db.lookup(QStringLiteral("MCCOE64GEMPP"), QStringLiteral("3.0.00"), std::nullopt)
                     .entryMatched);

        // An unknown drive: defaults only, by medium.
        const DriveDbMatch hdd = db.lookup(QStringLiteral("WDC WD5000AAKS"), QString(), false);
        QVERIFY(!hdd.entryMatched);
        QVERIFY(hdd.family.isEmpty());
        QCOMPARE(hdd.attributes.value(202).name, QStringLiteral("Data_Address_Mark_Errs"));
        QVERIFY(!hdd.attributes.contains(233));
        // "$" entries never match.
        QCOMPARE(db.lookup(QStringLiteral("INTEL SSDSA2CW120G3"), QString(), true).family,
                 QStringLiteral("Made-up Intel 320 family"));
    }

    void namesAndMeaningOnBlobs()
    {
        const DriveDatabase db = fixture();
        // Intel 320: names from the entry and DEFAULT; host writes from the drivedb name.
        const QByteArray intelBlob =
            readFile(kBlobDir + QStringLiteral("/INTEL_SSDSA2CW120G3--4PC10302"));
        const auto without = loadAtaSmartBlob(intelBlob);
        const auto with = loadAtaSmartBlob(intelBlob, &db);
        QVERIFY(without && with);
        QVERIFY(!without->driveDb);
        QCOMPARE(attribute(*without, 225)->drivedbName, QString());
        QCOMPARE(attribute(*with, 225)->name, QStringLiteral("total-lbas-written")); // libatasmart
        QCOMPARE(attribute(*with, 225)->drivedbName, QStringLiteral("Host_Writes_32MiB"));
        QCOMPARE(attribute(*with, 233)->drivedbName, QStringLiteral("Media_Wearout_Indicator"));
        QVERIFY(with->hostWritesBytes);
        QCOMPARE(with->hostWritesBytes->attributeId, quint8(225));
        QCOMPARE(with->hostWritesBytes->unitBytes, quint64(32) << 20);
        QCOMPARE(with->hostWritesBytes->value, without->hostWritesBytes->value);
        QVERIFY2(with->hostWritesBytes->rule.contains(QStringLiteral("drive database 9.9/1234")),
                 qPrintable(with->hostWritesBytes->rule));
        QVERIFY(with->percentUsed);
        QCOMPARE(with->percentUsed->attributeId, quint8(233));
        const QJsonObject json = with->toJson();
        QCOMPARE(json.value(QStringLiteral("drive_database"))
                     .toObject()
                     .value(QStringLiteral("family"))
                     .toString(),
                 QStringLiteral("Made-up Intel 320 family"));

        // MCCOE64GEMPP: libatasmart calls 232 "endurance-remaining", and the id table reads wear
        // from it; this database's entry says 232 is reserved space, so wear is unknown rather
        // than guessed.
        const QByteArray mccBlob = readFile(kBlobDir + QStringLiteral("/MCCOE64GEMPP--2.9.09"));
        const auto guessed = loadAtaSmartBlob(mccBlob);
        const auto known = loadAtaSmartBlob(mccBlob, &db);
        QVERIFY(guessed && known);
        QVERIFY(guessed->percentUsed);
        QCOMPARE(guessed->percentUsed->attributeId, quint8(232));
        QCOMPARE(attribute(*known, 232)->drivedbName, QStringLiteral("Available_Reservd_Space"));
        QVERIFY(known->driveDb->entryMatched);
        QVERIFY(!known->percentUsed);
    }

    // The database smartmontools really ships, when it is installed (CI installs it).
    void installedDatabase()
    {
        if (!QFile::exists(kInstalled))
            QSKIP("smartmontools' drivedb.h is not installed (Debian package smartmontools)");
        const auto parsed = parseDriveDbText(readFile(kInstalled));
        QVERIFY2(parsed.hasValue(), qPrintable(parsed.error().message));
        QCOMPARE(parsed->skipped, 0);
        QVERIFY(parsed->entries.size() > 500);
        const DriveDatabase db(*parsed);
        QCOMPARE(db.unusableCount(), 0);
        QVERIFY(!db.version().isEmpty());
    }

    // smartctl -P showall says which entry and names a model/firmware gets: the oracle for
    // every recorded blob.
    void agreesWithSmartctl_data()
    {
        QTest::addColumn<QString>("blob");
        for (const QString &oracle :
             QDir(kBlobDir).entryList({QStringLiteral("*.skdump")}, QDir::Files))
            QTest::newRow(qPrintable(oracle.chopped(7))) << oracle.chopped(7);
    }
    void agreesWithSmartctl()
    {
        QFETCH(QString, blob);
        const QString smartctl = QStandardPaths::findExecutable(
            QStringLiteral("smartctl"), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
        if (!QFile::exists(kInstalled) || smartctl.isEmpty())
            QSKIP("smartmontools is not installed (smartctl and drivedb.h are the oracle)");
        const auto db = loadDriveDatabase({kInstalled});
        QVERIFY(db);
        const auto h = loadAtaSmartBlob(readFile(kBlobDir + QLatin1Char('/') + blob), &*db);
        QVERIFY(h);
        QProcess p;
        p.start(smartctl, {QStringLiteral("-B"), kInstalled, QStringLiteral("-P"),
                           QStringLiteral("showall"), h->identify.model, h->identify.firmware});
        QVERIFY(p.waitForFinished(30000));
        const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).split('\n');
        QString family;
        QHash<int, QString> names;
        bool options = false;
        for (const QString &line : lines) {
            if (line.startsWith(QLatin1String("MODEL FAMILY:")))
                family = line.section(QLatin1Char(':'), 1).trimmed();
            if (line.startsWith(QLatin1String("ATTRIBUTE OPTIONS:")))
                options = true;
            else if (options && !line.startsWith(QLatin1Char(' ')))
                options = false;
            if (options) {
                const QStringList cols = line.section(QLatin1Char(':'), line.contains(':') ? 1 : 0)
                                             .simplified()
                                             .split(' ');
                if (cols.size() >= 2)
                    names.insert(cols[0].toInt(), cols[1]);
            }
        }
        const bool known = lines.value(0).startsWith(QLatin1String("Drive found"));
        QCOMPARE(h->driveDb->entryMatched, known);
        QCOMPARE(h->driveDb->family, family);
        // Every attribute the entry names has that name here (the rest come from DEFAULT).
        for (auto it = names.cbegin(); it != names.cend(); ++it) {
            if (const AtaAttribute *a = h->attribute(quint8(it.key())))
                QCOMPARE(a->drivedbName, it.value());
        }
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(tst_DriveDb)
#include "tst_drivedb.moc"
