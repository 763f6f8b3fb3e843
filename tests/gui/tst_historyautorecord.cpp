// Issue 44: the app records the history while it runs (HistoryAutoRecorder), once a day, with the
// real collector (trimscope-history-record) into a real SQLite file. The collector records a
// simulated drive here (--simulate PROFILE --days 1: today's row only), as this machine's own
// drives may have no serial number to be recorded by; the reading of real drives through udisksd is
// tst_historyudisks'. Checked: which runs start (none where the system timer keeps the history or
// today is recorded), one run and one row of today for a window open all day, one run for two
// windows at once, one row when another collector records at the same moment, and a day the app
// was not running stays a gap. The other collector at the same moment is `trimscope-cli history
// record`, the command line a login entry of an earlier version holds.
#include "history/historystore.h"
#include "historyautorecorder.h"
#include "testmain.h"

#include <QDateTime>
#include <QFile>
#include <QLockFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using namespace trimscope::gui;
using Decision = HistoryAutoRecorder::Decision;

namespace {
const QString kCollector = QStringLiteral(TRIMSCOPE_BINARY_DIR "/app/cli/trimscope-history-record");
const QString kCli = QStringLiteral(TRIMSCOPE_BINARY_DIR "/app/cli/trimscope-cli");
const QString kProfile = QStringLiteral("ocz-agility3");
const QString kKey = QStringLiteral("simulated:") + kProfile;
constexpr int kRunTimeoutMs = 60000;
} // namespace

class tst_HistoryAutoRecord : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    QString path(const QString &name) const { return m_dir->filePath(name); }
    HistoryAutoRecorder::Setup setup() const
    {
        HistoryAutoRecorder::Setup s;
        s.historyPath = path(QStringLiteral("history.sqlite"));
        s.systemHistoryPath = path(QStringLiteral("system.sqlite"));
        s.program = kCollector;
        s.arguments = {QStringLiteral("--simulate"), kProfile, QStringLiteral("--days"),
                       QStringLiteral("1")};
        return s;
    }
    QList<QDate> recordedDays() const
    {
        auto store = history::HistoryStore::open(path(QStringLiteral("history.sqlite")));
        if (!store)
            return {};
        const auto drive = (*store)->findDrive(kKey);
        QList<QDate> days;
        if (drive) {
            for (const history::HistoryDay &d : (*store)->days(drive->id))
                days.append(d.day);
        }
        return days;
    }
    static bool waitForRun(HistoryAutoRecorder &recorder)
    {
        QSignalSpy finished(&recorder, &HistoryAutoRecorder::runFinished);
        if (recorder.lastDecision() != Decision::Started)
            return false;
        if (!finished.wait(kRunTimeoutMs))
            return false;
        if (!finished.first().at(0).toBool())
            qWarning("collector: %s", qPrintable(finished.first().at(1).toString()));
        return finished.first().at(0).toBool();
    }
    void writeStamp(QDate day) const
    {
        QFile stamp(path(QStringLiteral("history.sqlite.recorded")));
        QVERIFY(stamp.open(QIODevice::WriteOnly));
        stamp.write(day.toString(Qt::ISODate).toLatin1() + '\n');
    }

private slots:
    void init()
    {
        QVERIFY(QFile::exists(kCollector));
        QVERIFY(QFile::exists(kCli));
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }
    void decision_data();
    void decision();
    void windowOpenAllDayRecordsOnce();
    void twoWindowsAtOnceRunOnce();
    void anotherCollectorAtTheSameMomentAddsNoRow();
    void dayNotRunningStaysAGap();
};

void tst_HistoryAutoRecord::decision_data()
{
    QTest::addColumn<int>("stampDaysAgo");   // -1: never recorded
    QTest::addColumn<int>("systemHoursAgo"); // -1: no system history
    QTest::addColumn<bool>("lockTaken");
    QTest::addColumn<bool>("collectorInstalled");
    QTest::addColumn<Decision>("expected");
    QTest::newRow("never recorded") << -1 << -1 << false << true << Decision::Started;
    QTest::newRow("recorded yesterday") << 1 << -1 << false << true << Decision::Started;
    QTest::newRow("recorded today") << 0 << -1 << false << true << Decision::RecordedToday;
    QTest::newRow("system timer ran 2 h ago")
        << -1 << 2 << false << true << Decision::SystemRecords;
    QTest::newRow("system history 3 days old") << -1 << 72 << false << true << Decision::Started;
    QTest::newRow("another window records") << -1 << -1 << true << true << Decision::OtherWindow;
    QTest::newRow("no collector") << -1 << -1 << false << false << Decision::NoCollector;
}

