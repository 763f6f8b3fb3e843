// The history store on real SQLite files: migrations from each released schema, a reading taken
// twice counted once, a corrupt, cut, foreign or newer file, and two collectors at once.
#include "history/historystore.h"
#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSemaphore>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <thread>

using namespace trimscope::history;

namespace {
const QString kCli = QStringLiteral(TRIMSCOPE_BINARY_DIR "/app/cli/trimscope-cli");

// Runs SQL on a file through a connection of its own, closed before the store opens it.
void execSql(const QString &path, const QStringList &statements)
{
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fixture"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        for (const QString &s : statements)
            QVERIFY2(q.exec(s), qPrintable(s));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("fixture"));
}

qint64 scalar(const QString &path, const QString &sql)
{
    qint64 v = -1;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
        db.setDatabaseName(path);
        db.open();
        QSqlQuery q(db);
        if (q.exec(sql) && q.next())
            v = q.value(0).toLongLong();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("peek"));
    return v;
}

// Schema version 1 as it was released: a file a user may have.
const QStringList kVersion1{
    QStringLiteral("CREATE TABLE drives (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, model "
                   "TEXT, serial TEXT, capacity_bytes REAL, last_name TEXT)"),
    QStringLiteral(
        "CREATE TABLE days (drive INTEGER NOT NULL REFERENCES drives(id), day TEXT NOT NULL, "
        "power_on_hours REAL, host_writes_bytes REAL, host_reads_bytes REAL, percent_used REAL, "
        "available_spare REAL, temperature_min REAL, temperature_max REAL, media_errors REAL, "
        "reallocated_sectors REAL, pending_sectors REAL, critical_warning REAL, smart_failing "
        "REAL, discard_count REAL, discard_bytes REAL, discard_seconds REAL, smart_status TEXT, "
        "UNIQUE(drive, day))"),
    QStringLiteral("CREATE TABLE events (drive INTEGER NOT NULL REFERENCES drives(id), at TEXT "
                   "NOT NULL, kind TEXT NOT NULL, details TEXT, UNIQUE(drive, at, kind))"),
    QStringLiteral("CREATE TABLE counters (drive INTEGER PRIMARY KEY REFERENCES drives(id), "
                   "boot_id TEXT, ios INTEGER, sectors INTEGER, ms INTEGER)"),
    QStringLiteral("INSERT INTO drives VALUES (1, 'wwn:naa.5002538e4', 'Samsung SSD 870 EVO "
                   "1TB', 'S5Y1NX0R', 1e12, 'sda')"),
    QStringLiteral("INSERT INTO days (drive, day, power_on_hours, host_writes_bytes, "
                   "percent_used) VALUES (1, '2026-01-02', 1234, 5e12, 3)"),
    QStringLiteral("PRAGMA user_version = 1"),
    QStringLiteral("PRAGMA application_id = 1414744113"),
};

// Schema version 2 as it was released, with the counters of a fixed drive and of a card reader
// (whose medium can change) taken in boot-a: a file made before counters had a diskseq.
QStringList version2()
{
    QStringList statements = kVersion1.mid(0, kVersion1.size() - 2);
    statements << QStringLiteral("ALTER TABLE days ADD COLUMN crc_errors REAL")
               << QStringLiteral("ALTER TABLE days ADD COLUMN spare_threshold REAL")
               << QStringLiteral("CREATE TABLE alerts (drive INTEGER NOT NULL REFERENCES "
                                 "drives(id), rule TEXT NOT NULL, state TEXT NOT NULL, PRIMARY "
                                 "KEY(drive, rule))")
               << QStringLiteral("INSERT INTO drives VALUES (2, 'serial:Reader:R1', 'Reader', "
                                 "'R1', 3.2e10, 'sdc')")
               << QStringLiteral("INSERT INTO counters VALUES (1, 'boot-a', 100, 8000, 200)")
               << QStringLiteral("INSERT INTO counters VALUES (2, 'boot-a', 100, 8000, 200)")
               << QStringLiteral("PRAGMA user_version = 2")
               << QStringLiteral("PRAGMA application_id = 1414744113");
    return statements;
}

