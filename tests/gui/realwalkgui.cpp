// The GUI half of tst_realwalk (issue 47's walk with the real back ends): the main window,
// offscreen, as the unprivileged user tst_realwalk starts it as, on a private system bus with the
// real trimscope-helper, udisksd and polkitd, in udisksd's mount namespace (so /etc is the test's
// scratch copy). Two emulated drives: a spare one (TRIMSCOPE_WALK_SPARE) and one holding ext4
// mounted with online discard (TRIMSCOPE_WALK_MOUNTED, at TRIMSCOPE_WALK_MOUNTPOINT). It
// benchmarks the spare drive through the helper, starts its diagnosis and cancels it, opens the
// kept results, watches and times (timed fstrim) the mounted one, applies the Advice tab's fix for
// it and undoes it while polkit waits for tst_realwalk's late authentication agent. Each phase
// prints one line "WALK stall PHASE MS WALL_MS" (the event loop's longest pause, less the time
// the GUI thread waited for a CPU; and as the clock saw it) and "WALK idle MS WALL_MS" for an
// idle event loop measured alike; tst_realwalk holds the bound. It first prints "WALK pid N" and
// waits for a line on stdin (the agent is registered for this process by then).
#include "../support/qtry.h"
#include "advice/advice.h"
#include "chart/trimchart.h"
#include "mainwindow.h"
#include "runstore.h"
#include "stallmeter.h"
#include "uitext.h"
#include "widgets/advicetab.h"
#include "widgets/applycontroller.h"
#include "widgets/applydialog.h"
#include "widgets/benchmarktab.h"
#include "widgets/comparetab.h"
#include "widgets/confirmdialog.h"
#include "widgets/drivelist.h"
#include "widgets/fixlist.h"
#include "widgets/inusetab.h"
#include "widgets/jobpanel.h"
#include "widgets/planeditor.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <cstdio>
#include <functional>
#include <memory>

using namespace trimscope;
using namespace trimscope::gui;
using trimscope::gui::test::StallMeter;

namespace {

QString env(const char *name)
{
    return QString::fromLocal8Bit(qgetenv(name));
}

void say(const QString &line)
{
    std::printf("WALK %s\n", qPrintable(line));
    std::fflush(stdout);
}

void sayStall(const QString &phase, StallMeter &meter)
{
    const qint64 longest = meter.longest();
    say(QStringLiteral("stall %1 %2 %3").arg(phase).arg(longest).arg(meter.longestWallMs()));
    qInfo("%s: longest stall %lld ms (%lld ms on the clock) in %lld ms; pauses %s",
          qPrintable(phase), longest, meter.longestWallMs(), meter.elapsed(),
          qPrintable(meter.pauses()));
}

template <class Widget> Widget *modal(const QString &objectName = QString())
{
    auto *widget = qobject_cast<Widget *>(QApplication::activeModalWidget());
    return widget && (objectName.isEmpty() || widget->objectName() == objectName) ? widget
                                                                                  : nullptr;
}

} // namespace

class RealWalkGui : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void idleReference();
    void benchmarkTheSpareDrive();
    void diagnoseTheSpareDrive();
    void openTheKeptResults();
    void watchAndTimeTheMountedDrive();
    void importTheDrivesEarlierBenchmark();
    void stopWhileThePasswordIsAsked();
    void applyAndUndoItsFix();
    void idleReferenceAtTheEnd();
    void cleanupTestCase();

private:
    // Types the device name into every ConfirmDialog that opens while it runs, as a person would.
    void confirmWhile(const std::function<void()> &action);
    // Clicks `button`, answers the confirmation and waits for the result box (polkit's prompts
    // pending meanwhile); the box's title and text, the stall printed under `phase`.
    QString applyThrough(QPushButton *button, const QString &phase);
    void measureIdle(const QString &phase);
    // The Apply button of the Advice tab's fix for the mounted filesystem.
    QPushButton *applyButtonForTheMount();

    std::unique_ptr<MainWindow> m_window;
    QString m_spare;
    QString m_mounted;
    QString m_mountPoint;
};