void tst_HistoryAutoRecord::decision()
{
    QFETCH(int, stampDaysAgo);
    QFETCH(int, systemHoursAgo);
    QFETCH(bool, lockTaken);
    QFETCH(bool, collectorInstalled);
    QFETCH(Decision, expected);
    HistoryAutoRecorder::Setup s = setup();
    if (stampDaysAgo >= 0)
        writeStamp(QDate::currentDate().addDays(-stampDaysAgo));
    if (systemHoursAgo >= 0) {
        QFile system(s.systemHistoryPath);
        QVERIFY(system.open(QIODevice::WriteOnly));
        QVERIFY(system.setFileTime(QDateTime::currentDateTime().addSecs(-3600 * systemHoursAgo),
                                   QFileDevice::FileModificationTime));
    }
    // Another window's lock: a process that is alive (this one) holds it.
    QLockFile other(s.historyPath + QStringLiteral(".lock"));
    if (lockTaken)
        QVERIFY(other.tryLock(0));
    if (!collectorInstalled)
        s.program.clear();
    HistoryAutoRecorder recorder(s);
    QCOMPARE(recorder.checkNow(), expected);
    if (expected == Decision::Started) {
        QVERIFY(waitForRun(recorder));
        QCOMPARE(recordedDays(), QList<QDate>{QDate::currentDate()});
    } else {
        QCOMPARE(recorder.runsStarted(), 0);
        QVERIFY(!QFile::exists(s.historyPath));
    }
}

void tst_HistoryAutoRecord::windowOpenAllDayRecordsOnce()
{
    HistoryAutoRecorder::Setup s = setup();
    s.checkIntervalMs = 100; // the hourly check, many times
    HistoryAutoRecorder recorder(s);
    recorder.start();
    QVERIFY(waitForRun(recorder));
    QTest::qWait(1000);
    QCOMPARE(recorder.runsStarted(), 1);
    QCOMPARE(recorder.lastDecision(), Decision::RecordedToday);
    QCOMPARE(recordedDays(), QList<QDate>{QDate::currentDate()});
}

void tst_HistoryAutoRecord::twoWindowsAtOnceRunOnce()
{
    HistoryAutoRecorder first(setup());
    HistoryAutoRecorder second(setup());
    QCOMPARE(first.checkNow(), Decision::Started);
    QCOMPARE(second.checkNow(), Decision::OtherWindow);
    QVERIFY(waitForRun(first));
    QCOMPARE(second.checkNow(), Decision::RecordedToday);
    QCOMPARE(first.runsStarted() + second.runsStarted(), 1);
    QCOMPARE(recordedDays(), QList<QDate>{QDate::currentDate()});
}

void tst_HistoryAutoRecord::anotherCollectorAtTheSameMomentAddsNoRow()
{
    // The login run or a user's timer, started by no window: both write today's row at once. It
    // is the CLI's `history record` here, the same collector linked into trimscope-cli.
    HistoryAutoRecorder recorder(setup());
    QProcess other;
    other.start(kCli, QStringList{QStringLiteral("history"), QStringLiteral("record"),
                                  QStringLiteral("--db"), path(QStringLiteral("history.sqlite"))} +
                          setup().arguments);
    QCOMPARE(recorder.checkNow(), Decision::Started);
    QVERIFY(waitForRun(recorder));
    // It may have ended while the recorder's run was awaited.
    QVERIFY(other.state() == QProcess::NotRunning || other.waitForFinished(kRunTimeoutMs));
    QCOMPARE(other.exitStatus(), QProcess::NormalExit);
    QVERIFY2(other.exitCode() == 0, other.readAllStandardError().constData());
    QCOMPARE(recordedDays(), QList<QDate>{QDate::currentDate()});
}

void tst_HistoryAutoRecord::dayNotRunningStaysAGap()
{
    // Three days ago the app ran and recorded; since then it was closed.
    const QDate before = QDate::currentDate().addDays(-3);
    {
        auto store = history::HistoryStore::open(path(QStringLiteral("history.sqlite")));
        QVERIFY(store.hasValue());
        history::DriveReading reading;
        reading.key = kKey;
        reading.model = QStringLiteral("OCZ Agility 3");
        reading.day.day = before;
        reading.day.set(history::Metric::PowerOnHours, 100);
        QVERIFY((*store)->record(reading).hasValue());
    }
    writeStamp(before);
    HistoryAutoRecorder recorder(setup());
    QCOMPARE(recorder.checkNow(), Decision::Started);
    QVERIFY(waitForRun(recorder));
    QCOMPARE(recordedDays(), (QList<QDate>{before, QDate::currentDate()}));
}

TRIMSCOPE_TEST_GUILESS_MAIN(tst_HistoryAutoRecord)
#include "tst_historyautorecord.moc"
