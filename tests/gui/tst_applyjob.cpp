// Issue 47, item 4: Apply and Undo on the Advice tab leave the window responsive. A private bus
// carries stand-ins for udisksd and trimscope-helper that answer every call after 0.2 s
// (slow-system-bus.py), as polkit does while a person types the password; a 10 ms timer measures
// the event loop's longest stall while a fix is applied and undone (less the time the GUI thread
// waited for a CPU, see StallMeter): under 100 ms (before: the whole plan, about 3 s here; a
// scenario over the bound runs once more, as a busy machine can hold any thread up). The steps
// show as "Step n of m"; Cancel while the helper's step waits for its answer (polkit's prompt)
// gives that step up at once, and the result says nothing changed. Reading the host through udisks2
// (the Flatpak's view) does not stall the window either.
#include "../support/qtry.h"
#include "apply/undojournal.h"
#include "applytestdata.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "privileged.h"
#include "savedruns.h"
#include "slowsystem.h"
#include "stallmeter.h"
#include "testmain.h"
#include "widgets/advicetab.h"
#include "widgets/applycontroller.h"
#include "widgets/applydialog.h"
#include "widgets/fixlist.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <functional>

using namespace trimscope;
using namespace trimscope::gui;
using namespace trimscope::gui::test;

namespace {

// Each answer of the stand-ins: twice the stall bound, so that one call waited for on the GUI
// thread fails the bound by itself (a second each took the test 26 s, 0.4 s 16 s; issue 45).
constexpr int kDelayMs = 200;
constexpr qint64 kLongestStallMs = 100;

template <class Widget> Widget *modal(const QString &objectName = QString())
{
    auto *widget = qobject_cast<Widget *>(QApplication::activeModalWidget());
    return widget && (objectName.isEmpty() || widget->objectName() == objectName) ? widget
                                                                                  : nullptr;
}

} // namespace

class TestApplyJob : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void applyAndUndoKeepTheWindowResponsive_data();
    void applyAndUndoKeepTheWindowResponsive();
    void cancelWithdrawsTheWaitingStep_data();
    void cancelWithdrawsTheWaitingStep();
    void readingTheHostThroughUdisksKeepsTheWindowResponsive();

private:
    std::unique_ptr<AdviceTab> measuredTab();
    QPushButton *applyButtonOf(AdviceTab &tab, const QString &fixId);
    // Clicks `button`, confirms in the dialog, waits for the result box and closes it; returns
    // the box's title and text, and every distinct line the progress panel showed.
    struct Run
    {
        QString confirmation;
        QString title;
        QString text;
        QStringList progress;
        qint64 longestStallMs = 0; // less the run queue's wait
        qint64 longestWallMs = 0;
        qint64 tookMs = 0;
        QString pauses; // and when each phase began
    };
    Run clickAndConfirm(AdviceTab &tab, QPushButton *button,
                        const std::function<void(AdviceTab &)> &whileRunning = {});
    // What the stand-ins changed since the last call.
    QStringList calls() { return m_system.calls(); }
    // Runs `scenario`, which sets the longest stall it saw; where that is over the bound, runs it
    // once more from the start, and holds the bound to that run.
    void onceMoreIfBusy(const std::function<void(qint64 &)> &scenario);
    void applyAndUndo(const QString &stepWord, qint64 &longest);
    void cancelMidway(const QString &title, const QString &record, qint64 &longest);
    void readHost(qint64 &longest);

    GuiTestEnv m_env;
    std::unique_ptr<RunStore> m_store;
    SlowSystem m_system;
};

