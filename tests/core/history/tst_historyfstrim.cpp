// fstrim runs into the history: the journal's runs (a real systemd 252 journal,
// tests/core/audit/data/journal) with the amount trimmed on the drive's own filesystems and the
// time taken, systemd's last run only where the journal lacks it, "unknown" (absent) where
// nothing said, and the journal read only when systemd names a run the history has not.
#include "history/historycollect.h"
#include "history/historystore.h"
#include "testmain.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace trimscope;
using namespace trimscope::history;

namespace {

QList<audit::FstrimRun> recordedRuns()
{
    QFile f(
        QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/audit/data/journal/fstrim-journal.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no recorded journal");
    return audit::parseFstrimJournal(f.readAll());
}

// systemd's view of the same last run: the service's start a few milliseconds after the job's.
audit::FstrimStatus systemdSaysLastRun(const QDateTime &at, bool succeeded)
{
    audit::FstrimStatus s;
    s.timerEnabled = true;
    s.lastRun = at;
    s.lastRunSource = QStringLiteral("fstrim.service");
    s.lastRunSucceeded = succeeded;
    s.lastResult = succeeded ? QStringLiteral("success") : QStringLiteral("exit-code");
    return s;
}

QString describe(const HistoryEvent &e)
{
    const QJsonObject &d = e.details;
    const auto key = [&](const char *k) {
        return d.contains(QLatin1String(k)) ? d.value(QLatin1String(k)).toVariant().toString()
                                            : QStringLiteral("unknown");
    };
    return QStringLiteral("%1 %2 bytes=%3 seconds=%4 succeeded=%5")
        .arg(e.at.toUTC().toString(QStringLiteral("HH:mm:ss.zzz")), key("source"), key("bytes"),
             key("seconds"), key("succeeded"));
}

} // namespace

class TestHistoryFstrim : public QObject
{
    Q_OBJECT
private slots:
    void events_data();
    void events();
    void journalReadOnlyForANewRun_data();
    void journalReadOnlyForANewRun();
    void recordedOnceAcrossReadings();
};

void TestHistoryFstrim::events_data()
{
    QTest::addColumn<bool>("journalReadable");
    QTest::addColumn<QStringList>("mountPoints");
    QTest::addColumn<QStringList>("expected");

    const QString first = QStringLiteral("07:30:59.699 journal bytes=%1 seconds=0.417 "
                                         "succeeded=true");
    const QString second =
        QStringLiteral("07:31:04.720 journal bytes=unknown seconds=0.297 succeeded=false");
    QTest::newRow("drive holding /srv/data") << true << QStringList{QStringLiteral("/srv/data")}
                                             << QStringList{first.arg(241067008), second};
    QTest::newRow("drive holding both")
        << true << QStringList{QStringLiteral("/srv/data"), QStringLiteral("/srv/scratch")}
        << QStringList{first.arg(482134016), second};
    // fstrim named no filesystem of this drive: how much is unknown, not 0.
    QTest::newRow("drive holding /") << true << QStringList{QStringLiteral("/")}
                                     << QStringList{first.arg(QStringLiteral("unknown")), second};
    // No journal to read: systemd's last run alone, with nothing it does not know.
    QTest::newRow("journal not readable")
        << false << QStringList{QStringLiteral("/srv/data")}
        << QStringList{QStringLiteral(
               "07:31:04.725 fstrim.service bytes=unknown seconds=unknown succeeded=false")};
}

void TestHistoryFstrim::events()
{
    QFETCH(bool, journalReadable);
    QFETCH(QStringList, mountPoints);
    QFETCH(QStringList, expected);
    const QList<audit::FstrimRun> runs = recordedRuns();
    QCOMPARE(runs.size(), 2);
    const auto status = systemdSaysLastRun(runs[1].started.addMSecs(5), false);
    QStringList got;
    for (const HistoryEvent &e :
         fstrimEvents(status, journalReadable ? runs : QList<audit::FstrimRun>(), mountPoints))
        got.append(describe(e));
    QCOMPARE(got, expected);
}

void TestHistoryFstrim::journalReadOnlyForANewRun_data()
{
    QTest::addColumn<bool>("systemdKnowsARun");
    QTest::addColumn<int>("recordedMinutesBefore"); // -1: none recorded from the journal
    QTest::addColumn<bool>("read");
    QTest::newRow("no run known") << false << -1 << false;
    QTest::newRow("a run, none recorded") << true << -1 << true;
    QTest::newRow("that run recorded") << true << 0 << false;
    QTest::newRow("recorded a week before") << true << 7 * 24 * 60 << true;
}

void TestHistoryFstrim::journalReadOnlyForANewRun()
{
    QFETCH(bool, systemdKnowsARun);
    QFETCH(int, recordedMinutesBefore);
    QFETCH(bool, read);
    const QDateTime run(QDate(2026, 11, 30), QTime(1, 2, 3), QTimeZone::utc());
    audit::FstrimStatus status;
    if (systemdKnowsARun)
        status.lastRun = run;
    const std::optional<QDateTime> recorded =
        recordedMinutesBefore < 0 ? std::nullopt
                                  : std::optional(run.addSecs(-60 * recordedMinutesBefore));
    QCOMPARE(journalMayHaveNewRun(status, recorded), read);
}

// Read twice (the next day's collector), the runs are in the history once, and the last one
// read from the journal is known, so the day after that the journal is not read again.
void TestHistoryFstrim::recordedOnceAcrossReadings()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto opened = HistoryStore::open(dir.filePath(QStringLiteral("history.sqlite")));
    QVERIFY(opened);
    HistoryStore &store = **opened;
    const QList<audit::FstrimRun> runs = recordedRuns();
    const auto status = systemdSaysLastRun(runs[1].started.addMSecs(5), false);
    QVERIFY(!lastJournalRun(store));
    for (int day = 0; day < 2; ++day) {
        DriveReading r;
        r.key = QStringLiteral("wwn:eui.0025385b71b0a3c1");
        r.name = QStringLiteral("nvme0n1");
        r.day.day = QDate(2026, 12, 5).addDays(day);
        r.events = fstrimEvents(status, runs, {QStringLiteral("/srv/data")});
        QVERIFY(store.record(r));
    }
    const auto drive = store.findDrive(QStringLiteral("wwn:eui.0025385b71b0a3c1"));
    QVERIFY(drive);
    QCOMPARE(store.events(drive->id, EventKind::FstrimRun).size(), 2);
    // The history keeps times to the second.
    QVERIFY(lastJournalRun(store));
    QCOMPARE(lastJournalRun(store)->toSecsSinceEpoch(), runs[1].started.toSecsSinceEpoch());
    QVERIFY(!journalMayHaveNewRun(status, lastJournalRun(store)));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestHistoryFstrim)
#include "tst_historyfstrim.moc"