DriveReading reading(QDate day, double writes)
{
    DriveReading r;
    r.key = QStringLiteral("wwn:naa.5002538e4");
    r.model = QStringLiteral("Samsung SSD 870 EVO 1TB");
    r.serial = QStringLiteral("S5Y1NX0R");
    r.capacityBytes = 1e12;
    r.name = QStringLiteral("sda");
    r.day.day = day;
    r.day.set(Metric::HostWritesBytes, writes);
    r.day.set(Metric::TemperatureMinCelsius, 35);
    r.day.set(Metric::TemperatureMaxCelsius, 35);
    return r;
}
} // namespace

class TestHistoryStore : public QObject
{
    Q_OBJECT
private slots:
    void migrations_data();
    void migrations();
    void readingTwiceCountsOnce();
    void discardsAcrossReboots();
    void countersOfSchema2_data();
    void countersOfSchema2();
    void badFiles_data();
    void badFiles();
    void twoCollectorsAtOnce();
    void openWhileAnotherWrites_data();
    void openWhileAnotherWrites();
};

void TestHistoryStore::migrations_data()
{
    QTest::addColumn<QStringList>("fixture");
    QTest::addColumn<int>("daysBefore");
    QTest::newRow("no file yet") << QStringList() << 0;
    QTest::newRow("version 1 with a day") << kVersion1 << 1;
}

void TestHistoryStore::migrations()
{
    QFETCH(QStringList, fixture);
    QFETCH(int, daysBefore);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sub/history.sqlite"));
    if (!fixture.isEmpty()) {
        QDir().mkpath(dir.filePath(QStringLiteral("sub")));
        execSql(path, fixture);
    }
    {
        auto store = HistoryStore::open(path);
        QVERIFY2(store, qPrintable(store.error().message));
        QVERIFY((*store)->movedAsideTo().isEmpty());
        QCOMPARE((*store)->drives().size(), daysBefore);
        // The columns version 2 added take a reading.
        DriveReading r = reading(QDate(2026, 1, 3), 6e12);
        r.day.set(Metric::CrcErrors, 2);
        r.day.set(Metric::SpareThresholdPercent, 10);
        QVERIFY((*store)->record(r));
        const auto drive = (*store)->findDrive(QStringLiteral("sda"));
        QVERIFY(drive);
        const QList<HistoryDay> days = (*store)->days(drive->id);
        QCOMPARE(days.size(), daysBefore + 1);
        if (daysBefore)
            QCOMPARE(days.constFirst().value(Metric::PercentUsed), std::optional<double>(3));
        QCOMPARE(days.constLast().value(Metric::CrcErrors), std::optional<double>(2));
    }
    QCOMPARE(scalar(path, QStringLiteral("PRAGMA user_version")), qint64(kSchemaVersion));
    QCOMPARE(scalar(path, QStringLiteral("PRAGMA application_id")), qint64(kApplicationId));
    QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM pragma_journal_mode() WHERE "
                                         "journal_mode = 'wal'")),
             qint64(1));
}

