// Issue 28, start-up: the program's window is on screen before the drive's runs, history, audit
// and health are read (0.43 s from launch to a mapped window before; bench/startup measures it),
// and files named on the command line are opened after that, so the drive's selection does not
// replace them. Issue 47 item 17: before its first frame the window reads no saved run, lays
// out no chart of a tab that is not shown, builds no tab but the shown one, and the drive
// database is read on another thread.
#include "appsettings.h"
#include "chart/trimchart.h"
#include "guitestenv.h"
#include "health/drivedb.h"
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
#include <QThread>
#include <QTreeWidget>
#include <QWindow>

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
    void onlyTheShownTabIsBuiltBeforeTheFirstFrame_data();
    void onlyTheShownTabIsBuiltBeforeTheFirstFrame();
    void driveDatabaseReadOffTheWindowThread();

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
    // Built, not yet shown: nothing of a drive has been read (the Advice tab is not even built).
    QVERIFY(!window.driveList()->selectedDrive());
    QVERIFY(!window.adviceTab());
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
    // Compare lists every saved run, each one read: not before the window is on screen (it is
    // not even built until then).
    QVERIFY(!window.compareTab());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.compareTab());
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

namespace {
// Tabs of the bar whose page is the tab itself, not the plain widget standing in for it.
int builtTabs(const MainWindow &window)
{
    int built = 0;
    for (int i = 0; i < window.tabs()->count(); ++i)
        built += window.tabs()->widget(i)->metaObject() != &QWidget::staticMetaObject ? 1 : 0;
    return built;
}

// Counts the built tabs when the window's first expose arrives, before it is painted (and
// before the window fills in what it left for later).
class FirstExposeCount : public QObject
{
public:
    explicit FirstExposeCount(const MainWindow &window) : m_window(window) {}
    int built = -1;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (built < 0 && event->type() == QEvent::Expose && m_window.windowHandle()->isExposed())
            built = builtTabs(m_window);
        return QObject::eventFilter(watched, event);
    }

private:
    const MainWindow &m_window;
};
} // namespace

void TestStartup::onlyTheShownTabIsBuiltBeforeTheFirstFrame_data()
{
    QTest::addColumn<int>("shown");
    QTest::newRow("TRIM Benchmark (first start)") << 1;
    QTest::newRow("Advice") << 7;
    QTest::newRow("Compare Runs") << 8;
}

void TestStartup::onlyTheShownTabIsBuiltBeforeTheFirstFrame()
{
    QFETCH(int, shown);
    appSettings()->setValue(QStringLiteral("window/tab"), shown);
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.fillAfterShown = true;
    MainWindow window(options);
    QCOMPARE(window.tabs()->currentIndex(), shown);
    QCOMPARE(window.tabs()->count(), 9);
    FirstExposeCount count(window);
    window.winId(); // makes its platform window, to watch for the first expose
    window.windowHandle()->installEventFilter(&count);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(count.built >= 0);
    QCOMPARE(count.built, 1);
    // Then every other tab, each in its place, and the drive; the shown tab stays shown.
    QTRY_VERIFY(window.driveList()->selectedDrive());
    QCOMPARE(builtTabs(window), 9);
    QCOMPARE(window.tabs()->currentIndex(), shown);
    QCOMPARE(window.tabs()->indexOf(window.benchmarkTab()), 1);
    QCOMPARE(window.tabs()->indexOf(window.adviceTab()), 7);
    QCOMPARE(window.tabs()->indexOf(window.compareTab()), 8);
    appSettings()->remove(QStringLiteral("window/tab"));
}

void TestStartup::driveDatabaseReadOffTheWindowThread()
{
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.fillAfterShown = true;
    MainWindow window(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.driveList()->selectedDrive());
    // The Health tab has shown the simulated drive's example data, interpreted with the database
    // (or without one, where smartmontools is missing): whichever thread tried to read it.
    QVERIFY(health::systemDriveDatabaseReader());
    QVERIFY(health::systemDriveDatabaseReader() != QThread::currentThread());
}

QTEST_MAIN(TestStartup)
#include "tst_startup.moc"
