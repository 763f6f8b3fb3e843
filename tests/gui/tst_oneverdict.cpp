// Issue 28, items 1-4: one drive, one verdict, kept and current. The Advice tab and the TRIM
// benchmark's summary card read the same evidence, every run kept with the drive: after a
// diagnosis both give the diagnosis's verdict (not the sweeps' alone), still after selecting
// another drive and coming back; the numbers on screen are the advice's; deleting a run changes
// the advice at once.
#include "../support/qtry.h"
#include "advice/advice.h"
#include "common/canceltoken.h"
#include "guitestenv.h"
#include "mainwindow.h"
#include "runstore.h"
#include "simulate/simulateddiscardtarget.h"
#include "simulate/simulatedprofiles.h"
#include "simulatedwindow.h"
#include "sweep/sweepplan.h"
#include "sweep/sweeprunner.h"
#include "testmain.h"
#include "uitext.h"
#include "widgets/advicetab.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/drivelist.h"
#include "widgets/jobpanel.h"

#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

const QString kBackground = QStringLiteral("background-trimmer");
const QString kNoRunsYet = QStringLiteral("intel-320");

// The verdict the newest diagnosis kept with the profile's drive gave, as its file says.
std::optional<advice::Verdict> keptDiagnosisVerdict(const QString &runDir, const QString &profile)
{
    const auto simulated = findSimulatedProfile(profile);
    const QList<StoredRun> runs =
        RunStore(runDir).runsOf(simulated->drive, {QStringLiteral("diagnosis")});
    if (runs.isEmpty())
        return std::nullopt;
    const Expected<AnyResult> result = RunStore::loadAny(runs.first().path);
    const auto *diagnosis = result ? std::get_if<DiagnosisResult>(&*result) : nullptr;
    if (!diagnosis || !diagnosis->advice)
        return std::nullopt;
    return diagnosis->advice->verdict;
}

// A quick sweep of a simulated drive, as the benchmark would keep it, ended as `ended`.
SweepResult simulatedSweep(const QString &profile, StopReason ended, int offsetSeconds)
{
    const auto simulated = findSimulatedProfile(profile);
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(16) << 20;
    plan.repeats = 3;
    const auto resolved = resolvePlan(plan, {simulated->drive.sizeBytes, 512, 4096});
    SimulatedDiscardTarget target(*simulated, 1, false);
    CancelToken cancel;
    SweepResult result = SweepRunner(target, *resolved, simulated->drive, cancel).run();
    result.started = QDateTime::currentDateTimeUtc().addSecs(offsetSeconds);
    result.stopReason = ended;
    return result;
}

} // namespace

class TestOneVerdict : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void diagnosisIsTheVerdictEverywhere();
    void keptAfterSelectingAnotherDrive();
    void numbersAreTheAdvices();
    void theAuditIsTodays();
    void deletingARunChangesTheAdvice();
    void aDriveWithoutTrimHasThatVerdict();
    void cleanupTestCase();

private:
    // The verdict the summary card names, or an empty string when it names none.
    QString cardVerdict() const;
    GuiTestEnv m_env;
    std::unique_ptr<MainWindow> m_window;
    advice::Verdict m_sweepOnly = advice::Verdict::Unknown;
};

void TestOneVerdict::initTestCase()
{
    m_window = openSimulatedWindow(m_env.runDir());
    QVERIFY(m_window);
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:") + kBackground));
    QVERIFY(runQuickBenchmark(*m_window));
    m_sweepOnly = m_window->adviceTab()->advice().verdict;
    QCOMPARE(cardVerdict(), advice::verdictDisplayName(m_sweepOnly));
}

QString TestOneVerdict::cardVerdict() const
{
    const QString text = uitext::plain(m_window->benchmarkTab()->summaryCard()->text());
    const QString before = QStringLiteral("Verdict for this drive: ");
    const qsizetype at = text.indexOf(before);
    if (at < 0)
        return QString();
    return text.mid(at + before.size()).section(QStringLiteral(". "), 0, 0);
}

// The walk: Benchmark TRIM, then Diagnose, then back on the TRIM Benchmark the card
// said "Online discard is fine" while its link's Advice tab said "Prefer a periodic fstrim".
void TestOneVerdict::diagnosisIsTheVerdictEverywhere()
{
    AdviceTab *advice = m_window->adviceTab();
    QVERIFY(advice->diagnose());
    QTRY_VERIFY_WITH_TIMEOUT(!advice->jobPanel()->isRunning(), 120000);
    const std::optional<advice::Verdict> diagnosed =
        keptDiagnosisVerdict(m_env.runDir(), kBackground);
    QVERIFY2(diagnosed, "the diagnosis was not kept with the drive");
    // Otherwise this walk could not tell a card that kept the sweeps' verdict from a right one.
    QVERIFY2(*diagnosed != m_sweepOnly,
             qPrintable(advice::verdictDisplayName(*diagnosed) + QStringLiteral(" both ways")));
    QCOMPARE(advice->advice().verdict, *diagnosed);
    QCOMPARE(advice->verdictLabel()->text(), advice::verdictDisplayName(*diagnosed));
    QCOMPARE(cardVerdict(), advice::verdictDisplayName(*diagnosed));
    const QString inputs = advice->inputsLabel()->text();
    QVERIFY2(inputs.contains(QLatin1String("the simulated diagnosis of")), qPrintable(inputs));
    // The benchmark run before the diagnosis is history: the diagnosis swept the drive again.
    // (Tests run untranslated: English plurals read "run(s)".)
    QVERIFY2(inputs.contains(QLatin1String("1 older run")), qPrintable(inputs));
}

