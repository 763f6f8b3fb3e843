// Issue 28, start-up: the program's window is on screen before the drive's runs, history, audit
// and health are read (0.43 s from launch to a mapped window before; bench/startup measures it),
// and files named on the command line are opened after that, so the drive's selection does not
// replace them. Issue 47 item 17: before its first frame the window reads no saved run, lays
// out no chart of a tab that is not shown nor one behind the shown tab's empty state, builds no
// tab but the shown one, lists no drive, and the drive database is read on another thread.
#include "../support/qtry.h"
#include "appsettings.h"
#include "chart/trimchart.h"
#include "guitestenv.h"
#include "health/drivedb.h"
#include "launchtimer.h"
#include "mainwindow.h"
#include "runstore.h"
#include "simulate/simulatedprofiles.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"
#include "widgets/healthtab.h"

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPointer>
#include <QScopeGuard>
#include <QSemaphore>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTreeView>
#include <QTreeWidget>
#include <QWindow>

using namespace trimscope;
using namespace trimscope::gui;

namespace {
// How much more of its main thread's CPU than the reference window the program's first frame
// may take.
constexpr double kCpuToReference = 1.9;
} // namespace

class TestStartup : public QObject
{
    Q_OBJECT
private slots:
    // First: it holds back the process's one load of the database, before any window starts it.
    void driveDatabaseAwaitedOffTheWindowThread();
    void windowFirstThenTheDrive();
    void namedResultsOpenAfterTheDrive();
    void noSavedRunReadBeforeTheFirstFrame();
    void chartsOfTabsNotShownWait();
    void onlyTheShownTabIsBuiltBeforeTheFirstFrame_data();
    void onlyTheShownTabIsBuiltBeforeTheFirstFrame();
    void firstFrameFromLaunch_data();
    void firstFrameFromLaunch();

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
    // The saved runs are listed on a worker once the window is on screen; the advice follows.
    QTRY_VERIFY(!window.adviceTab()->inputsLabel()->text().isEmpty());
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

namespace {
// The charts that asked to be laid out while in no view (a chart waiting for its widget to
// show): QtCharts posts itself a LayoutRequest whenever its axes or series change.
class WaitingCharts : public QObject
{
public:
    QList<QPointer<QChart>> charts;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *chart = qobject_cast<QChart *>(watched);
        if (event->type() == QEvent::LayoutRequest && chart && !chart->scene() &&
            !charts.contains(chart))
            charts.append(chart);
        return QObject::eventFilter(watched, event);
    }
};
} // namespace

void TestStartup::chartsOfTabsNotShownWait()
{
    WaitingCharts waiting;
    qApp->installEventFilter(&waiting);
    const auto removeFilter = qScopeGuard([&] { qApp->removeEventFilter(&waiting); });
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
    // Nor is a waiting chart laid out where it waits: the TRIM Benchmark tab's two, behind its
    // "no benchmark yet" page, were, before the first frame (a quarter of the CPU the window
    // took beyond a bare one's; laid out, a chart has at least its least size).
    QTest::qWait(50);
    QVERIFY(waiting.charts.size() >= 3); // Compare's and the TRIM Benchmark tab's
    for (const QPointer<QChart> &chart : std::as_const(waiting.charts)) {
        if (chart && !chart->scene())
            QVERIFY2(chart->size().isEmpty(), qPrintable(QStringLiteral("laid out at %1×%2")
                                                             .arg(chart->size().width())
                                                             .arg(chart->size().height())));
    }
    window.tabs()->setCurrentWidget(window.compareTab());
    QVERIFY(waiting.charts.contains(view->chart()));
    QTRY_VERIFY(view->chart()->plotArea().width() > 0);
    QVERIFY(!view->chart()->axes().isEmpty());
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

// What the window's thread has done when the window's first expose arrives, before it is
// painted (and before the window fills in what it left for later): the tabs it built and the
// run files it read itself (a worker may read some meanwhile: that stalls no frame).
class FirstExposeCount : public QObject
{
public:
    explicit FirstExposeCount(const MainWindow &window)
        : m_window(window), m_parsesBefore(RunStore::parseCountOnThisThread())
    {
    }
    int built = -1;
    int runsRead = -1;
    int drivesListed = -1; // rows under the drive list's groups
    QString firstRow;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (built < 0 && event->type() == QEvent::Expose && m_window.windowHandle()->isExposed()) {
            built = builtTabs(m_window);
            runsRead = RunStore::parseCountOnThisThread() - m_parsesBefore;
            const QAbstractItemModel *list = m_window.driveList()->view()->model();
            drivesListed = 0;
            for (int row = 0; row < list->rowCount(); ++row)
                drivesListed += list->rowCount(list->index(row, 0));
            firstRow = list->index(0, 0).data().toString();
        }
        return QObject::eventFilter(watched, event);
    }

private:
    const MainWindow &m_window;
    const int m_parsesBefore;
};
} // namespace