void TestApplyJob::initTestCase()
{
    if (const QString reason = SlowSystem::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    // This process's "system bus" from here on: the GUI's connection and the workers' own.
    QVERIFY(m_system.startBus());
    m_store = std::make_unique<RunStore>(m_env.runDir());
    QVERIFY(keepFastSweep(*m_store, nvmeEntry()));
}

void TestApplyJob::cleanupTestCase()
{
    m_system.stopStandIns();
}

void TestApplyJob::init()
{
    // Each test starts from the stand-ins' first state: / without discard, nothing recorded.
    QFile::remove(apply::defaultJournalPath());
    QVERIFY2(m_system.startStandIns(kDelayMs / 1000.0), "slow-system-bus.py did not get ready");
}

void TestApplyJob::cleanup()
{
    m_system.stopStandIns();
}

std::unique_ptr<AdviceTab> TestApplyJob::measuredTab()
{
    auto *runs = new SavedRuns(*m_store); // the window's listing, owned by the tab here
    runs->listNow();
    auto tab = std::make_unique<AdviceTab>(runs);
    runs->setParent(tab.get());
    tab->setComputer(snapshotOf(QStringLiteral("all-fine")));
    tab->setDrive(nvmeEntry());
    tab->resize(1100, 700);
    tab->show();
    if (!QTest::qWaitForWindowExposed(tab.get()))
        return nullptr;
    return tab;
}

QPushButton *TestApplyJob::applyButtonOf(AdviceTab &tab, const QString &fixId)
{
    for (int i = 0; i < tab.advice().fixes.size(); ++i) {
        if (tab.advice().fixes.at(i).id == fixId)
            return tab.fixList()->applyButton(i);
    }
    return nullptr;
}

TestApplyJob::Run
TestApplyJob::clickAndConfirm(AdviceTab &tab, QPushButton *button,
                              const std::function<void(AdviceTab &)> &whileRunning)
{
    Run run;
    StallMeter meter;
    QTest::mouseClick(button, Qt::LeftButton);
    QElapsedTimer waited;
    waited.start();
    while (!modal<ApplyDialog>() && waited.elapsed() < 10000)
        QTest::qWait(10);
    auto *dialog = modal<ApplyDialog>();
    if (!dialog)
        return run;
    run.confirmation = dialog->changes()->toPlainText();
    const qint64 asked = meter.elapsed();
    dialog->goButton()->click();
    QLabel *step = tab.applyController()->stepLabel();
    while (!modal<QMessageBox>(QStringLiteral("applyResult")) && waited.elapsed() < 30000) {
        if (tab.applyController()->isVisible() &&
            (run.progress.isEmpty() || run.progress.constLast() != step->text()))
            run.progress.append(step->text());
        if (whileRunning)
            whileRunning(tab);
        QTest::qWait(10);
    }
    const qint64 answered = meter.elapsed();
    run.longestStallMs = meter.longest();
    run.longestWallMs = meter.longestWallMs();
    run.tookMs = meter.elapsed();
    run.pauses = QStringLiteral("confirmation at %1 ms, result at %2 ms; pauses %3")
                     .arg(asked)
                     .arg(answered)
                     .arg(meter.pauses());
    if (auto *box = modal<QMessageBox>(QStringLiteral("applyResult"))) {
        run.title = box->windowTitle();
        run.text = box->text();
        box->accept();
    }
    qInfo("%s: %s (%s)", qPrintable(run.title), qPrintable(run.text), qPrintable(run.pauses));
    return run;
}

void TestApplyJob::applyAndUndoKeepTheWindowResponsive_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("stepWord"); // "Step 1 of 2" in that language
    QTest::newRow("en") << "en"
                        << "Step %1 of %2";
    QTest::newRow("de") << "de"
                        << "Schritt %1 von %2";
}

void TestApplyJob::applyAndUndoKeepTheWindowResponsive()
{
    QFETCH(QString, language);
    QFETCH(QString, stepWord);
    GuiLanguage switched(language);
    onceMoreIfBusy([&](qint64 &longest) { applyAndUndo(stepWord, longest); });
}

void TestApplyJob::onceMoreIfBusy(const std::function<void(qint64 &)> &scenario)
{
    qint64 longest = 0;
    scenario(longest);
    if (QTest::currentTestFailed())
        return;
    if (longest >= kLongestStallMs) {
        // A machine busy with other builds can hold any thread up now and then (CPU, memory,
        // disk); a second try tells that from a stall of our own, which comes back every time.
        qInfo("longest stall %lld ms: once more", longest);
        cleanup();
        init();
        longest = 0;
        scenario(longest);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY2(longest < kLongestStallMs, qPrintable(QStringLiteral("%1 ms").arg(longest)));
}

void TestApplyJob::applyAndUndo(const QString &stepWord, qint64 &longest)
{
    const auto tab = measuredTab();
    QVERIFY(tab);
    QPushButton *apply = applyButtonOf(*tab, QStringLiteral("fstab-add-discard:/"));
    QVERIFY(apply);

    const Run applied = clickAndConfirm(*tab, apply);
    qInfo("apply: longest stall %lld ms (%lld ms on the clock) in %lld ms", applied.longestStallMs,
          applied.longestWallMs, applied.tookMs);
    // The helper is there: / is remounted now, and the line changed for the next boot.
    QVERIFY2(applied.confirmation.contains(QLatin1String("defaults,discard")),
             qPrintable(applied.confirmation));
    QVERIFY2(!applied.title.isEmpty(), "no result");
    QCOMPARE(calls(), QStringList({QStringLiteral("SetMountDiscard / true"),
                                   QStringLiteral("UpdateConfigurationItem defaults,discard")}));
    for (int n = 1; n <= 2; ++n)
        QVERIFY2(std::any_of(
                     applied.progress.cbegin(), applied.progress.cend(),
                     [&](const QString &line) { return line.startsWith(stepWord.arg(n).arg(2)); }),
                 qPrintable(applied.progress.join(QLatin1Char('\n'))));
    longest = std::max(longest, applied.longestStallMs);
    QVERIFY(applied.tookMs >= 3 * kDelayMs); // it did wait for the slow system

    QTRY_VERIFY(tab->undoButton()->isVisible());
    const Run undone = clickAndConfirm(*tab, tab->undoButton());
    qInfo("undo: longest stall %lld ms (%lld ms on the clock) in %lld ms", undone.longestStallMs,
          undone.longestWallMs, undone.tookMs);
    QVERIFY2(!undone.title.isEmpty(), "no result");
    QCOMPARE(calls(), QStringList({QStringLiteral("SetMountDiscard / false"),
                                   QStringLiteral("UpdateConfigurationItem defaults")}));
    longest = std::max(longest, undone.longestStallMs);
    QVERIFY(tab->undoButton()->isHidden()); // nothing left recorded
}

void TestApplyJob::cancelWithdrawsTheWaitingStep_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("title");  // of the result, in that language
    QTest::addColumn<QString>("record"); // the result's last line
    QTest::newRow("en") << "en"
                        << "Stopped"
                        << "Nothing was changed.";
    QTest::newRow("de") << "de"
                        << "Angehalten"
                        << "Es wurde nichts geändert.";
}

