// Issue 47, item 11, as the window shows it: the first ETA was low, a benchmark said "6.6 s left"
// at 10 % and took about 15 s; a diagnosis said 13 s at 3 % and took 20-27 s. tst_sweepeta and
// tst_diagnoseeta hold core's estimates; this test reads the job panel's line while a run
// clicked in the window goes on, on simulated drives slept at a fraction of their model's time:
// the time elapsed when the first "about … left" showed plus what it said is held against the
// run's own duration, measured in the same test (labelled timing). Bounds: no less than 0.75 and
// no more than 2 times the duration (core's first estimate counts the empty-space check at its
// upper bound: 1.33-1.59 times what is left); the benchmark was 0.5.
#include "guitestenv.h"
#include "simulatedwindow.h"
#include "testmain.h"
#include "widgets/jobpanel.h"

#include <QAction>
#include <QElapsedTimer>
#include <QLabel>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTimer>
#include <cmath>

using namespace trimscope;
using namespace trimscope::gui;

namespace {

// "about 6.60 s left" in the panel's line, in seconds; negative when it says none.
double secondsLeft(const QString &line)
{
    const QStringList around = JobPanel::tr(", about %1 left").split(QStringLiteral("%1"));
    const QString pattern = QRegularExpression::escape(around.constFirst()) +
                            QStringLiteral("([0-9.,]+)\\W*(µs|ms|s)") +
                            QRegularExpression::escape(around.constLast());
    const QRegularExpressionMatch match = QRegularExpression(pattern).match(line);
    if (!match.hasMatch())
        return -1;
    const double value = match.captured(1).toDouble();
    const QString unit = match.captured(2);
    return unit == QLatin1String("s")    ? value
           : unit == QLatin1String("ms") ? value / 1e3
                                         : value / 1e6;
}

} // namespace

class TestFirstEta : public QObject
{
    Q_OBJECT
private slots:
    void firstEtaHoldsInTheWindow_data();
    void firstEtaHoldsInTheWindow();

private:
    GuiTestEnv m_env;
};

void TestFirstEta::firstEtaHoldsInTheWindow_data()
{
    QTest::addColumn<QString>("profile");
    QTest::addColumn<bool>("diagnosis");
    QTest::addColumn<double>("timeScale");
    QTest::addColumn<int>("order");
    // The GUI's default plan at each model's own time: the OCZ's runs take about 10 s, the
    // Corsair's and the Intel's 0.1-0.3 s, the diagnosis about 20 s.
    const int shuffled = int(SweepOrder::Interleaved), descending = int(SweepOrder::Descending);
    QTest::newRow("benchmark, ocz-agility3") << "ocz-agility3" << false << 1.0 << shuffled;
    QTest::newRow("benchmark, ocz-agility3, descending")
        << "ocz-agility3" << false << 1.0 << descending;
    QTest::newRow("benchmark, corsair-performance-pro")
        << "corsair-performance-pro" << false << 1.0 << shuffled;
    QTest::newRow("benchmark, intel-320") << "intel-320" << false << 1.0 << shuffled;
    QTest::newRow("diagnosis, ocz-agility3") << "ocz-agility3" << true << 1.0 << shuffled;
    // Faster and slower than the model (--simulated-time-scale): a quarter of the OCZ's time,
    // four times the Intel's benchmark and the Corsair's diagnosis (the Corsair's benchmark at
    // four times lasts 0.4 s: its first estimate, after 2 of 140 discards at 50 ms, measured the
    // machine's load on CI, 0.87 s said for 0.38 s). Before, a sweep's estimate counted the model's
    // seconds (5.1x at 0.25) plus, at 4, the sleeps beyond them as the runner's own time between
    // two discards (4.1-4.7x); a diagnosis kept the model's 20.7 s for a 5.3 s run (4.0x).
    QTest::newRow("benchmark, ocz-agility3, time scale 0.25")
        << "ocz-agility3" << false << 0.25 << shuffled;
    QTest::newRow("benchmark, intel-320, time scale 4") << "intel-320" << false << 4.0 << shuffled;
    QTest::newRow("diagnosis, ocz-agility3, time scale 0.25")
        << "ocz-agility3" << true << 0.25 << shuffled;
    QTest::newRow("diagnosis, corsair-performance-pro, time scale 4")
        << "corsair-performance-pro" << true << 4.0 << shuffled;
}

void TestFirstEta::firstEtaHoldsInTheWindow()
{
    QFETCH(QString, profile);
    QFETCH(bool, diagnosis);
    QFETCH(double, timeScale);
    QFETCH(int, order);
    MainWindowOptions options;
    options.systemBackends = false;
    options.runDirectory =
        m_env.runDir() + QLatin1Char('/') + QString::fromLatin1(QTest::currentDataTag());
    options.simulatedTimeScale = timeScale;
    MainWindow window(options);
    window.resize(1024, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.driveList()->selectDrive(QStringLiteral("simulated:") + profile));
    QVERIFY(settle(window));
    JobPanel *panel =
        diagnosis ? window.adviceTab()->jobPanel() : window.benchmarkTab()->jobPanel();
    SweepPlan plan = window.benchmarkTab()->planEditor()->plan();
    plan.order = SweepOrder(order);
    window.benchmarkTab()->planEditor()->setPlan(plan);

    // The panel's line read every millisecond, as a person reads it, from the click on.
    double firstAt = -1, firstLeft = -1;
    QString firstLine;
    QElapsedTimer clock;
    QTimer watch;
    watch.setInterval(1);
    connect(&watch, &QTimer::timeout, &watch, [&] {
        if (firstLeft >= 0)
            return;
        const QString line = panel->status()->text();
        if (const double left = secondsLeft(line); left >= 0) {
            firstAt = double(clock.nsecsElapsed()) / 1e9;
            firstLeft = left;
            firstLine = line;
        }
    });
    watch.start();
    clock.start();
    if (diagnosis) {
        window.tabs()->setCurrentWidget(window.benchmarkTab());
        auto *action = window.findChild<QAction *>(QStringLiteral("diagnoseAction"));
        QVERIFY(action);
        action->trigger(); // Ctrl+D
    } else {
        QTest::mouseClick(window.benchmarkTab()->benchmarkButton(), Qt::LeftButton);
    }
    QVERIFY(panel->isRunning());
    QVERIFY(QTest::qWaitFor([panel] { return !panel->isRunning(); }, 180000));
    const double took = double(clock.nsecsElapsed()) / 1e9;
    watch.stop();
    QVERIFY2(firstLeft >= 0, "no time left was ever shown");
    const double said = firstAt + firstLeft;
    qInfo("the run took %.2f s; at %.2f s the panel said %.2f s left (%.2fx): %s", took, firstAt,
          firstLeft, said / took, qPrintable(firstLine));
    // Within a factor, or a quarter of a second, which no person reads as a wrong estimate:
    // on the 0.1-0.3 s runs the factor alone measured the machine's scheduling (CI, Debian 13:
    // 0.28 s said at 11 ms for a 0.12 s run, 2.73x). The estimates before 2f94bc3 miss by more
    // on every row (Corsair 4.8x and Intel 7.8x: 0.46 s and 1.8 s off).
    const bool withinFactor = said >= 0.75 * took && said <= 2.0 * took;
    QVERIFY2(withinFactor || std::abs(said - took) <= 0.25,
             qPrintable(QStringLiteral("at %1 s \"%2\": %3 s in all, the run took %4 s")
                            .arg(firstAt)
                            .arg(firstLine)
                            .arg(said)
                            .arg(took)));
}

TRIMSCOPE_TEST_MAIN(TestFirstEta)
#include "tst_firsteta.moc"
