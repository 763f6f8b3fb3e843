#include "common/units.h"
#include "probe/backgroundprobe.h"
#include "report/resultfile.h"
#include "simulate/simulatedprobetarget.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::probe;

class TestBackgroundProbe : public QObject
{
    Q_OBJECT

private slots:
    void detectsTheBackgroundTrimmer();
    void doesNotFlagOrdinaryDrives_data();
    void doesNotFlagOrdinaryDrives();
    void busyMachine_data();
    void busyMachine();
    void waitsForAnIdleDrive_data();
    void waitsForAnIdleDrive();
    void oneLuckyWindowDoesNotSetTheFloor();
    void windowsRightAfterASweepDoNotSetTheFloor();
    void oneBoundForTheWholeProbe_data();
    void oneBoundForTheWholeProbe();
    void aDriveWithoutDiscardsWaitsBriefly_data();
    void aDriveWithoutDiscardsWaitsBriefly();
    void planValidation_data();
    void planValidation();
    void defaultPlanFitsSmallDevices();
    void refusesDrivesWithoutTrim();
    void jsonRoundTrip();
    void cancelStopsTheProbe();
};

namespace {

constexpr quint64 MiB = quint64(1) << 20;
constexpr quint64 GiB = quint64(1) << 30;

Expected<BackgroundProbeResult> runProbe(const QString &profileId, quint64 seed = 3)
{
    SimulatedProbeTarget target(*findSimulatedProfile(profileId), seed);
    return runBackgroundTrimProbe(target, defaultBackgroundProbePlan(target.sizeBytes()));
}

// A drive whose write times are scripted, on a virtual clock: the baseline's writes in order,
// then after the discard `extraSeconds` more per write until `owedSeconds` have passed, plus
// every `spikeEvery`-th write waiting `spikeSeconds` for the CPU (a busy machine).
class ScriptedTarget final : public WriteProbeTarget
{
public:
    QList<double> baseline;
    double usual = 0.010;
    double extraSeconds = 0;
    double owedSeconds = 0;
    int spikeEvery = 0;
    double spikeSeconds = 0;
    // Work owed for earlier TRIMs (a sweep just before): writes cost busyExtra more until the
    // virtual clock reaches busyUntil.
    double busyUntil = 0;
    double busyExtra = 0;
    // Only the first this many discards are followed by slow writes (-1: all): one burst of load
    // on the machine right after a discard, not the drive.
    int slowDiscards = -1;
    // Writes [luckyFrom, luckyFrom + luckyCount) take luckyFactor x their time: a window of writes
    // the machine happened to serve fast.
    int luckyFrom = -1;
    int luckyCount = 0;
    double luckyFactor = 1;
    // Every other run of this many writes takes 10x as long: a computer whose load comes and goes
    // faster than the probe's windows of writes, so no two windows in a row ever agree and the
    // drive never looks quiet.
    int alternateEvery = 0;

    quint64 sizeBytes() const override { return GiB; }
    Expected<double> timedWrite(quint64, quint64) override
    {
        double seconds = usual;
        if (m_written < baseline.size())
            seconds = baseline.at(m_written);
        else if (m_discardedAt >= 0 && m_now - m_discardedAt < owedSeconds &&
                 (slowDiscards < 0 || m_discards <= slowDiscards))
            seconds += extraSeconds;
        if (m_written >= baseline.size() && spikeEvery > 0 && m_written % spikeEvery == 0)
            seconds += spikeSeconds;
        if (m_now < busyUntil)
            seconds += busyExtra;
        if (m_written >= luckyFrom && m_written < luckyFrom + luckyCount)
            seconds *= luckyFactor;
        if (alternateEvery > 0 && (m_written / alternateEvery) % 2 == 1)
            seconds *= 10;
        ++m_written;
        m_now += seconds;
        return seconds;
    }
    Expected<double> timedDiscard(quint64, quint64) override
    {
        m_now += 0.001;
        m_discardedAt = m_now;
        ++m_discards;
        return 0.001;
    }
    Error fill(quint64, quint64) override { return {}; }
    double nowSeconds() const override { return m_now; }
    void sleepFor(double seconds) override { m_now += seconds; }

private:
    int m_written = 0;
    double m_now = 0;
    double m_discardedAt = -1;
    int m_discards = 0;
};

} // namespace