void RealWalkGui::initTestCase()
{
    m_spare = env("TRIMSCOPE_WALK_SPARE");
    m_mounted = env("TRIMSCOPE_WALK_MOUNTED");
    m_mountPoint = env("TRIMSCOPE_WALK_MOUNTPOINT");
    QVERIFY(!m_spare.isEmpty() && !m_mounted.isEmpty() && !m_mountPoint.isEmpty());
    say(QStringLiteral("pid %1").arg(QCoreApplication::applicationPid()));
    QFile in;
    QVERIFY(in.open(stdin, QIODevice::ReadOnly));
    in.readLine(); // tst_realwalk's agent is ready

    MainWindowOptions options;
    options.runDirectory = env("TRIMSCOPE_WALK_RUNS");
    m_window = std::make_unique<MainWindow>(options);
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void RealWalkGui::measureIdle(const QString &phase)
{
    StallMeter meter;
    QTest::qWait(2000);
    say(QStringLiteral("idle %1 %2 (%3)")
            .arg(meter.longest())
            .arg(meter.longestWallMs())
            .arg(phase));
}

void RealWalkGui::idleReference()
{
    measureIdle(QStringLiteral("start"));
}

void RealWalkGui::idleReferenceAtTheEnd()
{
    measureIdle(QStringLiteral("end"));
}

void RealWalkGui::confirmWhile(const std::function<void()> &action)
{
    const QString name = m_window->driveList()->selectedDriveId().section(QLatin1Char('/'), -1);
    QTimer confirmer;
    connect(&confirmer, &QTimer::timeout, this, [&] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            auto *dialog = qobject_cast<ConfirmDialog *>(widget);
            if (!dialog || !dialog->isVisible())
                continue;
            QTest::keyClicks(dialog->nameEdit(), name);
            dialog->runButton()->click();
        }
    });
    confirmer.start(50);
    action();
    confirmer.stop();
}

// The measured curve where the user looks for it: the Benchmark tab's chart and Compare; the
// card's verdict is the Advice tab's.
void RealWalkGui::benchmarkTheSpareDrive()
{
    QTRY_VERIFY_WITH_TIMEOUT(
        m_window->driveList()->selectDrive(QStringLiteral("helper:") + m_spare), 15000);
    BenchmarkTab *tab = m_window->benchmarkTab();
    m_window->tabs()->setCurrentWidget(tab);
    QVERIFY2(tab->benchmarkButton()->isEnabled(), qPrintable(tab->benchmarkButton()->toolTip()));
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(4) << 20; // 11 sizes
    plan.repeats = 2;
    tab->planEditor()->setPlan(plan);
    confirmWhile([&] { QTest::mouseClick(tab->benchmarkButton(), Qt::LeftButton); });
    QVERIFY(tab->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!tab->isRunning(), 60000);
    QVERIFY2(tab->lastResult().stopReason == StopReason::Completed,
             qPrintable(tab->lastResult().error.message));
    QCOMPARE(tab->latencyChart()->pointCount(0), 11);
    QTRY_COMPARE(m_window->compareTab()->list()->topLevelItemCount(), 1);
    // One verdict: the card's is the Advice tab's headline.
    const QString verdict = advice::verdictHeadline(m_window->adviceTab()->advice());
    QCOMPARE(m_window->adviceTab()->verdictLabel()->text(), verdict);
    const QString card = uitext::plain(tab->summaryCard()->text());
    QVERIFY2(card.contains(verdict), qPrintable(card + QStringLiteral(" / Advice: ") + verdict));
    say(QStringLiteral("spare verdict %1").arg(verdict));
}

// The diagnosis through the helper, cancelled after a few seconds: the window stays responsive
// while it starts, measures and stops, and a curve it kept is where the benchmark's is.
void RealWalkGui::diagnoseTheSpareDrive()
{
    AdviceTab *advice = m_window->adviceTab();
    m_window->tabs()->setCurrentWidget(advice);
    StallMeter meter;
    bool started = false;
    confirmWhile([&] { started = advice->diagnose(); });
    QVERIFY(started);
    QVERIFY(advice->jobPanel()->isRunning());
    QTest::qWait(5000);
    advice->jobPanel()->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!advice->jobPanel()->isRunning(), 30000);
    QTest::qWait(50); // what the diagnosis's end set off
    sayStall(QStringLiteral("diagnose"), meter);
    // Every curve kept with the drive (the diagnosis's sweep, where it swept before it was
    // cancelled) is in Compare, the newest on the Benchmark tab.
    QStringList curves;
    for (const StoredRun &run :
         RunStore(env("TRIMSCOPE_WALK_RUNS")).runsOf(m_window->driveList()->selectedDrive()->info))
        if (run.readable && run.curve)
            curves.append(run.path);
    QVERIFY(!curves.isEmpty());
    QTRY_COMPARE(m_window->benchmarkTab()->shownPath(), curves.first());
    CompareTab *compare = m_window->compareTab();
    QTRY_COMPARE(compare->list()->topLevelItemCount(), curves.size());
    say(QStringLiteral("spare curves %1, shown %2")
            .arg(curves.size())
            .arg(m_window->benchmarkTab()->shownPath()));
}

