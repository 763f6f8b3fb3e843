// Issue 47, item 11: the benchmark's first ETA was low ("6.6 s left" at 10 %, the run took about
// 15 s). An interleaved sweep's first samples are of any size, mostly small quick ones, and a
// size larger than every one measured was estimated at the largest measured one's time: the
// 2 GiB TRIMs that take most of the run counted as 4 KiB ones. Now the sweep measures its largest
// and smallest sizes first and gives an estimate once it has both.
// - firstEstimateHolds: every simulated drive, the GUI's default plan, both orders, three seeds:
//   the first ETA shown is within -25 %/+100 % of what the run then took (above: the empty-space
//   check is counted at what a TRIM of written data costs, the most it can take). In the model's
//   seconds (the drives do not sleep: timeScale 0), so the comparison is exact and needs no timing.
//   And item 16: every report's "of N discards" is the count the result card shows after.
// - onePauseIsNotSpreadOverTheRun: a pause of the machine's in one of the two samples the first
//   estimate rests on (the start-up, or the scheduler of a busy machine) is not counted once for
//   every sample left. CI failed tst_firsteta on it: 3 ms more in the Intel 320's first two
//   samples said 0.55 s left of a 0.3 s run.
#include "simulate/simulatedprofiles.h"
#include "simulate/simulatedsweep.h"
#include "sweep/sweepheadline.h"
#include "sweep/sweeprunner.h"
#include "testmain.h"

#include <QTest>
#include <chrono>
#include <thread>

using namespace trimscope;

Q_DECLARE_METATYPE(trimscope::SweepOrder)

namespace {

// A simulated drive whose discard number `pausedDiscard` (from 1) returns `pauseMs` late: the
// machine paused, the drive's time is the model's as ever.
class PausingTarget final : public DiscardTarget
{
public:
    PausingTarget(DiscardTarget &drive, int pausedDiscard, int pauseMs)
        : m_drive(drive), m_pausedDiscard(pausedDiscard), m_pauseMs(pauseMs)
    {
    }
    Expected<double> timedDiscard(quint64 offset, quint64 length) override
    {
        if (++m_discards == m_pausedDiscard)
            std::this_thread::sleep_for(std::chrono::milliseconds(m_pauseMs));
        return m_drive.timedDiscard(offset, length);
    }
    Error prewrite(quint64 offset, quint64 length) override
    {
        return m_drive.prewrite(offset, length);
    }
    double clockSecondsPerSecond() const override { return m_drive.clockSecondsPerSecond(); }

private:
    DiscardTarget &m_drive;
    int m_pausedDiscard;
    int m_pauseMs;
    int m_discards = 0;
};

// The first estimate of the time left a run gives, and the model's seconds measured by then.
struct FirstEstimate
{
    double eta = -1;
    double measuredAtIt = -1;
    int samplesAtIt = 0;
    QList<int> planned; // every report's "of N discards"

    void watch(SweepRunner &runner)
    {
        runner.onSample = [this](const Sample &sample) { m_measured += sample.seconds; };
        runner.onProgress = [this](const SweepProgress &progress) {
            planned.append(progress.samplesPlanned);
            if (eta < 0 && progress.etaSeconds >= 0) {
                eta = progress.etaSeconds;
                measuredAtIt = m_measured;
                samplesAtIt = progress.samplesDone;
            }
        };
    }
    // What was left when it was given: the model's seconds of every discard the run sent after.
    double secondsLeft(const SweepResult &result) const
    {
        return sweepHeadline(result).trimSeconds - measuredAtIt;
    }

private:
    double m_measured = 0;
};

} // namespace

class TestSweepEta : public QObject
{
    Q_OBJECT
private slots:
    void firstEstimateHolds_data();
    void firstEstimateHolds();
    void onePauseIsNotSpreadOverTheRun_data();
    void onePauseIsNotSpreadOverTheRun();
};

