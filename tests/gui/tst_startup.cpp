// Issue 28, start-up: the program's window is on screen before the drive's runs, history, audit
// and health are read (0.43 s from launch to a mapped window before; bench/startup measures it),
// and files named on the command line are opened after that, so the drive's selection does not
// replace them.
#include "guitestenv.h"
#include "mainwindow.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"

#include <QLabel>
#include <QTest>

using namespace trimscope;
using namespace trimscope::gui;

class TestStartup : public QObject
{
    Q_OBJECT
private slots:
    void windowFirstThenTheDrive();
    void namedResultsOpenAfterTheDrive();

private:
    GuiTestEnv m_env;
};

void TestStartup::windowFirstThenTheDrive()
{
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.fillAfterShown = true;
    MainWindow window(options);
    // Built, not yet shown: nothing of a drive has been read.
    QVERIFY(!window.driveList()->selectedDrive());
    QVERIFY(window.adviceTab()->inputsLabel()->text().isEmpty());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Once it is on screen, the drive of the last session (here the default one) and all it has.
    QTRY_VERIFY(window.driveList()->selectedDrive());
    QCOMPARE(window.driveList()->selectedDriveId(), QStringLiteral("simulated:ocz-agility3"));
    QVERIFY(!window.adviceTab()->inputsLabel()->text().isEmpty());
    QCOMPARE(window.benchmarkTab()->drive().id, QStringLiteral("simulated:ocz-agility3"));
}

void TestStartup::namedResultsOpenAfterTheDrive()
{
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.fillAfterShown = true;
    options.resultsToOpen = {QFINDTESTDATA("../data/results/fsbench-ext4-xfs.json")};
    MainWindow window(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.driveList()->selectedDrive());
    QVERIFY(window.filesystemTab()->showsResult());
    QCOMPARE(window.tabs()->currentWidget(), window.filesystemTab());
}

QTEST_MAIN(TestStartup)
#include "tst_startup.moc"