void TestApplyJob::cancelWithdrawsTheWaitingStep()
{
    QFETCH(QString, language);
    QFETCH(QString, title);
    QFETCH(QString, record);
    GuiLanguage switched(language);
    onceMoreIfBusy([&](qint64 &longest) { cancelMidway(title, record, longest); });
}

void TestApplyJob::cancelMidway(const QString &title, const QString &record, qint64 &longest)
{
    const auto tab = measuredTab();
    QVERIFY(tab);
    QPushButton *apply = applyButtonOf(*tab, QStringLiteral("fstab-add-discard:/"));
    QVERIFY(apply);
    // Cancel while the first of two steps (the remount) waits for its answer.
    bool cancelled = false;
    const Run stopped = clickAndConfirm(*tab, apply, [&](AdviceTab &running) {
        QProgressBar *bar = running.applyController()->progressBar();
        if (!cancelled && bar->maximum() == 2 && bar->value() == 0) {
            QTest::mouseClick(running.applyController()->cancelButton(), Qt::LeftButton);
            cancelled = true;
        }
    });
    QVERIFY(cancelled);
    qInfo("stopped apply: longest stall %lld ms (%lld ms on the clock) in %lld ms",
          stopped.longestStallMs, stopped.longestWallMs, stopped.tookMs);
    QCOMPARE(stopped.title, title);
    // The remount's call was given up at once (the real helper then withdraws its polkit
    // question: tst_realwalk); nothing changed, nothing to undo. Before, Stop waited for the
    // answer and the remount went through.
    QVERIFY2(stopped.text.endsWith(record), qPrintable(stopped.text));
    QVERIFY2(stopped.progress.size() >= 1, "no step shown");
    QVERIFY(tab->undoButton()->isHidden());
    longest = std::max(longest, stopped.longestStallMs);
}

void TestApplyJob::readingTheHostThroughUdisksKeepsTheWindowResponsive()
{
    qputenv("TRIMSCOPE_HOST_VIEW", "udisks");
    const auto unset = qScopeGuard([] { qunsetenv("TRIMSCOPE_HOST_VIEW"); });
    onceMoreIfBusy([&](qint64 &longest) { readHost(longest); });
}

void TestApplyJob::readHost(qint64 &longest)
{
    SavedRuns runs{*m_store};
    runs.listNow();
    AdviceTab tab(&runs);
    tab.resize(1100, 700);
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    QSignalSpy read(&tab, &AdviceTab::computerRead);
    StallMeter meter;
    tab.setDrive(nvmeEntry());
    QVERIFY(tab.isReadingComputer());
    QVERIFY2(tab.inputsLabel()->text().contains(QLatin1String("reading this computer")),
             qPrintable(tab.inputsLabel()->text()));
    QVERIFY(read.wait(10000));
    longest = meter.longest();
    qInfo("host read: longest stall %lld ms (%lld ms on the clock) in %lld ms; pauses %s", longest,
          meter.longestWallMs(), meter.elapsed(), qPrintable(meter.pauses()));
    QVERIFY(meter.elapsed() >= kDelayMs); // udisks2's answer was waited for
    QVERIFY2(tab.inputsLabel()->text().contains(QLatin1String("the audit of this computer")),
             qPrintable(tab.inputsLabel()->text()));
}

TRIMSCOPE_TEST_MAIN(TestApplyJob)
#include "tst_applyjob.moc"