// What the CI saw on a loaded machine: 4 KiB writes at ~10 ms with some waiting 3-4x that for the
// CPU. A deferring drive's 3x slow-down must still be seen; a plain drive's waits must not flag.
void TestBackgroundProbe::busyMachine_data()
{
    QTest::addColumn<QList<double>>("baseline");
    QTest::addColumn<double>("extra");
    QTest::addColumn<int>("spikeEvery");
    QTest::addColumn<bool>("detected");
    // The warm-up write comes first and is not part of the baseline.
    const QList<double> quiet{0.010, 0.010, 0.011, 0.009, 0.010, 0.010, 0.011,
                              0.010, 0.009, 0.010, 0.010, 0.011, 0.010};
    QList<double> busy = quiet;
    busy[3] = 0.035; // a tail that puts the baseline's p95 above a deferring drive's writes
    busy[8] = 0.040;
    QTest::newRow("deferring, quiet baseline") << quiet << 0.020 << 0 << true;
    QTest::newRow("deferring, busy baseline") << busy << 0.020 << 0 << true;
    QTest::newRow("deferring, busy throughout") << busy << 0.020 << 4 << true;
    QTest::newRow("plain, busy baseline") << busy << 0.0 << 0 << false;
    QTest::newRow("plain, busy throughout") << busy << 0.0 << 4 << false;
    QTest::newRow("plain, waits every third write") << busy << 0.0 << 3 << false;
}

void TestBackgroundProbe::busyMachine()
{
    QFETCH(QList<double>, baseline);
    QFETCH(double, extra);
    QFETCH(int, spikeEvery);
    QFETCH(bool, detected);
    ScriptedTarget target;
    target.baseline = baseline;
    target.extraSeconds = extra;
    target.owedSeconds = 1.28; // 64 MiB at 20 ms per MiB, as tst_backgroundprobe_emulated
    target.spikeEvery = spikeEvery;
    target.spikeSeconds = 0.030;
    BackgroundProbePlan plan = defaultBackgroundProbePlan(target.sizeBytes());
    plan.baselineWrites = 12;
    plan.intervalSeconds = 0.02;
    plan.minSeconds = 1;
    plan.maxSeconds = 8;
    plan.idleMaxSeconds = 0; // the scripted baseline comes first
    const auto result = runBackgroundTrimProbe(target, plan);
    QVERIFY2(result, qPrintable(result.error().message));
    QVERIFY2(result->detected == detected, qPrintable(result->summary()));
    if (detected)
        QVERIFY2(result->slowForSeconds > 1.0 && result->slowForSeconds < 1.5,
                 qPrintable(QString::number(result->slowForSeconds)));
}

// Issue 20: the probe right after a sweep on a deferring drive took its baseline while the drive
// still paid for the sweep's TRIMs (12.2 ms instead of ~0.15 ms) and saw nothing. It waits for
// the drive to be idle first; a drive that stays busy longer than the wait is no evidence either
// way (the advice leaves such a probe out).
void TestBackgroundProbe::waitsForAnIdleDrive_data()
{
    QTest::addColumn<double>("busyFor");
    QTest::addColumn<double>("extra");
    QTest::addColumn<bool>("detected");
    QTest::addColumn<bool>("idle");
    QTest::addColumn<int>("slowDiscards");
    QTest::newRow("deferring, idle") << 0.0 << 0.012 << true << true << -1;
    QTest::newRow("deferring, 6 s owed for a sweep") << 6.0 << 0.012 << true << true << -1;
    QTest::newRow("deferring, 12 s owed for a sweep") << 12.0 << 0.012 << true << true << -1;
    // Work owed for longer than the wait looks like the drive's usual pace, but the probe's own
    // still doubles the writes' median against the sham's (a threshold crossing missed it: the
    // limit was 2x the busy baseline).
    QTest::newRow("deferring, busy past the wait") << 200.0 << 0.012 << true << true << -1;
    QTest::newRow("plain, idle") << 0.0 << 0.0 << false << true << -1;
    QTest::newRow("plain, 6 s of earlier work") << 6.0 << 0.0 << false << true << -1;
    // What the emulated drives' test saw on a shared machine: writes 12x slower for 4.6 s after
    // one discard of a drive that does not defer TRIM. Another discard shows it was the machine.
    QTest::newRow("plain, a burst of load after one discard") << 0.0 << 0.012 << false << true << 1;
}

