// Issue 15, item 1: results belong to their drive. Selecting another drive never shows a result
// of the drive selected before: each tab shows the selected drive's newest saved run (with its
// date) or an empty state that says what to do, and Export exports what is shown.
#include "../support/qtry.h"
#include "chart/trimchart.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "report/resultfile.h"
#include "runstore.h"
#include "testmain.h"
#include "widgets/benchmarktab.h"
#include "widgets/drivelist.h"
#include "widgets/filesystemtab.h"
#include "widgets/jobpanel.h"
#include "widgets/planeditor.h"
#include "widgets/recoverytab.h"
#include "widgets/resultstable.h"
#include "widgets/runhistory.h"

#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTest>

using namespace trimscope;
using namespace trimscope::gui;

class TestDriveResults : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void neverAForeignResult_data();
    void neverAForeignResult();
    void historyPerDrive();
    void experimentTabsFollowTheDrive();
    void cleanupTestCase();

private:
    void runOn(const QString &driveId);
    static QString id(const char *profile) { return QStringLiteral("simulated:") + profile; }
    DriveInfo selectedInfo() const { return m_window->driveList()->selectedDrive()->info; }

    GuiTestEnv m_env;
    std::unique_ptr<MainWindow> m_window;
};

void TestDriveResults::initTestCase()
{
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory = m_env.runDir();
    options.simulatedTimeScale = 0;
    m_window = std::make_unique<MainWindow>(options);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(16) << 20;
    plan.repeats = 2;
    m_window->benchmarkTab()->planEditor()->setPlan(plan);
}

void TestDriveResults::runOn(const QString &driveId)
{
    QVERIFY(m_window->driveList()->selectDrive(driveId));
    BenchmarkTab *tab = m_window->benchmarkTab();
    QVERIFY(tab->benchmarkButton()->isEnabled());
    QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!tab->isRunning(), 30000);
    QVERIFY(!tab->shownPath().isEmpty());
}

void TestDriveResults::neverAForeignResult_data()
{
    QTest::addColumn<QString>("ranOn");
    QTest::addColumn<QString>("selected");
    QTest::addColumn<bool>("selectedHasRun"); // after the run of this row
    QTest::newRow("run OCZ, select Corsair (no run)")
        << id("ocz-agility3") << id("corsair-performance-pro") << false;
    QTest::newRow("run OCZ, select the drive without TRIM")
        << id("ocz-agility3") << id("no-trim") << false;
    QTest::newRow("run Corsair, select OCZ (its own run)")
        << id("corsair-performance-pro") << id("ocz-agility3") << true;
    QTest::newRow("run Intel, select Corsair (its own run)")
        << id("intel-320") << id("corsair-performance-pro") << true;
}

void TestDriveResults::neverAForeignResult()
{
    QFETCH(QString, ranOn);
    QFETCH(QString, selected);
    QFETCH(bool, selectedHasRun);
    runOn(ranOn);
    const DriveInfo ran = m_window->benchmarkTab()->lastResult().drive;
    QVERIFY(m_window->driveList()->selectDrive(selected));
    BenchmarkTab *tab = m_window->benchmarkTab();
    const DriveInfo shown = selectedInfo();
    QVERIFY(!sameDrive(ran, shown));
    QCOMPARE(tab->showsResult(), selectedHasRun);
    if (selectedHasRun) {
        QVERIFY(sameDrive(tab->lastResult().drive, shown));
        QVERIFY2(tab->latencyChart()->data().first().label.contains(shown.displayName()),
                 qPrintable(tab->latencyChart()->data().first().label));
        // The date of the shown run is on screen.
        QCOMPARE(tab->historyBox()->currentPath(), tab->shownPath());
        QVERIFY(tab->historyBox()->currentText().contains(
            RunStore::describe(tab->shownPath()).date()));
        // Export exports what is shown.
        const QString json = m_env.home.filePath(QStringLiteral("shown.json"));
        QVERIFY(!tab->exportData(json).isError());
        const Expected<SweepResult> exported = RunStore::load(json);
        QVERIFY(exported);
        QVERIFY(sameDrive(exported->drive, shown));
        QCOMPARE(exported->started, tab->lastResult().started);
    } else {
        QVERIFY(!tab->hasResult());
        QCOMPARE(tab->latencyChart()->seriesCount(), 0);
        QCOMPARE(tab->table()->rowCount(), 0);
        const QString empty = tab->emptyState()->text();
        QVERIFY2(empty.contains(shown.displayName().toHtmlEscaped()), qPrintable(empty));
        QVERIFY2(!empty.contains(ran.displayName().toHtmlEscaped()), qPrintable(empty));
        // Nothing foreign to export.
        QVERIFY(!tab->exportData(m_env.home.filePath(QStringLiteral("none.json"))).isError() ||
                !tab->hasResult());
    }
    // No status line speaks of the other drive's run.
    QVERIFY(!tab->jobPanel()->status()->text().contains(QLatin1String("discards")));
    QVERIFY(!tab->summaryCard()->isVisible() || selectedHasRun);
}

void TestDriveResults::historyPerDrive()
{
    // OCZ has runs from the rows above; one more makes the history grow, newest first.
    m_window->driveList()->selectDrive(id("ocz-agility3"));
    RunHistory *history = m_window->benchmarkTab()->historyBox();
    const int before = history->count();
    runOn(id("ocz-agility3"));
    QCOMPARE(history->count(), before + 1);
    QCOMPARE(history->currentIndex(), 0);
    const QString newest = m_window->benchmarkTab()->shownPath();
    // Choosing an older run shows that run.
    history->setCurrentIndex(1);
    emit history->activated(1);
    QVERIFY(m_window->benchmarkTab()->shownPath() != newest);
    QVERIFY(sameDrive(m_window->benchmarkTab()->lastResult().drive, selectedInfo()));
    // Another drive and back: the newest again, not whatever was chosen.
    m_window->driveList()->selectDrive(id("intel-320"));
    m_window->driveList()->selectDrive(id("ocz-agility3"));
    QCOMPARE(m_window->benchmarkTab()->shownPath(), newest);
}

void TestDriveResults::experimentTabsFollowTheDrive()
{
    // A result opened from a file shows until another drive is selected; then that drive's own
    // state (here: none, and why it cannot run) replaces it.
    const QString results = QFINDTESTDATA("../data/results");
    m_window->driveList()->selectDrive(id("ocz-agility3"));
    FilesystemTab *fs = m_window->filesystemTab();
    QVERIFY(!fs->openResult(results + "/fsbench-ext4-xfs.json").isError());
    QVERIFY(fs->showsResult());
    RecoveryTab *recovery = m_window->recoveryTab();
    QVERIFY(!recovery->openResult(results + "/recovery-smoke.json").isError());
    QVERIFY(recovery->showsResult());
    m_window->driveList()->selectDrive(id("corsair-performance-pro"));
    for (ExperimentTab *tab : {static_cast<ExperimentTab *>(fs),
                               static_cast<ExperimentTab *>(recovery)}) {
        QVERIFY(!tab->showsResult());
        const QString empty = tab->findChild<QLabel *>(QStringLiteral("emptyState"))->text();
        QVERIFY2(empty.contains(selectedInfo().displayName()), qPrintable(empty));
    }
}

void TestDriveResults::cleanupTestCase()
{
    m_window.reset();
}

TRIMSCOPE_TEST_MAIN(TestDriveResults)
#include "tst_driveresults.moc"