void TestOneVerdict::keptAfterSelectingAnotherDrive()
{
    const std::optional<advice::Verdict> diagnosed =
        keptDiagnosisVerdict(m_env.runDir(), kBackground);
    QVERIFY(diagnosed);
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:ocz-agility3")));
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:") + kBackground));
    AdviceTab *advice = m_window->adviceTab();
    QCOMPARE(advice->advice().verdict, *diagnosed);
    QCOMPARE(advice->verdictLabel()->text(), advice::verdictDisplayName(*diagnosed));
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("the simulated diagnosis of")),
             qPrintable(advice->inputsLabel()->text()));
    QCOMPARE(cardVerdict(), advice::verdictDisplayName(*diagnosed));
}

void TestOneVerdict::numbersAreTheAdvices()
{
    AdviceTab *advice = m_window->adviceTab();
    const QList<advice::Figure> &figures = advice->advice().numbers;
    QVERIFY(!figures.isEmpty());
    QCOMPARE(advice->numbers()->topLevelItemCount(), figures.size());
    for (int i = 0; i < figures.size(); ++i) {
        QCOMPARE(advice->numbers()->topLevelItem(i)->text(0), figures.at(i).label);
        QCOMPARE(advice->numbers()->topLevelItem(i)->text(1), figures.at(i).displayValue());
    }
}

// A kept diagnosis holds the audit of its day; the advice reads this computer's as audited now:
// two audits given one after the other (one finding, then none) each show, whatever the
// diagnosis's audit found.
void TestOneVerdict::theAuditIsTodays()
{
    AdviceTab *advice = m_window->adviceTab();
    audit::AuditReport oneFinding;
    audit::Finding finding;
    finding.id = QStringLiteral("test-finding");
    finding.subject = QStringLiteral("system");
    finding.title = QStringLiteral("A finding this test made");
    oneFinding.findings.append(finding);
    advice->setAudit(oneFinding);
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("(1 finding(s))")),
             qPrintable(advice->inputsLabel()->text()));
    advice->setAudit(audit::AuditReport());
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("(0 finding(s))")),
             qPrintable(advice->inputsLabel()->text()));
}

// A drive with one complete and one cancelled run: the cancelled one does not lower the
// confidence beside the complete one; with the complete one deleted in Compare, it is all the
// advice has, and the advice says so at once.
void TestOneVerdict::deletingARunChangesTheAdvice()
{
    RunStore store(m_env.runDir());
    const Expected<QString> complete =
        store.save(simulatedSweep(kNoRunsYet, StopReason::Completed, -120));
    QVERIFY(complete);
    QVERIFY(store.save(simulatedSweep(kNoRunsYet, StopReason::Cancelled, -60)));
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:") + kNoRunsYet));
    QVERIFY(settle(*m_window)); // runs kept behind the window's back: listed when it is selected
    AdviceTab *advice = m_window->adviceTab();
    const auto mentionsStop = [advice] {
        return advice->advice()
            .confidenceReasons.join(QLatin1Char(' '))
            .contains(QLatin1String("cancelled"));
    };
    QVERIFY2(!mentionsStop(), qPrintable(advice->advice().confidenceReasons.join('\n')));
    QVERIFY2(
        advice->inputsLabel()->text().contains(QLatin1String("1 saved simulated benchmark run")),
        qPrintable(advice->inputsLabel()->text()));

    CompareTab *compare = m_window->compareTab();
    QTreeWidgetItem *item = nullptr;
    for (int i = 0; i < compare->list()->topLevelItemCount(); ++i) {
        // Each row's tooltip ends with the file's path.
        if (compare->list()->topLevelItem(i)->toolTip(CompareTab::RunColumn).endsWith(*complete))
            item = compare->list()->topLevelItem(i);
    }
    QVERIFY2(item, qPrintable(*complete));
    compare->list()->clearSelection();
    item->setSelected(true);
    // "Delete 1 saved run?": Yes.
    QTimer::singleShot(0, this, [] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (box)
            box->button(QMessageBox::Yes)->click();
    });
    compare->deleteButton()->click();
    QVERIFY(!QFile::exists(*complete));
    QVERIFY2(mentionsStop(), qPrintable(advice->advice().confidenceReasons.join('\n')));
    QVERIFY2(
        advice->inputsLabel()->text().contains(QLatin1String("1 saved simulated benchmark run")),
        qPrintable(advice->inputsLabel()->text()));
}

// Issue 28, item 6: the drive list says "TRIM: no"; the Advice tab said "Not enough data: run a
// sweep (trimscope-cli sweep …)" for a drive that cannot be swept.
void TestOneVerdict::aDriveWithoutTrimHasThatVerdict()
{
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("simulated:no-trim")));
    QVERIFY(!m_window->driveList()->selectedDrive()->supportsDiscard);
    AdviceTab *advice = m_window->adviceTab();
    QCOMPARE(advice->advice().verdict, advice::Verdict::NoTrim);
    QCOMPARE(advice->verdictLabel()->text(), advice::verdictDisplayName(advice::Verdict::NoTrim));
    QVERIFY2(!advice->advice().sentence.contains(QLatin1String("trimscope-cli")),
             qPrintable(advice->advice().sentence));
    QVERIFY2(advice->inputsLabel()->text().contains(QLatin1String("takes no discard")),
             qPrintable(advice->inputsLabel()->text()));
}

void TestOneVerdict::cleanupTestCase()
{
    m_window.reset();
}

TRIMSCOPE_TEST_MAIN(TestOneVerdict)
#include "tst_oneverdict.moc"