void TestBackgroundProbe::waitsForAnIdleDrive()
{
    QFETCH(double, busyFor);
    QFETCH(double, extra);
    QFETCH(bool, detected);
    QFETCH(bool, idle);
    QFETCH(int, slowDiscards);
    ScriptedTarget target;
    target.usual = 0.00015;
    target.slowDiscards = slowDiscards;
    target.busyUntil = busyFor;
    target.busyExtra = 0.012;
    target.extraSeconds = extra;
    target.owedSeconds = 1.28;
    const auto result =
        runBackgroundTrimProbe(target, defaultBackgroundProbePlan(target.sizeBytes()));
    QVERIFY2(result, qPrintable(result.error().message));
    QVERIFY2(result->detected == detected, qPrintable(result->summary()));
    QVERIFY2(result->idle == idle, qPrintable(result->summary()));
    QCOMPARE(result->conclusive(), detected || idle);
    if (busyFor < 60)
        QVERIFY2(result->baselineMedianSeconds < 0.001, qPrintable(result->summary()));
    if (!idle)
        QVERIFY(result->summary().contains(QLatin1String("Cannot tell")));
    QCOMPARE(result->trials, slowDiscards == 1 ? 3 : 2); // until two pairs agreed

    // An idle drive is not kept waiting long: the first trial's quiet gaps add up to about
    // 16 s, the three others' to 4 s each.
    if (busyFor == 0 && slowDiscards < 0)
        QVERIFY2(result->idleWaitSeconds < 35,
                 qPrintable(QString::number(result->idleWaitSeconds)));
}

// Issue 46: with two busy processes beside it the probe ran 168 s: each trial's wait for quiet
// was bounded (60 s), the probe was not. One bound holds for the whole probe, the drive never
// falling quiet is said in one sentence, and the caller hears of it at least once a second.
void TestBackgroundProbe::oneBoundForTheWholeProbe_data()
{
    QTest::addColumn<double>("bound");
    QTest::newRow("default, 90 s") << 0.0;
    QTest::newRow("30 s") << 30.0;
    QTest::newRow("10 s, the least") << 10.0;
}