void TestStartup::onlyTheShownTabIsBuiltBeforeTheFirstFrame_data()
{
    QTest::addColumn<int>("shown");
    QTest::newRow("Overview") << 0;
    QTest::newRow("TRIM Benchmark (first start)") << 1;
    QTest::newRow("Health") << 2;
    QTest::newRow("Track record") << 3;
    QTest::newRow("Filesystem") << 4;
    QTest::newRow("Write & Stall Tests") << 5;
    QTest::newRow("This drive in use") << 6;
    QTest::newRow("Advice") << 7;
    QTest::newRow("Compare Runs") << 8;
}

void TestStartup::onlyTheShownTabIsBuiltBeforeTheFirstFrame()
{
    QFETCH(int, shown);
    appSettings()->setValue(QStringLiteral("window/tab"), shown);
    // Saved runs no earlier row has read (the store's cache is the process's): the default
    // drive's own, so every tab that shows runs has some to read.
    QTemporaryDir runs;
    constexpr int kSaved = 12;
    for (int i = 0; i < kSaved; ++i)
        QVERIFY(QFile::copy(QFINDTESTDATA("../data/results/sweep.json"),
                            runs.filePath(QStringLiteral("sweep-%1.json").arg(i))));
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = runs.path();
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
    // Not one saved run read on the window's thread before its first frame, whichever tab
    // shows: Compare, shown at start, reads them on a worker after (it read all 12 here).
    QCOMPARE(count.runsRead, 0);
    // Nor a drive listed: their names, wrapped to their column as the list settled, were a
    // sixth of the first frame's CPU. The list says it is looking for them.
    QCOMPARE(count.drivesListed, 0);
    QCOMPARE(count.firstRow, DriveList::tr("Looking for drives…"));
    // Then every other tab, each in its place, and the drive; the shown tab stays shown.
    QTRY_VERIFY(window.driveList()->selectedDrive());
    // The simulated drives and their backend's line.
    const QAbstractItemModel *list = window.driveList()->view()->model();
    QCOMPARE(list->rowCount(list->index(0, 0)), int(simulatedProfiles().size()) + 1);
    QCOMPARE(builtTabs(window), 9);
    QCOMPARE(window.tabs()->currentIndex(), shown);
    QCOMPARE(window.tabs()->indexOf(window.benchmarkTab()), 1);
    QCOMPARE(window.tabs()->indexOf(window.adviceTab()), 7);
    QCOMPARE(window.tabs()->indexOf(window.compareTab()), 8);
    QTRY_COMPARE(window.compareTab()->list()->topLevelItemCount(), kSaved);
    appSettings()->remove(QStringLiteral("window/tab"));
}

// The window asks for the drive database (the Health tab interprets the simulated drive's
// example data with it) while its load is held back on its pool: the window's thread neither
// reads it nor waits for it, the tab says so, and fills in the drive's identity once it is
// loaded. CI on Debian 13 saw the window's thread read it when the pool had not begun yet.
void TestStartup::driveDatabaseAwaitedOffTheWindowThread()
{
    static QSemaphore held; // outlives the test: the gate may still use it after a failure
    QVERIFY2(health::holdSystemDriveDatabaseLoad([] { held.acquire(); }),
             "the drive database was loaded before this test: it must run first in its process");
    // Let go on every way out, or the pool's destructor waits for the load at exit.
    const auto letGo = qScopeGuard([] { held.release(); });
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.fillAfterShown = true;
    MainWindow window(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.driveList()->selectedDrive());
    HealthTab *tab = window.healthTab();
    QVERIFY(tab);
    QVERIFY(!health::systemDriveDatabaseReader()); // no thread has read it, this one neither
    QVERIFY(!tab->health());
    QCOMPARE(tab->origin()->text(), HealthTab::tr("Reading the drive database…"));

    held.release();
    QTRY_VERIFY(tab->showsExample());
    QVERIFY(health::systemDriveDatabaseReader());
    QVERIFY(health::systemDriveDatabaseReader() != QThread::currentThread());
    QVERIFY2(tab->origin()->text().contains(QStringLiteral("example data from a real Intel 320")),
             qPrintable(tab->origin()->text()));
    // Where smartmontools is installed the database names the drive: its identity.
    if (health::systemDriveDatabaseLoad().result())
        QCOMPARE(tab->health()->ata->driveDb->family, QStringLiteral("Intel 320 Series SSDs"));
}