void TestSweepEta::firstEstimateHolds_data()
{
    QTest::addColumn<QString>("profile");
    QTest::addColumn<SweepOrder>("order");
    QTest::addColumn<quint64>("seed");
    for (const SimulatedProfile &profile : simulatedProfiles()) {
        if (profile.drive.discardMaxBytes == 0)
            continue;
        for (const SweepOrder order : {SweepOrder::Interleaved, SweepOrder::Descending}) {
            for (const quint64 seed : {1ULL, 2ULL, 3ULL})
                QTest::addRow("%s, %s, seed %llu", qPrintable(profile.id),
                              qPrintable(sweepOrderName(order)), seed)
                    << profile.id << order << seed;
        }
    }
}

void TestSweepEta::firstEstimateHolds()
{
    QFETCH(QString, profile);
    QFETCH(SweepOrder, order);
    QFETCH(quint64, seed);
    SweepPlan plan; // what the GUI's plan editor starts with
    plan.order = order;
    plan.seed = seed;
    Expected<PreparedSweep> sweep = prepareSimulatedSweep(profile, plan, 0);
    QVERIFY2(sweep, qPrintable(sweep.error().message));
    CancelToken cancel;
    SweepRunner runner(*sweep->target, sweep->plan, sweep->drive, cancel);
    FirstEstimate first;
    first.watch(runner);
    const SweepResult result = runner.run();
    QVERIFY(result.complete());
    QVERIFY(first.eta >= 0);
    // Item 16: "of 140 discards" while it ran, "115 discards" on the card after: the count the
    // progress gives from the start is what the card counts (the discards the run sent).
    for (const int count : std::as_const(first.planned))
        QCOMPARE(count, int(result.discardsSent()));
    const double firstEta = first.eta;
    const double left = first.secondsLeft(result);
    const QString said = QStringLiteral("after %1 of %2 discards: %3 s left said, %4 s it took")
                             .arg(first.samplesAtIt)
                             .arg(result.discardsSent())
                             .arg(firstEta, 0, 'f', 2)
                             .arg(left, 0, 'f', 2);
    qInfo("%s (%.2fx)", qPrintable(said), firstEta / left);
    QVERIFY2(firstEta >= 0.75 * left && firstEta <= 2 * left, qPrintable(said));
}

void TestSweepEta::onePauseIsNotSpreadOverTheRun_data()
{
    QTest::addColumn<QString>("profile");
    QTest::addColumn<int>("pausedDiscard");
    // The model's seconds of these drives' first two samples: about 23 and 8 ms, less than a
    // pause of 100 ms; their runs last 0.1-0.3 s.
    for (const char *profile : {"intel-320", "corsair-performance-pro"}) {
        for (const int discard : {1, 2})
            QTest::addRow("%s, pause in sample %d", profile, discard)
                << QString::fromLatin1(profile) << discard;
    }
}

void TestSweepEta::onePauseIsNotSpreadOverTheRun()
{
    QFETCH(QString, profile);
    QFETCH(int, pausedDiscard);
    Expected<PreparedSweep> sweep = prepareSimulatedSweep(profile, SweepPlan(), 0);
    QVERIFY2(sweep, qPrintable(sweep.error().message));
    PausingTarget paused(*sweep->target, pausedDiscard, 100);
    CancelToken cancel;
    SweepRunner runner(paused, sweep->plan, sweep->drive, cancel);
    FirstEstimate first;
    first.watch(runner);
    const SweepResult result = runner.run();
    QVERIFY(result.complete());
    QCOMPARE(first.samplesAtIt, 2); // the pause lies in what the estimate rests on
    // The pause itself is behind when the estimate is given: what is left is the model's time.
    const double firstEta = first.eta;
    const double left = first.secondsLeft(result);
    qInfo("%.2f s left said, %.2f s it took (%.2fx)", firstEta, left, firstEta / left);
    QVERIFY2(firstEta >= 0.75 * left && firstEta <= 2 * left,
             qPrintable(QStringLiteral("%1 s left said, %2 s it took").arg(firstEta).arg(left)));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestSweepEta)
#include "tst_sweepeta.moc"