// File › Open of every kept run at once, copies of one up to the 20 results (as a
// person re-opens results).
void RealWalkGui::openTheKeptResults()
{
    QStringList paths;
    for (const StoredRun &run : RunStore(env("TRIMSCOPE_WALK_RUNS")).list()) {
        if (run.readable)
            paths.append(run.path);
    }
    QVERIFY2(!paths.isEmpty(), "no kept run");
    for (qsizetype copy = paths.size(); copy < 20; ++copy)
        paths.append(paths.first()); // the 20 results
    QSignalSpy opened(m_window.get(), &MainWindow::resultsOpened);
    StallMeter meter;
    m_window->openResultsShowingErrors(paths);
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() == 1, 30000);
    QTest::qWait(50);
    sayStall(QStringLiteral("import"), meter);
    for (QMessageBox *box : m_window->findChildren<QMessageBox *>())
        box->close();
}

// "This drive in use": the device's counters with its filesystem, a timed fstrim through the
// helper, and one verdict with the Advice tab's.
void RealWalkGui::watchAndTimeTheMountedDrive()
{
    QVERIFY(m_window->driveList()->selectDrive(QStringLiteral("helper:") + m_mounted));
    InUseTab *tab = m_window->inUseTab();
    m_window->tabs()->setCurrentWidget(tab);
    QTRY_VERIFY(tab->watchTable()->rowCount() > 0);
    QVERIFY2(tab->runButton()->isEnabled(), qPrintable(tab->runButton()->toolTip()));
    QTest::mouseClick(tab->runButton(), Qt::LeftButton);
    JobPanel *panel = tab->jobPanel();
    QVERIFY2(panel->isRunning(), qPrintable(panel->status()->text()));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isRunning(), 60000);
    QVERIFY(panel->lastResult());
    const auto *timed = std::get_if<watch::FstrimTimingResult>(&*panel->lastResult());
    QVERIFY(timed);
    QVERIFY2(timed->complete(), qPrintable(timed->error.message));
    const advice::Advice &advice = m_window->adviceTab()->advice();
    QTRY_VERIFY2(uitext::plain(tab->verdict()->text()).contains(advice::verdictHeadline(advice)),
                 qPrintable(tab->verdict()->text() + QStringLiteral(" / Advice: ") +
                            advice::verdictHeadline(advice)));
    say(QStringLiteral("mounted verdict %1").arg(advice::verdictHeadline(advice)));
}

QString RealWalkGui::applyThrough(QPushButton *button, const QString &phase)
{
    StallMeter meter;
    QTest::mouseClick(button, Qt::LeftButton);
    if (!QTest::qWaitFor([] { return modal<ApplyDialog>() != nullptr; }, 20000))
        return QStringLiteral("no confirmation");
    say(QStringLiteral("%1 confirm %2")
            .arg(phase, modal<ApplyDialog>()->changes()->toPlainText().replace(
                            QLatin1Char('\n'), QLatin1String(" / "))));
    modal<ApplyDialog>()->goButton()->click();
    if (!QTest::qWaitFor([] { return modal<QMessageBox>(QStringLiteral("applyResult")); }, 60000))
        return QStringLiteral("no result");
    sayStall(phase, meter);
    QMessageBox *box = modal<QMessageBox>(QStringLiteral("applyResult"));
    const QString result = box->windowTitle() + QStringLiteral(": ") + box->text();
    say(QStringLiteral("%1 result %2")
            .arg(phase, QString(result).replace(QLatin1Char('\n'), QLatin1String(" / "))));
    box->accept();
    return result;
}

QPushButton *RealWalkGui::applyButtonForTheMount()
{
    AdviceTab *advice = m_window->adviceTab();
    m_window->tabs()->setCurrentWidget(advice);
    if (!QTest::qWaitFor([advice] { return !advice->isReadingComputer(); }, 20000))
        return nullptr;
    for (int i = 0; i < advice->advice().fixes.size(); ++i) {
        if (advice->advice().fixes.at(i).id.endsWith(QLatin1Char(':') + m_mountPoint))
            if (QPushButton *button = advice->fixList()->applyButton(i))
                return button;
    }
    for (int i = 0; i < advice->advice().findings.size(); ++i) {
        if (advice->advice().findings.at(i).subject == m_mountPoint)
            if (QPushButton *button = advice->findingList()->applyButton(i))
                return button;
    }
    return nullptr;
}