void TestBackgroundProbe::oneBoundForTheWholeProbe()
{
    QFETCH(double, bound);
    BackgroundProbeRequest tooShort;
    tooShort.maxWaitSeconds = 5; // no room for one pair of trials
    QVERIFY(!planBackgroundProbe(tooShort, GiB));
    ScriptedTarget target;
    target.usual = 0.002;
    target.alternateEvery = int(kProbeWindowWrites);
    BackgroundProbeRequest request;
    request.maxWaitSeconds = bound;
    const auto plan = planBackgroundProbe(request, target.sizeBytes());
    QVERIFY2(plan, qPrintable(plan.error().message));
    const double expected = bound > 0 ? bound : 90;
    QCOMPARE(plan->maxWaitSeconds, expected);
    double lastReport = 0;
    double longestGap = 0;
    int reports = 0;
    const auto result = runBackgroundTrimProbe(target, *plan, nullptr, [&](const ProbeProgress &p) {
        longestGap = std::max(longestGap, p.elapsedSeconds - lastReport);
        lastReport = p.elapsedSeconds;
        QCOMPARE(p.maxWaitSeconds, expected);
        ++reports;
    });
    QVERIFY2(result, qPrintable(result.error().message));
    qInfo("%s (%.1f s, %d trials, %d reports)", qPrintable(result->summary()),
          result->elapsedSeconds, result->trials, reports);
    // The last write after the bound ends the probe: a write takes well under a second here.
    QVERIFY2(result->elapsedSeconds <= expected + 1,
             qPrintable(QString::number(result->elapsedSeconds)));
    QVERIFY(!result->conclusive());
    QVERIFY(result->neverQuiet);
    QCOMPARE(result->maxWaitSeconds, expected);
    QVERIFY(result->summary().contains(QLatin1String("never fell quiet")));
    QVERIFY(result->summary().contains(formatSeconds(expected)));
    longestGap = std::max(longestGap, result->elapsedSeconds - lastReport);
    QVERIFY2(longestGap <= 1.5, qPrintable(QString::number(longestGap)));
    // Written and read back.
    const auto back = BackgroundProbeResult::fromJson(result->toJson());
    QVERIFY(back);
    QCOMPARE(back->neverQuiet, true);
    QCOMPARE(back->maxWaitSeconds, expected);
    QCOMPARE(back->elapsedSeconds, result->elapsedSeconds);
}

// An idle drive whose second window of writes happened to be served twice as fast: that one
// window is not the drive's floor, and the drive is found idle as soon as without it (before, the
// lowest single window was the floor, and every later window was "too slow" for the whole wait).
void TestBackgroundProbe::oneLuckyWindowDoesNotSetTheFloor()
{
    ScriptedTarget target;
    target.usual = 0.0003;
    target.luckyFrom = int(kProbeWindowWrites);
    target.luckyCount = int(kProbeWindowWrites);
    target.luckyFactor = 0.5;
    const auto result =
        runBackgroundTrimProbe(target, defaultBackgroundProbePlan(target.sizeBytes()));
    QVERIFY2(result, qPrintable(result.error().message));
    QVERIFY2(result->idle, qPrintable(result->summary()));
    QVERIFY2(result->conclusive(), qPrintable(result->summary()));
    QVERIFY2(result->idleWaitSeconds < 35, qPrintable(QString::number(result->idleWaitSeconds)));
}

// Issue 46: the README's scripted order on an idle machine. Right after the sweep the fast drive's
// writes were served faster (its first window 477 us) than once the machine had fallen idle (606
// us at the end): small writes are served faster while the computer has other work (the
// emulated background drive's 88 us beside two busy loops, 414 us idle). The windows after the
// short gaps set a floor the later ones never came near, and the probe waited its whole bound.
// Here the warm-up write and the first five windows (all before the first full gap) take 0.6x
// the idle machine's time.
void TestBackgroundProbe::windowsRightAfterASweepDoNotSetTheFloor()
{
    ScriptedTarget target;
    target.usual = 0.0006;
    target.luckyFrom = 0;
    target.luckyCount = 1 + 5 * int(kProbeWindowWrites);
    target.luckyFactor = 0.6;
    const auto result =
        runBackgroundTrimProbe(target, defaultBackgroundProbePlan(target.sizeBytes()));
    QVERIFY2(result, qPrintable(result.error().message));
    QVERIFY2(result->idle, qPrintable(result->summary()));
    QVERIFY2(result->conclusive() && !result->detected, qPrintable(result->summary()));
    // One full gap more than on a machine that stays alike (< 35 s there): the first window after
    // a full gap is compared with the last one before it, taken while the sweep's work was
    // still going on.
    QVERIFY2(result->idleWaitSeconds < 35 + 8,
             qPrintable(QString::number(result->idleWaitSeconds)));
}

