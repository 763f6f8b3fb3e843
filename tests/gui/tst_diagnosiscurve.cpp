// Issue 47, item 1: a diagnosis's sweep is a measured curve of its drive, on every view of that
// drive's curves. After Diagnose on the background-trimming drive the TRIM Benchmark tab kept
// showing an older cancelled run and Compare did not list the diagnosis; a drive only diagnosed
// said "no TRIM benchmark saved yet" and showed no verdict card, while Advice showed both.
// Screenshots of the tab after the diagnosis, in English and German, for a person to look at.
#include "../support/qtry.h"
#include "advice/advice.h"
#include "chart/trimchart.h"
#include "common/canceltoken.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "runstore.h"
#include "simulate/simulateddiscardtarget.h"
#include "simulate/simulatedprofiles.h"
#include "simulatedwindow.h"
#include "sweep/sweeprunner.h"
#include "testmain.h"
#include "uitext.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/jobpanel.h"
#include "widgets/runhistory.h"

#include <QAction>
#include <QChartView>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>
#include <QValueAxis>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

const QString kDrive = QStringLiteral("background-trimmer");

// A short sweep of the drive that was cancelled a minute ago, as the benchmark keeps one.
SweepResult cancelledSweep()
{
    const auto simulated = findSimulatedProfile(kDrive);
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(128) << 20;
    plan.repeats = 2;
    const auto resolved = resolvePlan(plan, {simulated->drive.sizeBytes, 512, 4096});
    SimulatedDiscardTarget target(*simulated, 1, false);
    CancelToken cancel;
    SweepResult result = SweepRunner(target, *resolved, simulated->drive, cancel).run();
    result.started = QDateTime::currentDateTimeUtc().addSecs(-60);
    result.stopReason = StopReason::Cancelled;
    return result;
}

// The newest diagnosis kept with the drive.
QString keptDiagnosis(const QString &runDir)
{
    const QList<StoredRun> runs =
        RunStore(runDir).runsOf(findSimulatedProfile(kDrive)->drive, {diagnosisKind()});
    return runs.isEmpty() ? QString() : runs.first().path;
}

int compareRowOf(const CompareTab *compare, const QString &path)
{
    for (int i = 0; i < compare->list()->topLevelItemCount(); ++i) {
        if (compare->list()->topLevelItem(i)->toolTip(CompareTab::RunColumn).endsWith(path))
            return i;
    }
    return -1;
}

} // namespace

class TestDiagnosisCurve : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void diagnosisCurveIsShownAfterTheDiagnosis();
    void keptCurveIsFittedOnce();
    void comparelistsIt();
    void aDriveOnlyDiagnosedShowsItsCurve();
    void screenshots_data();
    void screenshots();
    void cleanupTestCase();

private:
    GuiTestEnv m_env;
    std::unique_ptr<MainWindow> m_window;
    QString m_cancelled;
    QString m_diagnosis;
};

void TestDiagnosisCurve::initTestCase()
{
    const Expected<QString> saved = RunStore(m_env.runDir()).save(cancelledSweep());
    QVERIFY(saved);
    m_cancelled = *saved;
    m_window = openSimulatedWindow(m_env.runDir());
    QVERIFY(m_window);
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:") + kDrive));
    QCOMPARE(m_window->benchmarkTab()->shownPath(), m_cancelled);
    // Ctrl+D, as the walk did.
    m_window->tabs()->setCurrentWidget(m_window->benchmarkTab());
    QAction *diagnose = m_window->findChild<QAction *>(QStringLiteral("diagnoseAction"));
    QVERIFY(diagnose);
    diagnose->trigger();
    AdviceTab *advice = m_window->adviceTab();
    QVERIFY(advice->jobPanel()->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!advice->jobPanel()->isRunning(), 120000);
    m_diagnosis = keptDiagnosis(m_env.runDir());
    QVERIFY2(!m_diagnosis.isEmpty(), "the diagnosis was not kept with the drive");
}

void TestDiagnosisCurve::diagnosisCurveIsShownAfterTheDiagnosis()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    QCOMPARE(tab->shownPath(), m_diagnosis);
    const Expected<AnyResult> kept = RunStore::loadAny(m_diagnosis);
    QVERIFY(kept);
    const auto &diagnosis = std::get<DiagnosisResult>(*kept);
    QVERIFY(diagnosis.sweep);
    QCOMPARE(tab->lastResult().samples.size(), diagnosis.sweep->samples.size());
    QVERIFY2(tab->historyBox()->currentText().contains(QLatin1String("diagnosis")),
             qPrintable(tab->historyBox()->currentText()));
    // Both runs are listed: the diagnosis first (newest), then the cancelled benchmark.
    QCOMPARE(tab->historyBox()->count(), 2);
    // The card names the Advice tab's verdict, which is the diagnosis's.
    QVERIFY(tab->summaryCard()->isVisibleTo(tab));
    const QString card = uitext::plain(tab->summaryCard()->text());
    const QString verdict = advice::verdictHeadline(m_window->adviceTab()->advice());
    QVERIFY2(card.contains(QStringLiteral("Verdict for this drive: %1.").arg(verdict)),
             qPrintable(card));
    // It says which run is shown: the diagnosis's sweep, not "the run of … (cancelled)".
    const QString status = tab->jobPanel()->status()->text();
    QVERIFY2(status.contains(QLatin1String("diagnosis")), qPrintable(status));
}

