// Issue 28, start-up: the program's window is on screen before the drive's runs, history, audit
// and health are read (0.43 s from launch to a mapped window before; bench/startup measures it),
// and files named on the command line are opened after that, so the drive's selection does not
// replace them. Issue 47 item 17: before its first frame the window reads no saved run, and lays
// out no chart of a tab that is not shown.
#include "chart/trimchart.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>

using namespace trimscope;
using namespace trimscope::gui;

class TestStartup : public QObject
{
    Q_OBJECT
private slots:
    void windowFirstThenTheDrive();
    void namedResultsOpenAfterTheDrive();
    void noSavedRunReadBeforeTheFirstFrame();
    void chartsOfTabsNotShownWait();

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

void TestStartup::noSavedRunReadBeforeTheFirstFrame()
{
    QDir().mkpath(m_env.runDir());
    const QString saved = QDir(m_env.runDir()).filePath(QStringLiteral("kept-sweep.json"));
    QFile::remove(saved);
    QVERIFY(QFile::copy(QFINDTESTDATA("../data/results/sweep.json"), saved));
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.fillAfterShown = true;
    MainWindow window(options);
    // Compare lists every saved run, each one read: not before the window is on screen.
    QCOMPARE(window.compareTab()->list()->topLevelItemCount(), 0);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.compareTab()->list()->topLevelItemCount(), 1);
    QFile::remove(saved);
}

void TestStartup::chartsOfTabsNotShownWait()
{
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    MainWindow window(options);
    window.tabs()->setCurrentWidget(window.benchmarkTab());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Compare's chart view still holds the empty chart it was made with: the chart the tab built
    // waits until the tab shows (laying out its axes was most of what building a tab cost).
    auto *view = window.compareTab()->chart()->findChild<QChartView *>();
    QVERIFY(view && view->chart());
    QVERIFY(view->chart()->axes().isEmpty());
    window.tabs()->setCurrentWidget(window.compareTab());
    QVERIFY(!view->chart()->axes().isEmpty());
    QVERIFY(view->chart()->plotArea().width() > 0);
}

QTEST_MAIN(TestStartup)
#include "tst_startup.moc"
