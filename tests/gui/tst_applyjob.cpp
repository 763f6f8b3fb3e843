// Issue 47, item 4: Apply and Undo on the Advice tab leave the window responsive. A private bus
// carries stand-ins for udisksd and trimscope-helper that answer every call after a second
// (slow-system-bus.py), as polkit does while a person types the password; a 10 ms timer measures
// the event loop's longest stall while a fix is applied and undone (less the time the GUI thread
// waited for a CPU, see StallMeter): under 100 ms (before: the whole plan, about 3 s here; a
// scenario over the bound runs once more, as a busy machine can hold any thread up). The steps
// show as "Step n of m"; Cancel stops before the next step and the result says what was already
// changed, which Undo puts back. Reading the host through udisks2 (the Flatpak's view) does not
// stall the window either.
#include "apply/undojournal.h"
#include "applytestdata.h"
#include "guilanguage.h"
#include "guitestenv.h"
#include "privileged.h"
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

const QString kPython = QStringLiteral("/usr/bin/python3");
const QString kSlowSystem = QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/gui/slow-system-bus.py");
constexpr int kDelayMs = 1000; // each answer of the stand-ins
constexpr qint64 kLongestStallMs = 100;

// Nanoseconds the calling thread has waited for a CPU while runnable (schedstat's second field):
// what the scheduler, not our code, made it wait. 0 where the kernel does not say.
qint64 runQueueWaitNs()
{
    QFile stat(QStringLiteral("/proc/thread-self/schedstat"));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = stat.readAll().split(' ');
    return fields.size() >= 2 ? fields.at(1).toLongLong() : 0;
}

// The event loop's longest pause: the largest gap between ticks of a 10 ms timer. On a busy
// machine (other builds beside the tests) a thread that has nothing to wait for still waits for
// a CPU, up to 100 ms here (a bare 10 ms sleep loop in Python saw 104 ms): the time the GUI
// thread spent runnable in the queue is taken off each gap, so what is left is the time our code
// kept it busy or blocked it (a synchronous D-Bus call blocks it, and counts whole).
class StallMeter
{
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
        m_lastWaitNs = runQueueWaitNs();
        m_clock.start();
        m_timer.start();
    }
    // The longest gap so far, the one up to now included, less the queue's wait.
    qint64 longest()
    {
        tick();
        return m_longest;
    }
    // The longest gap as the clock saw it, the queue's wait included.
    qint64 longestWallMs() const { return m_longestWall; }
    qint64 elapsed() const { return m_clock.elapsed(); }
    // Where the event loop paused longer than 40 ms: "at 1020 ms: 52 ms (48 ms queued)".
    QString pauses() const { return m_pauses.join(QStringLiteral(", ")); }

private:
    void tick()
    {
        const qint64 now = m_clock.elapsed();
        const qint64 waitNs = runQueueWaitNs();
        const qint64 queuedMs = (waitNs - m_lastWaitNs) / 1000000;
        const qint64 gap = now - m_last;
        if (gap > 40)
            m_pauses.append(QStringLiteral("at %1 ms: %2 ms (%3 ms queued)")
                                .arg(m_last)
                                .arg(gap)
                                .arg(queuedMs));
        m_longest = std::max(m_longest, gap - queuedMs);
        m_longestWall = std::max(m_longestWall, gap);
        m_last = now;
        m_lastWaitNs = waitNs;
    }
    QStringList m_pauses;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastWaitNs = 0;
    qint64 m_longest = 0;
    qint64 m_longestWall = 0;
};

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
    void cancelStopsBeforeTheNextStep_data();
    void cancelStopsBeforeTheNextStep();
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
    QStringList calls(); // what the stand-ins changed since the last call
    bool startSlowSystem();
    // Runs `scenario`, which sets the longest stall it saw; where that is over the bound, runs it
    // once more from the start, and holds the bound to that run.
    void onceMoreIfBusy(const std::function<void(qint64 &)> &scenario);
    void applyAndUndo(const QString &stepWord, qint64 &longest);
    void cancelMidway(const QString &title, const QString &record, qint64 &longest);
    void readHost(qint64 &longest);
    void stop(QProcess &process);

    GuiTestEnv m_env;
    std::unique_ptr<RunStore> m_store;
    QTemporaryDir m_busDir;
    QProcess m_busDaemon;
    QProcess m_slowSystem;
    QString m_address;
    QByteArray m_output;
};