void TestHistoryStore::readingTwiceCountsOnce()
{
    QTemporaryDir dir;
    auto store = HistoryStore::open(dir.filePath(QStringLiteral("h.sqlite")));
    QVERIFY(store);
    DriveReading morning = reading(QDate(2026, 3, 1), 1e12);
    DriveReading evening = reading(QDate(2026, 3, 1), 1.1e12);
    evening.day.set(Metric::TemperatureMaxCelsius, 51);
    evening.day.set(Metric::TemperatureMinCelsius, 40);
    for (const DriveReading &r : {morning, morning, evening, evening})
        QVERIFY((*store)->record(r));
    const auto drive = (*store)->findDrive(QStringLiteral("S5Y1NX0R"));
    QVERIFY(drive);
    const QList<HistoryDay> days = (*store)->days(drive->id);
    QCOMPARE(days.size(), 1);
    QCOMPARE(days[0].value(Metric::HostWritesBytes), std::optional<double>(1.1e12));
    QCOMPARE(days[0].value(Metric::TemperatureMinCelsius), std::optional<double>(35));
    QCOMPARE(days[0].value(Metric::TemperatureMaxCelsius), std::optional<double>(51));
    QVERIFY(!days[0].value(Metric::MediaErrors)); // never reported: unknown, not 0
    // The next day is a row of its own; a day between without a reading stays a gap.
    QVERIFY((*store)->record(reading(QDate(2026, 3, 3), 1.3e12)));
    const QList<SeriesPoint> writes = (*store)->series(drive->id, Metric::HostWritesBytes);
    QCOMPARE(writes.size(), 2);
    QCOMPARE(writes[1].day, QDate(2026, 3, 3));
}

void TestHistoryStore::discardsAcrossReboots()
{
    QTemporaryDir dir;
    auto store = HistoryStore::open(dir.filePath(QStringLiteral("h.sqlite")));
    QVERIFY(store);
    const QDate day(2026, 3, 1);
    const auto withCounters = [&](QDate d, const QString &boot, quint64 ios, quint64 sectors) {
        DriveReading r = reading(d, 1e12);
        r.discards = DiscardCounterReading();
        r.discards->bootId = boot;
        r.discards->ios = ios;
        r.discards->sectors = sectors;
        r.discards->milliseconds = ios * 2;
        return r;
    };
    struct Step
    {
        DriveReading r;
        QDate day;
        std::optional<double> count; // that day's discards after the step
    };
    const QList<Step> steps{
        // The first reading only sets the baseline: what came before is nobody's day.
        {withCounters(day, QStringLiteral("boot-a"), 100, 8000), day, std::nullopt},
        {withCounters(day, QStringLiteral("boot-a"), 110, 9000), day, 10},
        {withCounters(day, QStringLiteral("boot-a"), 110, 9000), day, 10}, // the same again
        // A reboot: the counters start from 0, all of them new.
        {withCounters(day, QStringLiteral("boot-b"), 3, 24), day, 13},
        {withCounters(day.addDays(1), QStringLiteral("boot-b"), 7, 56), day.addDays(1), 4},
    };
    for (const Step &s : steps) {
        const auto id = (*store)->record(s.r);
        QVERIFY(id);
        const QList<HistoryDay> d = (*store)->days(*id, s.day, s.day);
        QCOMPARE(d.size(), 1);
        QCOMPARE(d[0].value(Metric::DiscardCount), s.count);
    }
    const auto drive = (*store)->findDrive(QStringLiteral("sda"));
    QCOMPARE((*store)->days(drive->id)[0].value(Metric::DiscardBytes),
             std::optional<double>((1000 + 24) * 512.0));
}

// Issue 46, item 10: counters kept before schema 3 have no diskseq. A fixed drive's go on within
// the boot; a card reader's may have been another card's, so its next reading starts a new
// series (here 30 discards more since that reading are not counted: no sighting says whose).
void TestHistoryStore::countersOfSchema2_data()
{
    QTest::addColumn<QString>("drive");
    QTest::addColumn<bool>("canChange");
    QTest::addColumn<QList<double>>("counts"); // the day's discards after each reading
    QTest::newRow("fixed drive") << "sda" << false << QList<double>{30, 35};
    QTest::newRow("card reader") << "sdc" << true << QList<double>{-1, 5};
}