// The quiet period is for TRIM work a drive still owes. One that has served no discard since it
// appeared owes none: its first trial waits as briefly as the later ones, and the plan's typical
// time says so (a diagnosis's probe on a fresh drive waited 16 s of gaps before its first trial).
void TestBackgroundProbe::aDriveWithoutDiscardsWaitsBriefly_data()
{
    QTest::addColumn<bool>("servedNoDiscard");
    QTest::addColumn<double>("firstQuiet");
    QTest::newRow("discards served before: the whole quiet period") << false << 8.0;
    QTest::newRow("no discard since it appeared: a later trial's")
        << true << kLaterTrialQuietSeconds;
}

void TestBackgroundProbe::aDriveWithoutDiscardsWaitsBriefly()
{
    QFETCH(bool, servedNoDiscard);
    QFETCH(double, firstQuiet);
    const Expected<BackgroundProbePlan> plan =
        planBackgroundProbe(BackgroundProbeRequest(), GiB, servedNoDiscard);
    QVERIFY2(plan, qPrintable(plan.error().message));
    QCOMPARE(plan->idleQuietSeconds, firstQuiet);
    ScriptedTarget target;
    target.usual = 0.00015;
    const auto result = runBackgroundTrimProbe(target, *plan);
    QVERIFY2(result, qPrintable(result.error().message));
    QVERIFY2(!result->detected && result->idle, qPrintable(result->summary()));
    QCOMPARE(result->trials, 2);
    // Four trials' gaps (each trial's quiet x (1/16 + 1/8 + 1/4 + 1/2 + 1)), plus their windows
    // of writes (six of 4 x 50 ms pauses each).
    const double gaps = (firstQuiet + 3 * kLaterTrialQuietSeconds) * 1.9375;
    QVERIFY2(result->idleWaitSeconds >= gaps && result->idleWaitSeconds < gaps + 4 * 1.5,
             qPrintable(QString::number(result->idleWaitSeconds)));
    const Expected<BackgroundProbePlan> full = planBackgroundProbe(BackgroundProbeRequest(), GiB);
    QVERIFY(full);
    QCOMPARE(typicalProbeSeconds(*full) - typicalProbeSeconds(*plan), (8 - firstQuiet) * 1.9375);
}

void TestBackgroundProbe::detectsTheBackgroundTrimmer()
{
    const auto result = runProbe(QStringLiteral("background-trimmer"));
    QVERIFY2(result, qPrintable(result.error().message));
    QVERIFY(result->detected);
    QVERIFY(result->recovered);
    // The profile owes 0.3 ms per MiB: 1 GiB keeps writes slow for about 0.3 s, 8x slower.
    QVERIFY2(result->slowForSeconds > 0.25 && result->slowForSeconds < 0.45,
             qPrintable(QString::number(result->slowForSeconds)));
    QVERIFY2(result->slowdownFactor > 5, qPrintable(QString::number(result->slowdownFactor)));
    QVERIFY(std::abs(result->deferredSecondsPerMiB() - 0.3e-3) < 0.1e-3);
    QVERIFY(result->summary().contains(QLatin1String("trims in the background")));
}

void TestBackgroundProbe::doesNotFlagOrdinaryDrives_data()
{
    QTest::addColumn<QString>("profile");
    QTest::newRow("ocz-agility3") << "ocz-agility3";
    QTest::newRow("corsair-performance-pro") << "corsair-performance-pro";
    QTest::newRow("intel-320") << "intel-320";
}

void TestBackgroundProbe::doesNotFlagOrdinaryDrives()
{
    QFETCH(QString, profile);
    for (quint64 seed = 1; seed <= 5; ++seed) {
        const auto result = runProbe(profile, seed);
        QVERIFY2(result, qPrintable(result.error().message));
        QVERIFY(!result->detected);
        QVERIFY(result->recovered);
        QCOMPARE(result->deferredSecondsPerMiB(), 0.0);
    }
}

