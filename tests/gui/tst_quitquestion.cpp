// Closing the window while any job runs asks first, whichever tab runs it: "No" keeps the window
// and the job; "Yes" cancels the job and closes. Every tab's job counts, not only the benchmark's.
// A change to this computer (Apply, Undo on the Advice tab) counts too: "Yes" stops it as its
// Cancel does and the window closes once it has ended, what changed recorded (slow-system-bus.py's
// stand-ins answer each call after a second, as polkit does while a person types).
#include "../support/qtry.h"
#include "apply/undojournal.h"
#include "applytestdata.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "slowsystem.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/applycontroller.h"
#include "widgets/applydialog.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"
#include "widgets/fixlist.h"
#include "widgets/jobpanel.h"
#include "widgets/recoverytab.h"

#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTest>
#include <QTimer>

using namespace trimscope;
using namespace trimscope::gui;

class TestQuitQuestion : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void closingAsksWhileAJobRuns_data();
    void closingAsksWhileAJobRuns();
    void closingAsksWhileAChangeRuns_data();
    void closingAsksWhileAChangeRuns();

private:
    // Started before anything here touches the system bus: libdbus reads its address once.
    test::SlowSystem m_system;
    QString m_noSlowSystem; // why not, where it cannot run
};

void TestQuitQuestion::initTestCase()
{
    m_noSlowSystem = test::SlowSystem::unavailableReason();
    if (m_noSlowSystem.isEmpty() && !m_system.startBus())
        m_noSlowSystem = QStringLiteral("dbus-daemon did not start");
}

namespace {

enum class Job { Benchmark, Filesystem, StallTest, Diagnosis };

// Starts the job on the selected simulated drive; its panel.
JobPanel *start(MainWindow &window, Job job)
{
    switch (job) {
    case Job::Benchmark:
        window.benchmarkTab()->startBenchmark();
        return window.benchmarkTab()->jobPanel();
    case Job::Filesystem:
        window.filesystemTab()->runExperiment();
        return window.filesystemTab()->jobPanel();
    case Job::StallTest:
        window.recoveryTab()->runTest(stall::StallPlan());
        return window.recoveryTab()->jobPanel();
    case Job::Diagnosis:
        window.adviceTab()->diagnose();
        return window.adviceTab()->jobPanel();
    }
    return nullptr;
}

// Clicks `answer` in the question the window asks, once it is open (it is modal: close()
// returns after it was answered); what it asked goes to `asked`.
void answerTheQuestion(QObject *context, QMessageBox::StandardButton answer, QString *asked)
{
    QTimer::singleShot(100, context, [answer, asked] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            *asked = box->text();
            box->button(answer)->click();
        }
    });
}

} // namespace

void TestQuitQuestion::closingAsksWhileAJobRuns_data()
{
    QTest::addColumn<int>("job");
    QTest::addColumn<QString>("what");
    QTest::newRow("TRIM benchmark") << int(Job::Benchmark) << "TRIM benchmark";
    QTest::newRow("filesystem experiment") << int(Job::Filesystem) << "filesystem experiment";
    QTest::newRow("stall test") << int(Job::StallTest) << "stall test";
    QTest::newRow("diagnosis") << int(Job::Diagnosis) << "diagnosis";
}

