// Issue 46, item 10, in the drive history: the discards a day adds are never the difference
// between two attachments' counters. Real loop devices (root): the kernel keeps a loop number's
// counters from one attachment to the next, as a card reader keeps its own across cards.
#include "device/deviceprobe.h"
#include "history/historycollect.h"
#include "plainloop.h"
#include "privileged.h"
#include "testmain.h"
#include "watch/attachment.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using namespace trimscope::history;
using trimscope::test::PlainLoop;

namespace {

constexpr quint64 kMiB = 1024 * 1024;

// The collector's reading of `device` (trimscope-cli history record, which takes physical drives
// only: here a loop device stands for a card reader).
std::optional<DiscardCounterReading> collect(const QString &device, const QString &ledger)
{
    const Expected<BlockDevice> disk = DeviceProbe::sysfsOnly().probePath(device);
    if (!disk)
        return std::nullopt;
    return readDiscardCounters(*disk, QStringLiteral("/sys"), QStringLiteral("/proc"), ledger);
}

// The diskseq of the first sighting the ledger at `path` holds of `name`; 0: none.
quint64 firstSighting(const QString &path, const QString &name)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    const QJsonObject device = QJsonDocument::fromJson(file.readAll())
                                   .object()
                                   .value(QStringLiteral("devices"))
                                   .toObject()
                                   .value(name)
                                   .toObject();
    return quint64(device.value(QStringLiteral("first"))
                       .toObject()
                       .value(QStringLiteral("diskseq"))
                       .toInteger());
}

// Records the collector's reading of `device` as the one drive of this test; false on failure.
bool record(HistoryStore &store, const QString &device, const QString &ledger)
{
    DriveReading r;
    r.key = QStringLiteral("test:card-reader");
    r.model = QStringLiteral("Loop");
    r.name = QFileInfo(device).fileName();
    r.day.day = QDate::currentDate();
    r.discards = collect(device, ledger);
    return r.discards && store.record(r);
}

} // namespace

class TestHistoryAttachment : public QObject
{
    Q_OBJECT
private slots:
    void aDayNeverSpansTwoAttachments_data();
    void aDayNeverSpansTwoAttachments();
};

// The earlier attachment is recorded (the baseline), sends 4 discards more that no reading saw,
// and goes; the next one on its number sends 3. Subtracting the earlier reading from the later
// one (what the history did) gave the day 7, 4 of them the earlier medium's. Where something
// looked at the new attachment before it sent (the watch, the GUI), its 3 are counted from that
// first sighting; where the collector is the first to see it, that reading begins a new series
// and only what follows counts (2 more).
void TestHistoryAttachment::aDayNeverSpansTwoAttachments_data()
{
    QTest::addColumn<bool>("reattached");
    QTest::addColumn<bool>("watchedFirst"); // the new attachment seen before its discards
    QTest::addColumn<int>("expected");      // the day's discards
    QTest::newRow("one attachment throughout") << false << false << 4 + 3 + 2;
    QTest::newRow("reattached, watched first") << true << true << 3;
    QTest::newRow("reattached, first seen by the collector") << true << false << 2;
}

void TestHistoryAttachment::aDayNeverSpansTwoAttachments()
{
    QFETCH(bool, reattached);
    QFETCH(bool, watchedFirst);
    QFETCH(int, expected);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    QTemporaryDir dir;
    const QString ledger = dir.filePath(QStringLiteral("attachments.json"));
    auto opened = HistoryStore::open(dir.filePath(QStringLiteral("history.sqlite")));
    QVERIFY2(opened, qPrintable(opened.error().message));
    std::unique_ptr<HistoryStore> store = std::move(opened).value();
    const auto earlierWork = [&](const PlainLoop &earlier) {
        return test::sendDiscards(earlier.devicePath(), 5) &&
               record(*store, earlier.devicePath(), ledger) &&
               test::sendDiscards(earlier.devicePath(), 4);
    };
    PlainLoop same;
    test::AttachedAfterAnother later;
    if (reattached) {
        QVERIFY2(later.start(64 * kMiB, earlierWork), qPrintable(later.errorString()));
    } else {
        QVERIFY2(same.start(64 * kMiB), qPrintable(same.errorString()));
        QVERIFY(earlierWork(same));
    }
    const QString device = reattached ? later.devicePath() : same.devicePath();
    if (watchedFirst) {
        const Expected<BlockDevice> disk = DeviceProbe::sysfsOnly().probePath(device);
        QVERIFY(disk);
        QVERIFY(
            watch::readSinceBoot(*disk, QStringLiteral("/sys"), QStringLiteral("/proc"), ledger));
    }
    QVERIFY(test::sendDiscards(device, 3));
    QVERIFY(record(*store, device, ledger));
    if (!watchedFirst) {
        QVERIFY(test::sendDiscards(device, 2));
        QVERIFY(record(*store, device, ledger));
    }

    const auto drive = store->findDrive(QStringLiteral("test:card-reader"));
    QVERIFY(drive);
    const QList<HistoryDay> days = store->days(drive->id);
    QCOMPARE(days.size(), 1);
    QCOMPARE(days[0].value(Metric::DiscardCount).value_or(-1), double(expected));
    QCOMPARE(days[0].value(Metric::DiscardBytes).value_or(-1), expected * double(kMiB));
    // The collector noted its sighting in the ledger, as the watch does, and kept the diskseq its
    // counters were read of.
    const QString name = QFileInfo(device).fileName();
    const quint64 diskseq = watch::readDiskseq(name);
    QVERIFY(diskseq != 0);
    QCOMPARE(firstSighting(ledger, name), diskseq);
    store.reset(); // closes the file before another connection reads it
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
        db.setDatabaseName(dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY(db.open());
        QSqlQuery q(QStringLiteral("SELECT diskseq FROM counters"), db);
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toULongLong(), diskseq);
    }
    QSqlDatabase::removeDatabase(QStringLiteral("peek"));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHistoryAttachment)
#include "tst_historyattachment.moc"