void TestHistoryStore::countersOfSchema2()
{
    QFETCH(QString, drive);
    QFETCH(bool, canChange);
    QFETCH(QList<double>, counts);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    execSql(path, version2());
    {
        auto store = HistoryStore::open(path);
        QVERIFY2(store, qPrintable(store.error().message));
        const auto known = (*store)->findDrive(drive);
        QVERIFY(known);
        const QDate day(2026, 3, 1);
        for (int i = 0; i < counts.size(); ++i) {
            DriveReading r;
            r.key = known->key;
            r.name = drive;
            r.day.day = day;
            r.discards = DiscardCounterReading();
            r.discards->bootId = QStringLiteral("boot-a");
            r.discards->ios = 130 + quint64(i) * 5;
            r.discards->sectors = r.discards->ios * 80;
            r.discards->milliseconds = r.discards->ios * 2;
            r.discards->diskseq = 9;
            r.discards->mediumCanChange = canChange;
            r.discards->attachmentFirst = DiscardCounts{120, 9600, 0}; // before or after?
            QVERIFY((*store)->record(r));
            const QList<HistoryDay> days = (*store)->days(known->id, day, day);
            QCOMPARE(days.size(), 1);
            QCOMPARE(days[0].value(Metric::DiscardCount).value_or(-1), counts[i]);
        }
    }
    QCOMPARE(scalar(path, QStringLiteral("SELECT diskseq FROM counters WHERE drive = (SELECT id "
                                         "FROM drives WHERE last_name = '%1')")
                              .arg(drive)),
             qint64(9));
    QCOMPARE(scalar(path, QStringLiteral("PRAGMA user_version")), qint64(kSchemaVersion));
}

void TestHistoryStore::badFiles_data()
{
    QTest::addColumn<QString>("kind");    // how the file is made
    QTest::addColumn<QString>("asideAs"); // "corrupt", "foreign", "" (kept), "refused"
    QTest::newRow("garbage") << "garbage"
                             << "corrupt";
    QTest::newRow("cut mid-write") << "cut"
                                   << "corrupt";
    QTest::newRow("another program's SQLite") << "foreign"
                                              << "foreign";
    QTest::newRow("empty file") << "empty"
                                << "";
    QTest::newRow("a newer TrimScope's") << "newer"
                                         << "refused";
}

void TestHistoryStore::badFiles()
{
    QFETCH(QString, kind);
    QFETCH(QString, asideAs);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    if (kind == QLatin1String("garbage")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, '\x5a'));
    } else if (kind == QLatin1String("cut")) {
        {
            auto store = HistoryStore::open(path);
            QVERIFY(store);
            for (int i = 0; i < 200; ++i)
                QVERIFY((*store)->record(reading(QDate(2025, 1, 1).addDays(i), i * 1e9)));
            execSql(path, {QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")});
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.size() > 8192);
        f.resize(f.size() / 2); // the rest of the file never reached the disk
    } else if (kind == QLatin1String("foreign")) {
        execSql(path, {QStringLiteral("CREATE TABLE moz_places (id INTEGER, url TEXT)"),
                       QStringLiteral("INSERT INTO moz_places VALUES (1, 'https://example.org')")});
    } else if (kind == QLatin1String("empty")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
    } else if (kind == QLatin1String("newer")) {
        execSql(path, {QStringLiteral("CREATE TABLE future (x)"),
                       QStringLiteral("PRAGMA user_version = 99"),
                       QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)});
    }
    QFile before(path);
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray bytes = before.readAll();
    before.close();

    auto store = HistoryStore::open(path);
    if (asideAs == QLatin1String("refused")) {
        QVERIFY(!store);
        QVERIFY2(store.error().message.contains(QLatin1String("newer TrimScope")),
                 qPrintable(store.error().message));
        QFile after(path);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), bytes); // left as it was
        return;
    }
    QVERIFY2(store, qPrintable(store.error().message));
    if (asideAs.isEmpty()) {
        QVERIFY((*store)->movedAsideTo().isEmpty());
    } else {
        const QString aside = (*store)->movedAsideTo();
        QVERIFY2(aside.startsWith(path + QLatin1Char('.') + asideAs + QLatin1Char('-')),
                 qPrintable(aside));
        QVERIFY2((*store)->movedAsideReason().contains(aside),
                 qPrintable((*store)->movedAsideReason()));
        QFile moved(aside);
        QVERIFY(moved.open(QIODevice::ReadOnly));
        QCOMPARE(moved.readAll(), bytes); // the old history kept, byte for byte
    }
    // A new history works.
    QVERIFY((*store)->record(reading(QDate(2026, 5, 1), 1e9)));
    QCOMPARE((*store)->drives().size(), 1);
}

