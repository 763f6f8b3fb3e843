// Closing the window while any job runs asks first, whichever tab runs it: "No" keeps the window
// and the job; "Yes" cancels the job and closes. Every tab's job counts, not only the benchmark's.
#include "guitestenv.h"
#include "mainwindow.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"
#include "widgets/jobpanel.h"
#include "widgets/recoverytab.h"

#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QTimer>

using namespace trimscope;
using namespace trimscope::gui;

class TestQuitQuestion : public QObject
{
    Q_OBJECT
private slots:
    void closingAsksWhileAJobRuns_data();
    void closingAsksWhileAJobRuns();
};

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

QTEST_MAIN(TestQuitQuestion)
#include "tst_quitquestion.moc"