void TestApplyJob::initTestCase()
{
    const QString busDaemon = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
    if (busDaemon.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("no dbus-daemon"));
    QProcess probe;
    probe.start(kPython, {QStringLiteral("-c"), QStringLiteral("from gi.repository import Gio")});
    if (!probe.waitForFinished(20000) || probe.exitCode() != 0)
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("no python3-gi in /usr/bin/python3"));
    QVERIFY(m_busDir.isValid());
    m_address = QStringLiteral("unix:path=") + m_busDir.filePath(QStringLiteral("bus"));
    m_busDaemon.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_busDaemon.start(busDaemon, {QStringLiteral("--session"), QStringLiteral("--nofork"),
                                  QStringLiteral("--address=") + m_address,
                                  QStringLiteral("--print-address")});
    QVERIFY(m_busDaemon.waitForReadyRead(10000));
    connect(&m_slowSystem, &QProcess::readyReadStandardOutput, this,
            [this] { m_output += m_slowSystem.readAllStandardOutput(); });
    // This process's "system bus" from here on: the GUI's connection and the workers' own.
    qputenv("DBUS_SYSTEM_BUS_ADDRESS", m_address.toLocal8Bit());
    m_store = std::make_unique<RunStore>(m_env.runDir());
    QVERIFY(keepFastSweep(*m_store, nvmeEntry()));
}

bool TestApplyJob::startSlowSystem()
{
    m_slowSystem.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_slowSystem.start(kPython, {kSlowSystem, m_address, QString::number(kDelayMs / 1000.0)});
    m_output.clear(); // what it prints arrives here (readyReadStandardOutput)
    if (!m_slowSystem.waitForStarted())
        return false;
    while (!m_output.contains('\n')) {
        if (!m_slowSystem.waitForReadyRead(20000))
            return false;
    }
    const bool ready = m_output.startsWith("ready\n");
    m_output.clear();
    return ready;
}

void TestApplyJob::stop(QProcess &process)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.closeWriteChannel(); // the stand-ins end when stdin closes
    if (!process.waitForFinished(5000)) {
        process.terminate();
        if (!process.waitForFinished(5000))
            process.kill();
        process.waitForFinished(5000);
    }
}

void TestApplyJob::cleanupTestCase()
{
    stop(m_slowSystem);
    stop(m_busDaemon);
}

void TestApplyJob::init()
{
    // Each test starts from the stand-ins' first state: / without discard, nothing recorded.
    QFile::remove(apply::defaultJournalPath());
    QVERIFY2(startSlowSystem(), "slow-system-bus.py did not get ready");
}

void TestApplyJob::cleanup()
{
    stop(m_slowSystem);
}

QStringList TestApplyJob::calls()
{
    m_output += m_slowSystem.readAllStandardOutput();
    const QStringList lines =
        QString::fromUtf8(m_output).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    m_output.clear();
    return lines;
}

std::unique_ptr<AdviceTab> TestApplyJob::measuredTab()
{
    auto tab = std::make_unique<AdviceTab>(*m_store);
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

void TestApplyJob::cancelStopsBeforeTheNextStep_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("title");  // of the result, in that language
    QTest::addColumn<QString>("record"); // the result's last line
    QTest::newRow("en") << "en"
                        << "Stopped"
                        << "What was changed is recorded: “Undo last change” puts it back.";
    QTest::newRow("de") << "de"
                        << "Angehalten"
                        << "Was geändert wurde, ist festgehalten: „Letzte Änderung rückgängig“ "
                           "setzt es zurück.";
}

void TestApplyJob::cancelStopsBeforeTheNextStep()
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
    QVERIFY2(stopped.text.endsWith(record), qPrintable(stopped.text));
    // The remount ran; the fstab line was not touched.
    QCOMPARE(calls(), QStringList({QStringLiteral("SetMountDiscard / true")}));
    longest = std::max(longest, stopped.longestStallMs);

    // What changed is what Undo puts back: the remount only.
    QTRY_VERIFY(tab->undoButton()->isVisible());
    const Run undone = clickAndConfirm(*tab, tab->undoButton());
    QVERIFY2(!undone.confirmation.contains(QLatin1String("/etc/fstab")),
             qPrintable(undone.confirmation));
    QCOMPARE(calls(), QStringList({QStringLiteral("SetMountDiscard / false")}));
    QVERIFY(tab->undoButton()->isHidden());
}

void TestApplyJob::readingTheHostThroughUdisksKeepsTheWindowResponsive()
{
    qputenv("TRIMSCOPE_HOST_VIEW", "udisks");
    const auto unset = qScopeGuard([] { qunsetenv("TRIMSCOPE_HOST_VIEW"); });
    onceMoreIfBusy([&](qint64 &longest) { readHost(longest); });
}

void TestApplyJob::readHost(qint64 &longest)
{
    AdviceTab tab(*m_store);
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

QTEST_MAIN(TestApplyJob)
#include "tst_applyjob.moc"