// The watch and one timed fstrim of a drive attached a minute ago are too little for a verdict
// ("Not enough data"), and the advice rightly offers no change on them: the user imports the
// benchmark the drive had before it was put to use (tst_realwalk wrote a slow drive's sweep said
// to be measured on it), as File › Import does.
void RealWalkGui::importTheDrivesEarlierBenchmark()
{
    AdviceTab *advice = m_window->adviceTab();
    m_window->tabs()->setCurrentWidget(advice);
    say(QStringLiteral("mounted advice before import: %1 (%2)")
            .arg(advice->verdictLabel()->text(), advice->advice().sentence));
    const Error error = advice->importFile(env("TRIMSCOPE_WALK_EARLIER"));
    QVERIFY2(!error.isError(), qPrintable(error.message));
    say(QStringLiteral("mounted advice after import: %1").arg(advice->verdictLabel()->text()));
}

// Stop while the first step (the remount, through the helper) waits for the password: the
// question is withdrawn at once, the step changes nothing, and the result says so; nothing is
// recorded to undo. (Before, Stop waited for the prompt to be answered: up to 5 minutes.)
void RealWalkGui::stopWhileThePasswordIsAsked()
{
    AdviceTab *advice = m_window->adviceTab();
    QPushButton *apply = applyButtonForTheMount();
    QVERIFY2(apply, qPrintable(QStringLiteral("no Apply for %1; verdict %2")
                                   .arg(m_mountPoint, advice->verdictLabel()->text())));
    QTest::mouseClick(apply, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(modal<ApplyDialog>(), 20000);
    modal<ApplyDialog>()->goButton()->click();
    ApplyController *change = advice->applyController();
    QTRY_VERIFY_WITH_TIMEOUT(change->progressBar()->maximum() > 0, 20000);
    QCOMPARE(change->progressBar()->value(), 0);
    QTest::qWait(700); // the prompt is up; the agent answers 1.5 s after it was asked
    QElapsedTimer stopping;
    stopping.start();
    QTest::mouseClick(change->cancelButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(modal<QMessageBox>(QStringLiteral("applyResult")), 20000);
    const qint64 took = stopping.elapsed();
    QMessageBox *box = modal<QMessageBox>(QStringLiteral("applyResult"));
    const QString result = box->windowTitle() + QStringLiteral(": ") + box->text();
    say(QStringLiteral("stopped %1 ms %2")
            .arg(took)
            .arg(QString(result).replace(QLatin1Char('\n'), QLatin1String(" / "))));
    box->accept();
    QVERIFY2(result.startsWith(QLatin1String("Stopped")), qPrintable(result));
    QVERIFY2(result.contains(QLatin1String("withdrawn")), qPrintable(result));
    QVERIFY2(result.contains(QLatin1String("changed nothing")), qPrintable(result));
    QVERIFY2(took < 1000, qPrintable(QStringLiteral("%1 ms").arg(took)));
    QVERIFY(!advice->undoButton()->isVisible());
}

// The Advice tab's fix for the mounted filesystem, applied and undone through the helper and
// udisks2, each step waiting for the late agent's answer.
void RealWalkGui::applyAndUndoItsFix()
{
    AdviceTab *advice = m_window->adviceTab();
    QPushButton *apply = applyButtonForTheMount();
    QVERIFY2(apply, qPrintable(QStringLiteral("no Apply for %1; verdict %2")
                                   .arg(m_mountPoint, advice->verdictLabel()->text())));
    const QString applied = applyThrough(apply, QStringLiteral("apply"));
    QVERIFY2(applied.startsWith(QLatin1String("Applied")), qPrintable(applied));
    QFile fstab(QStringLiteral("/etc/fstab"));
    QVERIFY(fstab.open(QIODevice::ReadOnly));
    say(QStringLiteral("fstab-applied %1").arg(QString::fromLatin1(fstab.readAll().toBase64())));
    fstab.close();

    QTRY_VERIFY(advice->undoButton()->isVisible());
    const QString undone = applyThrough(advice->undoButton(), QStringLiteral("undo"));
    QVERIFY2(undone.startsWith(QLatin1String("Undone")), qPrintable(undone));
    QVERIFY(fstab.open(QIODevice::ReadOnly));
    say(QStringLiteral("fstab-undone %1").arg(QString::fromLatin1(fstab.readAll().toBase64())));
}

void RealWalkGui::cleanupTestCase()
{
    m_window.reset();
}

QTEST_MAIN(RealWalkGui)
#include "realwalkgui.moc"