void TestBackgroundProbe::planValidation_data()
{
    QTest::addColumn<quint64>("discardOffset");
    QTest::addColumn<quint64>("discardBytes");
    QTest::addColumn<quint64>("probeOffset");
    QTest::addColumn<double>("maxSeconds");
    QTest::addColumn<bool>("valid");
    const quint64 size = 8 * GiB;
    const quint64 end = size - MiB;
    QTest::newRow("default shape") << quint64(0) << GiB << end << 10.0 << true;
    QTest::newRow("discard past the end") << 8 * GiB - 4096 << GiB << quint64(0) << 10.0 << false;
    QTest::newRow("probe past the end") << quint64(0) << GiB << size << 10.0 << false;
    QTest::newRow("probe inside the discard") << quint64(0) << GiB << 512 * MiB << 10.0 << false;
    QTest::newRow("probe just after the discard") << quint64(0) << GiB << GiB << 10.0 << true;
    QTest::newRow("probe just before the discard") << MiB << GiB << quint64(0) << 10.0 << true;
    QTest::newRow("misaligned discard") << quint64(512) << GiB << end << 10.0 << false;
    QTest::newRow("empty discard") << quint64(0) << quint64(0) << end << 10.0 << false;
    QTest::newRow("offset overflow") << ~quint64(0) - 4095 << 8192ull << end << 10.0 << false;
    QTest::newRow("probe too long") << quint64(0) << GiB << end << 1000.0 << false;
    QTest::newRow("no probe time") << quint64(0) << GiB << end << 0.0 << false;
}

void TestBackgroundProbe::planValidation()
{
    QFETCH(quint64, discardOffset);
    QFETCH(quint64, discardBytes);
    QFETCH(quint64, probeOffset);
    QFETCH(double, maxSeconds);
    QFETCH(bool, valid);
    BackgroundProbePlan plan;
    plan.discardOffset = discardOffset;
    plan.discardBytes = discardBytes;
    plan.probeOffset = probeOffset;
    plan.probeBytes = MiB;
    plan.maxSeconds = maxSeconds;
    plan.minSeconds = std::min(plan.minSeconds, maxSeconds);
    const Error error = validateBackgroundProbePlan(plan, 8 * GiB);
    QCOMPARE(!error.isError(), valid);
    if (!valid)
        QCOMPARE(error.code, ErrorCode::InvalidArgument);
}

void TestBackgroundProbe::defaultPlanFitsSmallDevices()
{
    for (const quint64 size : {64 * MiB, 256 * MiB, 3 * GiB, 500 * GiB}) {
        const BackgroundProbePlan plan = defaultBackgroundProbePlan(size);
        const Error error = validateBackgroundProbePlan(plan, size);
        QVERIFY2(!error.isError(), qPrintable(error.message));
        QVERIFY(plan.discardBytes <= size / 4);
    }
}

void TestBackgroundProbe::refusesDrivesWithoutTrim()
{
    const auto result = runProbe(QStringLiteral("no-trim"));
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::NoDiscardSupport);
}

void TestBackgroundProbe::jsonRoundTrip()
{
    const auto result = runProbe(QStringLiteral("background-trimmer"));
    QVERIFY(result);
    const auto back = BackgroundProbeResult::fromJson(result->toJson());
    QVERIFY(back);
    QCOMPARE(back->detected, result->detected);
    QCOMPARE(back->slowForSeconds, result->slowForSeconds);
    QCOMPARE(back->writes.size(), result->writes.size());
    QCOMPARE(back->summary(), result->summary());
    QVERIFY(!readResult<BackgroundProbeResult>(QByteArrayLiteral("{}")));
}

void TestBackgroundProbe::cancelStopsTheProbe()
{
    SimulatedProbeTarget target(*findSimulatedProfile(QStringLiteral("intel-320")), 1);
    CancelToken cancel;
    cancel.cancel();
    const auto result =
        runBackgroundTrimProbe(target, defaultBackgroundProbePlan(target.sizeBytes()), &cancel);
    QVERIFY(!result);
    QCOMPARE(result.error().code, ErrorCode::Cancelled);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestBackgroundProbe)
#include "tst_backgroundprobe.moc"
