#include "simulate/simulateddiscardtarget.h"
#include "sweep/sweeprunner.h"

#include <QSet>
#include <QTest>
#include <cmath>

using namespace trimscope;

namespace {

constexpr quint64 MiB = 1 << 20;

// Wraps a simulated drive and can stop the run from inside: cancel or fail at discard N.
class ScriptedTarget final : public DiscardTarget
{
public:
    ScriptedTarget(CancelToken &cancel, int cancelAt, int failAt)
        : m_inner(*findSimulatedProfile(QStringLiteral("intel-320")), 7, false), m_cancel(cancel),
          m_cancelAt(cancelAt), m_failAt(failAt)
    {
    }
    Expected<double> timedDiscard(quint64 offset, quint64 length) override
    {
        ++calls;
        if (calls == m_failAt)
            return makeError(ErrorCode::IoError, QStringLiteral("injected EIO"));
        if (calls == m_cancelAt)
            m_cancel.cancel();
        return m_inner.timedDiscard(offset, length);
    }
    Error prewrite(quint64 offset, quint64 length) override
    {
        prewritten.append({offset, length});
        return {};
    }
    int calls = 0;
    QList<QPair<quint64, quint64>> prewritten;

private:
    SimulatedDiscardTarget m_inner;
    CancelToken &m_cancel;
    int m_cancelAt;
    int m_failAt;
};

// Every profile used here is at least this large.
ResolvedPlan resolved(SweepPlan plan, quint64 capacity = quint64(100) * 1000 * 1000 * 1000)
{
    const Expected<ResolvedPlan> r = resolvePlan(plan, {capacity, 512, 512});
    if (!r)
        qFatal("plan: %s", qPrintable(r.error().message));
    return *r;
}

SweepPlan smallPlan(SweepOrder order, int repeats = 3)
{
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = 64 * MiB;
    plan.repeats = repeats;
    plan.order = order;
    plan.seed = 42;
    return plan;
}

} // namespace

class TestSweepRunner : public QObject
{
    Q_OBJECT
private slots:
    void fixedPlanMeasuresEverySampleOnFreshRegions_data()
    {
        QTest::addColumn<int>("order");
        QTest::newRow("descending") << int(SweepOrder::Descending);
        QTest::newRow("interleaved") << int(SweepOrder::Interleaved);
    }
    void fixedPlanMeasuresEverySampleOnFreshRegions()
    {
        QFETCH(int, order);
        const SimulatedProfile profile = *findSimulatedProfile(QStringLiteral("ocz-agility3"));
        const ResolvedPlan plan = resolved(smallPlan(SweepOrder(order), 4));
        SimulatedDiscardTarget target(profile, 1, false);
        CancelToken cancel;
        SweepRunner runner(target, plan, profile.drive, cancel);
        int reported = 0;
        runner.onSample = [&](const Sample &) { ++reported; };
        const SweepResult result = runner.run();

        QVERIFY(result.complete());
        QCOMPARE(result.samples.size(), plan.sizes.size() * 4);
        QCOMPARE(reported, int(result.samples.size()));
        QCOMPARE(result.points.size(), plan.sizes.size());
        QSet<quint64> offsets;
        for (const Sample &sample : result.samples)
            offsets.insert(sample.offset);
        QCOMPARE(offsets.size(), result.samples.size()); // never reused
        for (const SizePoint &point : result.points) {
            QCOMPARE(point.stats.count, 4);
            const double model = profile.discard.seconds(point.bytes);
            QVERIFY2(std::fabs(point.stats.median / model - 1) < 0.1,
                     qPrintable(QStringLiteral("%1 B: %2 vs %3")
                                    .arg(point.bytes)
                                    .arg(point.stats.median)
                                    .arg(model)));
        }
        if (SweepOrder(order) == SweepOrder::Descending) {
            // trim_perf.c's order, pass after pass.
            for (int i = 0; i < plan.sizes.size(); ++i)
                QCOMPARE(result.samples.at(i).bytes, plan.sizes.at(i));
        }
    }

    void interleavedOrderIsShuffledAndRepeatable()
    {
        const auto sizesOf = [](const SweepResult &r) {
            QList<quint64> sizes;
            for (const Sample &s : r.samples)
                sizes.append(s.bytes);
            return sizes;
        };
        const SimulatedProfile profile = *findSimulatedProfile(QStringLiteral("intel-320"));
        CancelToken cancel;
        QList<QList<quint64>> runs;
        for (int i = 0; i < 2; ++i) {
            SimulatedDiscardTarget target(profile, 1, false);
            SweepRunner runner(target, resolved(smallPlan(SweepOrder::Interleaved)), profile.drive,
                               cancel);
            runs.append(sizesOf(runner.run()));
        }
        QCOMPARE(runs.at(0), runs.at(1));
        QList<quint64> sorted = runs.at(0);
        std::sort(sorted.begin(), sorted.end(), std::greater<>());
        QVERIFY(runs.at(0) != sorted);
    }