void TestQuitQuestion::closingAsksWhileAJobRuns()
{
    QFETCH(int, job);
    QFETCH(QString, what);
    GuiTestEnv env;
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = env.runDir();
    options.simulatedTimeScale = 1; // the modelled time: the job outlasts the test's questions
    MainWindow window(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3")));
    JobPanel *panel = start(window, Job(job));
    QVERIFY2(panel->isRunning(), qPrintable(panel->status()->text()));

    // "No": the window stays open and the job goes on.
    QString asked;
    answerTheQuestion(this, QMessageBox::No, &asked);
    QVERIFY(!window.close());
    QVERIFY2(asked.contains(what), qPrintable(asked));
    QVERIFY(window.isVisible());
    QVERIFY(panel->isRunning());

    // "Yes": the job is cancelled and the window closes.
    asked.clear();
    answerTheQuestion(this, QMessageBox::Yes, &asked);
    QVERIFY(window.close());
    QVERIFY(!asked.isEmpty());
    QVERIFY(!window.isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isRunning(), 30000);
}

void TestQuitQuestion::closingAsksWhileAChangeRuns_data()
{
    QTest::addColumn<bool>("undo");
    QTest::addColumn<int>("recorded"); // changes left in the journal
    // The first step (the remount, through the helper) waits for its answer when the window is
    // closed: it is withdrawn at once (the helper acts for no caller that has left), so apply
    // records nothing and undo leaves its record.
    QTest::newRow("apply") << false << 0;
    QTest::newRow("undo") << true << 1;
}

void TestQuitQuestion::closingAsksWhileAChangeRuns()
{
    QFETCH(bool, undo);
    QFETCH(int, recorded);
    if (!m_noSlowSystem.isEmpty())
        QSKIP(qPrintable(m_noSlowSystem));
    QVERIFY2(m_system.startStandIns(1.0), "slow-system-bus.py did not get ready");
    GuiTestEnv env;
    QVERIFY(test::keepFastSweep(RunStore(env.runDir()), test::nvmeEntry()));
    const QString journal = apply::defaultJournalPath();
    if (undo) {
        apply::ApplyJournal remounted;
        apply::ApplyPlan plan;
        plan.fixId = QStringLiteral("fstab-add-discard:/");
        plan.title = QStringLiteral("Remount / with discard");
        plan.remounts.append({QStringLiteral("/"), QStringLiteral("/dev/nvme0n1p2"), true});
        remounted.changes.append({QDateTime::currentDateTimeUtc(), plan});
        QVERIFY(!apply::saveJournal(journal, remounted).isError());
    }
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = env.runDir();
    MainWindow window(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The window selects its first drive once shown; the recorded computer's drive after that.
    QTRY_VERIFY(!window.driveList()->selectedDriveId().isEmpty());
    AdviceTab *advice = window.adviceTab();
    window.tabs()->setCurrentWidget(advice);
    advice->setComputer(test::snapshotOf(QStringLiteral("all-fine")));
    advice->setDrive(test::nvmeEntry());
    ApplyController *change = advice->applyController();
    if (undo) {
        QVERIFY(advice->undoButton()->isVisible());
        QTest::mouseClick(advice->undoButton(), Qt::LeftButton);
    } else {
        // What the fix's Apply button does (the fix for / of the recorded computer).
        change->apply(QStringLiteral("fstab-add-discard:/"), advice->advice(),
                      test::snapshotOf(QStringLiteral("all-fine")));
    }
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<ApplyDialog *>(QApplication::activeModalWidget()), 10000);
    qobject_cast<ApplyDialog *>(QApplication::activeModalWidget())->goButton()->click();
    // The first step waits for its answer.
    QTRY_VERIFY(change->progressBar()->maximum() > 0);
    QVERIFY2(change->isRunning(), qPrintable(window.statusBar()->currentMessage()));

    // "No": the window stays and the change goes on.
    QString asked;
    answerTheQuestion(this, QMessageBox::No, &asked);
    QVERIFY(!window.close());
    QVERIFY2(asked.contains(QLatin1String("change to this computer")), qPrintable(asked));
    QVERIFY(window.isVisible());
    QVERIFY(change->isRunning());

    // "Yes": the window goes once the change has stopped (the step's question withdrawn, well
    // before the stand-in's answer after a second), no result box left open.
    asked.clear();
    answerTheQuestion(this, QMessageBox::Yes, &asked);
    QElapsedTimer closing;
    closing.start();
    window.close();
    QVERIFY(!asked.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 20000);
    QVERIFY2(closing.elapsed() < 900, qPrintable(QString::number(closing.elapsed())));
    QVERIFY(!change->isRunning());
    QVERIFY(!QApplication::activeModalWidget());
    const Expected<apply::ApplyJournal> left = apply::loadJournal(journal);
    QVERIFY(left);
    QCOMPARE(int(left->changes.size()), recorded);
}

TRIMSCOPE_TEST_MAIN(TestQuitQuestion)
#include "tst_quitquestion.moc"
