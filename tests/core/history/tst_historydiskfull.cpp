// A full disk loses no earlier day: the history on a tiny tmpfs (root) is written day by day
// until the disk is full; the failing reading says so in words, and every day recorded before it
// is still there when the space is back.
#include "clirun.h"
#include "history/historystore.h"
#include "privileged.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace trimscope::history;
using trimscope::test::runTool;

namespace {
// Mounted for the test's lifetime only, unmounted on every way out.
struct TinyTmpfs
{
    QString path;
    bool mounted = false;
    explicit TinyTmpfs(const QString &where) : path(where)
    {
        mounted =
            runTool(QStringLiteral("mount"),
                    {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                     QStringLiteral("size=1m,mode=0700"), QStringLiteral("tmpfs"), path}) == 0;
    }
    ~TinyTmpfs()
    {
        if (mounted)
            runTool(QStringLiteral("umount"), {path});
    }
};

DriveReading reading(int i)
{
    DriveReading r;
    r.key = QStringLiteral("wwn:naa.50025388a0000001");
    r.model = QStringLiteral("Samsung SSD 860 EVO 500GB");
    r.serial = QStringLiteral("S3Z1NB0K");
    r.capacityBytes = 500e9;
    r.name = QStringLiteral("sdb");
    r.day.day = QDate(2024, 1, 1).addDays(i);
    r.day.set(Metric::HostWritesBytes, 1e9 * i);
    r.day.set(Metric::PowerOnHours, 24.0 * i);
    // An event per day with a long detail fills the disk sooner.
    r.events.append({r.day.day.startOfDay(),
                     EventKind::FstrimRun,
                     {{QStringLiteral("result"), QString(2000, QLatin1Char('x'))}}});
    return r;
}
} // namespace

class TestHistoryDiskFull : public QObject
{
    Q_OBJECT
private slots:
    void earlierDaysSurvive();
};

void TestHistoryDiskFull::earlierDaysSurvive()
{
    if (geteuid() != 0)
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("mounting a tmpfs needs root"));
    QTemporaryDir dir;
    TinyTmpfs tmpfs(dir.path());
    if (!tmpfs.mounted)
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("could not mount a tmpfs"));
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    int recorded = 0;
    QString failure;
    {
        auto store = HistoryStore::open(path);
        QVERIFY2(store, qPrintable(store.error().message));
        for (int i = 0; i < 5000 && failure.isEmpty(); ++i) {
            const auto id = (*store)->record(reading(i));
            if (id)
                ++recorded;
            else
                failure = id.error().message;
        }
    }
    QVERIFY2(!failure.isEmpty(), "the disk never filled up");
    QVERIFY2(failure.contains(QLatin1String("is full")) &&
                 failure.contains(QLatin1String("intact")),
             qPrintable(failure));
    QVERIFY(recorded > 10);
    // The space back (the tmpfs grows), every day recorded before the failure is there.
    QCOMPARE(runTool(QStringLiteral("mount"),
                     {QStringLiteral("-o"), QStringLiteral("remount,size=16m"), dir.path()}),
             0);
    auto store = HistoryStore::open(path);
    QVERIFY2(store, qPrintable(store.error().message));
    QVERIFY((*store)->movedAsideTo().isEmpty());
    const auto drive = (*store)->findDrive(QStringLiteral("sdb"));
    QVERIFY(drive);
    const QList<HistoryDay> days = (*store)->days(drive->id);
    QCOMPARE(days.size(), recorded);
    for (int i = 0; i < recorded; ++i)
        QCOMPARE(days[i].value(Metric::HostWritesBytes), std::optional<double>(1e9 * i));
    // And it takes the next day again.
    QVERIFY((*store)->record(reading(recorded)));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHistoryDiskFull)
#include "tst_historydiskfull.moc"