    void stopsEarlyAndKeepsWhatWasMeasured_data()
    {
        QTest::addColumn<int>("cancelAt");
        QTest::addColumn<int>("failAt");
        QTest::addColumn<int>("samples");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("error");
        QTest::newRow("cancel after 5") << 5 << 0 << 5 << "cancelled"
                                        << "None";
        QTest::newRow("cancel at first") << 1 << 0 << 1 << "cancelled"
                                         << "None";
        QTest::newRow("EIO at 7") << 0 << 7 << 6 << "failed"
                                  << "IoError";
        QTest::newRow("EIO at first") << 0 << 1 << 0 << "failed"
                                      << "IoError";
    }
    void stopsEarlyAndKeepsWhatWasMeasured()
    {
        QFETCH(int, cancelAt);
        QFETCH(int, failAt);
        QFETCH(int, samples);
        CancelToken cancel;
        ScriptedTarget target(cancel, cancelAt, failAt);
        const ResolvedPlan plan = resolved(smallPlan(SweepOrder::Descending));
        SweepRunner runner(target, plan, {}, cancel);
        const SweepResult result = runner.run();
        QCOMPARE(int(result.samples.size()), samples);
        // Cancel is honoured between two discards: none after the one that cancelled.
        QCOMPARE(target.calls, cancelAt ? cancelAt : failAt);
        QVERIFY(!result.complete());
        QTEST(stopReasonName(result.stopReason), "reason");
        QTEST(errorCodeName(result.error.code), "error");
    }

    void prewriteWritesEachRegionBeforeItsDiscard()
    {
        CancelToken cancel;
        ScriptedTarget target(cancel, 0, 0);
        SweepPlan plan = smallPlan(SweepOrder::Interleaved, 2);
        plan.prewrite = true;
        SweepRunner runner(target, resolved(plan), {}, cancel);
        const SweepResult result = runner.run();
        QCOMPARE(target.prewritten.size(), result.samples.size());
        for (int i = 0; i < result.samples.size(); ++i) {
            QCOMPARE(target.prewritten.at(i).first, result.samples.at(i).offset);
            QCOMPARE(target.prewritten.at(i).second, result.samples.at(i).bytes);
        }
    }

    void adaptiveStopsWhenTheMedianIsKnown()
    {
        const SimulatedProfile profile =
            *findSimulatedProfile(QStringLiteral("corsair-performance-pro"));
        SweepPlan plan = smallPlan(SweepOrder::Interleaved);
        plan.adaptive = true;
        SimulatedDiscardTarget target(profile, 3, false);
        CancelToken cancel;
        SweepRunner runner(target, resolved(plan), profile.drive, cancel);
        const SweepResult result = runner.run();
        QVERIFY(result.complete());
        for (const SizePoint &point : result.points) {
            QVERIFY(point.stats.count >= plan.adaptiveMinSamples);
            QVERIFY(point.stats.count <= plan.adaptiveMaxSamples);
            QVERIFY2(point.converged, qPrintable(QString::number(point.bytes)));
            QVERIFY(point.stats.medianCiRelativeHalfWidth() <= 0.05);
        }
    }

    void progressIsMonotonicAndEndsAtOne()
    {
        const SimulatedProfile profile = *findSimulatedProfile(QStringLiteral("ocz-agility3"));
        SimulatedDiscardTarget target(profile, 1, false);
        CancelToken cancel;
        SweepRunner runner(target, resolved(smallPlan(SweepOrder::Interleaved)), profile.drive,
                           cancel);
        QList<SweepProgress> progress;
        runner.onProgress = [&](const SweepProgress &p) { progress.append(p); };
        runner.run();
        // The first report (nothing measured) and the last one always come; the ones between
        // are throttled to one per 50 ms.
        QVERIFY(progress.size() >= 2);
        QCOMPARE(progress.first().etaSeconds, -1.0); // nothing measured yet: unknown
        for (int i = 1; i < progress.size(); ++i) {
            QVERIFY(progress.at(i).samplesDone > progress.at(i - 1).samplesDone);
            QVERIFY(progress.at(i).fraction >= progress.at(i - 1).fraction);
            QVERIFY(progress.at(i).etaSeconds >= 0);
        }
        QCOMPARE(progress.last().samplesDone, progress.last().samplesPlanned);
        QCOMPARE(progress.last().fraction, 1.0);
        QCOMPARE(progress.last().etaSeconds, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestSweepRunner)
#include "tst_sweeprunner.moc"