// The diagnosis's end showed its curve size by size, the axes fitted (and QtCharts' labels laid
// out) after each: tens of milliseconds of a frozen window when a diagnosis was kept (issue 47).
// Drawn as one series, each axis takes its range once after the chart is cleared.
void TestDiagnosisCurve::keptCurveIsFittedOnce()
{
    BenchmarkTab *tab = m_window->benchmarkTab();
    m_window->tabs()->setCurrentWidget(tab);
    auto *view = tab->latencyChart()->findChild<QChartView *>();
    QVERIFY(view && view->chart());
    const QList<QAbstractAxis *> axes = view->chart()->axes(Qt::Horizontal);
    QVERIFY(!axes.isEmpty());
    auto *x = qobject_cast<QValueAxis *>(axes.constFirst());
    QVERIFY(x);
    QSignalSpy ranges(x, &QValueAxis::rangeChanged);
    tab->showNewestRun();
    QCOMPARE(tab->shownPath(), m_diagnosis);
    // Cleared to the empty frame, then the run's range: twice at most.
    QVERIFY2(ranges.count() <= 2, qPrintable(QString::number(ranges.count())));
}

void TestDiagnosisCurve::comparelistsIt()
{
    CompareTab *compare = m_window->compareTab();
    const int row = compareRowOf(compare, m_diagnosis);
    QVERIFY2(row >= 0, "Compare does not list the diagnosis's sweep");
    QTreeWidgetItem *item = compare->list()->topLevelItem(row);
    QVERIFY2(item->text(CompareTab::RunColumn).contains(QLatin1String("diagnosis")),
             qPrintable(item->text(CompareTab::RunColumn)));
    QVERIFY(!item->text(CompareTab::SizesColumn).isEmpty());
    compare->setChecked(m_diagnosis, true);
    QCOMPARE(compare->checkedPaths(), QStringList{m_diagnosis});
}

// With the benchmark run gone the drive has only been diagnosed: its curve, not "no TRIM
// benchmark saved yet", and the verdict card; after selecting another drive and coming back too.
void TestDiagnosisCurve::aDriveOnlyDiagnosedShowsItsCurve()
{
    QVERIFY(RunStore(m_env.runDir()).remove(m_cancelled));
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3")));
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:") + kDrive));
    BenchmarkTab *tab = m_window->benchmarkTab();
    QVERIFY2(tab->showsResult(), qPrintable(uitext::plain(tab->emptyState()->text())));
    QCOMPARE(tab->shownPath(), m_diagnosis);
    QVERIFY(tab->summaryCard()->isVisibleTo(tab));
    QVERIFY2(uitext::plain(tab->summaryCard()->text())
                 .contains(QLatin1String("Verdict for this "
                                         "drive:")),
             qPrintable(tab->summaryCard()->text()));
}

void TestDiagnosisCurve::screenshots_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("de") << QStringLiteral("de");
}

// A restart in each language on the same runs: the diagnosis's curve is what the tab opens on.
void TestDiagnosisCurve::screenshots()
{
    QFETCH(QString, language);
    m_window.reset();
    GuiLanguage switched(language);
    QVERIFY(switched.loaded());
    m_window = openSimulatedWindow(m_env.runDir());
    QVERIFY(m_window);
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:") + kDrive));
    m_window->resize(1366, 768);
    m_window->tabs()->setCurrentWidget(m_window->benchmarkTab());
    QTest::qWait(50);
    QCOMPARE(m_window->benchmarkTab()->shownPath(), m_diagnosis);
    QVERIFY(m_window->benchmarkTab()->summaryCard()->isVisible());
    m_window->grab().save(QStringLiteral("benchmark-diagnosis-1366x768-%1.png").arg(language));
    m_window.reset();
}

void TestDiagnosisCurve::cleanupTestCase()
{
    m_window.reset();
}

TRIMSCOPE_TEST_MAIN(TestDiagnosisCurve)
#include "tst_diagnosiscurve.moc"