void TestStartup::firstFrameFromLaunch_data()
{
    QTest::addColumn<int>("shown");
    QTest::addColumn<int>("savedRuns");
    // The tab that read every saved run before its frame; each tab as the shown one is
    // onlyTheShownTabIsBuiltBeforeTheFirstFrame's (no run read, one tab built), untimed.
    QTest::newRow("Compare Runs, 150 saved runs") << 8 << 150;
}

// The program, launched, shows its first frame for little more work than a bare window of the
// same Qt libraries (bench/startup/referencewindow.cpp), launched alternately in the same test.
// The bound is on the CPU time of the main thread from exec (dynamic loading, Qt's start, the
// window, its first paint): on a 2-core machine beside compiles the wall time of either moves
// by half from one launch to the next (the same program measured 0.98× and 1.42× the reference
// in two runs), and the 200 ms the issue asks for is missed by the reference window alone (0.4
// to 1 s there). The CPU time's ratio moved between 1.39 and 1.75 over six runs of one program
// beside two busy loops; main's read of 150 runs before its frame made it 3.56. Later main crept
// to 1.95-2.16 (ten runs at load 11-13, medians of 3): the TRIM Benchmark tab's hidden charts
// laid out and every drive's name wrapped before the frame. Without those, 1.60-1.81 (eight).
void TestStartup::firstFrameFromLaunch()
{
    if (!qEnvironmentVariableIsSet("TRIMSCOPE_STARTUP_TIMED"))
        QSKIP("timed alone: ctest -R tst_startup_frame");
    QFETCH(int, shown);
    QFETCH(int, savedRuns);
    const QString program = QStringLiteral(TRIMSCOPE_BINARY_DIR "/app/gui/trimscope");
    const QString reference = QStringLiteral(TRIMSCOPE_BINARY_DIR "/bench/startup-reference");
    QVERIFY2(QFile::exists(program) && QFile::exists(reference),
             "build trimscope and startup-reference");
    const QString savedRun = QFINDTESTDATA("../data/results/sweep.json");
    LaunchTimer timer;
    QList<LaunchTimer::FirstFrame> ours, theirs;
    constexpr int kRounds = 5;
    for (int round = 0; round < kRounds; ++round) {
        // Each round in the other order: a launch right after another's exit shares the machine
        // with its teardown.
        for (int turn = 0; turn < 2; ++turn) {
            const bool ourTurn = (round + turn) % 2 == 0;
            const auto frame = ourTurn ? timer.firstFrame(program, shown, savedRuns, savedRun)
                                       : timer.firstFrame(reference);
            QVERIFY2(frame,
                     qPrintable(
                         QStringLiteral("%1 showed no frame").arg(ourTurn ? program : reference)));
            (ourTurn ? ours : theirs).append(*frame);
        }
    }
    const auto median = [](const QList<LaunchTimer::FirstFrame> &frames, auto field) {
        QList<double> values;
        for (const LaunchTimer::FirstFrame &frame : frames)
            values.append(frame.*field);
        std::sort(values.begin(), values.end());
        return values[values.size() / 2];
    };
    const double cpu = median(ours, &LaunchTimer::FirstFrame::cpuMs);
    const double referenceCpu = median(theirs, &LaunchTimer::FirstFrame::cpuMs);
    qInfo("%s: first frame %.0f ms from launch (main thread's CPU %.0f ms), the reference "
          "window's %.0f ms (CPU %.0f ms): CPU %.2f×, medians of %d",
          qPrintable(timer.platform()), median(ours, &LaunchTimer::FirstFrame::wallMs), cpu,
          median(theirs, &LaunchTimer::FirstFrame::wallMs), referenceCpu, cpu / referenceCpu,
          kRounds);
    QVERIFY2(cpu <= kCpuToReference * referenceCpu,
             qPrintable(QStringLiteral("main thread's CPU to the first frame %1 ms, the "
                                       "reference's %2 ms")
                            .arg(cpu, 0, 'f', 0)
                            .arg(referenceCpu, 0, 'f', 0)));
}

QTEST_MAIN(TestStartup)
#include "tst_startup.moc"