void TestHistoryStore::twoCollectorsAtOnce()
{
    if (!QFile::exists(kCli))
        QSKIP("trimscope-cli is not built");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("h.sqlite"));
    const QStringList args{QStringLiteral("history"),    QStringLiteral("record"),
                           QStringLiteral("--simulate"), QStringLiteral("ocz-agility3"),
                           QStringLiteral("--days"),     QStringLiteral("60"),
                           QStringLiteral("--db"),       path};
    QProcess a, b;
    a.start(kCli, args);
    b.start(kCli, args);
    QVERIFY(a.waitForFinished(60000) && b.waitForFinished(60000));
    QVERIFY2(a.exitCode() == 0, a.readAllStandardError().constData());
    QVERIFY2(b.exitCode() == 0, b.readAllStandardError().constData());
    // 60 days, every 37th missing: one row each, not two, and the same as one collector's.
    QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM days")), qint64(59));
    QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM drives")), qint64(1));
    QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM (SELECT day FROM days GROUP BY "
                                         "drive, day HAVING count(*) > 1)")),
             qint64(0));
    // One collector alone writes the same figures.
    const QString alone = dir.filePath(QStringLiteral("alone.sqlite"));
    QStringList aloneArgs = args;
    aloneArgs.last() = alone;
    QCOMPARE(QProcess::execute(kCli, aloneArgs), 0);
    for (const char *sum : {"sum(discard_count)", "sum(discard_bytes)", "sum(host_writes_bytes)"}) {
        const QString sql = QStringLiteral("SELECT %1 FROM days").arg(QLatin1String(sum));
        QCOMPARE(scalar(path, sql), scalar(alone, sql));
    }
}

void TestHistoryStore::openWhileAnotherWrites_data()
{
    QTest::addColumn<QStringList>("fixture");
    QTest::newRow("no file yet") << QStringList();
    QTest::newRow("version 1, not yet in WAL mode") << kVersion1;
}

// The file is switched to WAL while another connection holds its write lock, as when two
// collectors create it together (twoCollectorsAtOnce failed 1 run in 30-60 so: "database is
// locked" from PRAGMA journal_mode). SQLite answers that switch with SQLITE_BUSY at once, without
// its busy timeout; the store waits as long as the busy timeout would have.
void TestHistoryStore::openWhileAnotherWrites()
{
    QFETCH(QStringList, fixture);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("h.sqlite"));
    if (!fixture.isEmpty())
        execSql(path, fixture);
    constexpr int kHoldMs = 300;
    QSemaphore locked, done;
    std::thread writer([&] {
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("writer"));
            db.setDatabaseName(path);
            QSqlQuery q(db);
            const bool held = db.open() && q.exec(QStringLiteral("BEGIN IMMEDIATE"));
            locked.release();
            if (held) {
                QThread::msleep(kHoldMs);
                q.exec(QStringLiteral("COMMIT"));
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("writer"));
        done.release();
    });
    locked.acquire();
    QElapsedTimer clock;
    clock.start();
    auto store = HistoryStore::open(path);
    const qint64 waited = clock.elapsed();
    done.acquire();
    writer.join();
    QVERIFY2(store, qPrintable(store.error().message));
    QVERIFY((*store)->record(reading(QDate(2026, 4, 1), 1e12)));
    QVERIFY2(waited < 10000, qPrintable(QStringLiteral("waited %1 ms").arg(waited)));
    QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM pragma_journal_mode() WHERE "
                                         "journal_mode = 'wal'")),
             qint64(1));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHistoryStore)
#include "tst_historystore.moc"
