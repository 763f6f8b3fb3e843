#include "simulate/simulateddiscardtarget.h"
#include "sweep/sweeprunner.h"
#include "sweep/trimmeddata.h"
#include "testmain.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>

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

// Times from a model (1 ms + 1 ms per MiB) with log-normal jitter and, rarely, a long pause
// (a GC-like 20 ms more); nothing sleeps unless asked, so adaptive runs of thousands of samples
// stay quick.
class NoisyTarget final : public DiscardTarget
{
public:
    NoisyTarget(double jitter, double pauseProbability, quint64 seed)
        : m_jitter(jitter), m_pauseProbability(pauseProbability), m_random(seed)
    {
    }
    static double modelSeconds(quint64 bytes) { return 1e-3 + 1e-3 * double(bytes) / double(MiB); }
    // The median of the noisy times (the pauses are rare enough to move it by under 2 %).
    double modelMedian(quint64 bytes) const { return modelSeconds(bytes); }
    Expected<double> timedDiscard(quint64, quint64 length) override
    {
        std::normal_distribution<double> normal(0, m_jitter);
        std::uniform_real_distribution<double> uniform;
        double seconds = modelSeconds(length) * std::exp(normal(m_random));
        if (uniform(m_random) < m_pauseProbability)
            seconds += 0.02;
        if (sleepSeconds > 0)
            std::this_thread::sleep_for(std::chrono::duration<double>(sleepSeconds));
        return seconds;
    }
    Error prewrite(quint64, quint64) override { return {}; }
    double sleepSeconds = 0;

private:
    double m_jitter;
    double m_pauseProbability;
    std::mt19937_64 m_random;
};

// A drive that answers TRIM of empty space at once (or not): a TRIM of a region written since
// its last TRIM (or never trimmed) costs the model's time, one of a region trimmed since its last
// write costs 20 µs (or the same again). Pre-writes sleep at `writeBytesPerSecond` when set. The
// first `loadedDiscards` TRIMs take `loadFactor` times as long: a machine busy while the sweep
// ran, quiet by the time of the empty-space check.
class EmptySpaceTarget final : public DiscardTarget
{
public:
    explicit EmptySpaceTarget(bool emptyFree) : m_emptyFree(emptyFree) {}
    static double modelSeconds(quint64 bytes) { return 2e-3 + 1e-3 * double(bytes) / double(MiB); }
    Expected<double> timedDiscard(quint64 offset, quint64 length) override
    {
        const bool empty = trimmed.contains(offset);
        trimmed.insert(offset);
        ++discards;
        const double factor = discards <= loadedDiscards ? loadFactor : 1;
        return factor * (empty && m_emptyFree ? 20e-6 : modelSeconds(length));
    }
    Error prewrite(quint64 offset, quint64 length) override
    {
        trimmed.remove(offset);
        if (writeBytesPerSecond > 0)
            std::this_thread::sleep_for(
                std::chrono::duration<double>(double(length) / writeBytesPerSecond));
        return {};
    }
    QSet<quint64> trimmed;
    int discards = 0;
    double writeBytesPerSecond = 0;
    int loadedDiscards = 0;
    double loadFactor = 3;

private:
    bool m_emptyFree;
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

    // The largest size prices free space for the advice; it does not say whether the drive
    // answers a TRIM of empty space at once: a fast drive whose large TRIMs are bound by the
    // data they unmap (60x faster empty) but whose commands cost the same is "same".
    void throughputSizeDoesNotDecideTheOutcome()
    {
        EmptyTrimCheck check;
        check.sizes = {{4096, {0, 1, 2}, {1e-4, 1e-4, 1e-4}, 1e-4, false, {}},
                       {32 << 20, {0, 1, 2}, {1e-4, 1e-4, 1e-4}, 6e-3, true, {}}};
        QCOMPARE(emptyTrimOutcomeName(check.outcome()), QStringLiteral("same"));
        QCOMPARE(check.decisive()->bytes, quint64(4096));
        const EmptyTrimCheck back = EmptyTrimCheck::fromJson(check.toJson());
        QCOMPARE(back.sizes.at(1).throughput, true);
        QCOMPARE(back.sizes.at(0).throughput, false);
    }

    // After a pre-written sweep, a few TRIMs of regions it trimmed already (empty space) at the
    // smallest, a middle and the largest size; at the first two each paired with a TRIM of the
    // same region written again just before: found on a drive that answers TRIM of empty space
    // at once, not on one where it costs the same, also when the machine was busy during the
    // sweep and quiet during the check (compared with the sweep's medians, such a drive looked
    // 3x faster on empty space), and not checked when nothing was written first. The file says
    // the same.
    void emptySpaceCheck_data()
    {
        QTest::addColumn<bool>("prewrite");
        QTest::addColumn<bool>("emptyFree");
        QTest::addColumn<bool>("loadedSweep");
        QTest::addColumn<QString>("outcome");
        QTest::newRow("empty space free") << true << true << false << "empty-faster";
        QTest::newRow("empty space costs the same") << true << false << false << "same";
        QTest::newRow("empty space free, the sweep slowed by load")
            << true << true << true << "empty-faster";
        QTest::newRow("empty space costs the same, the sweep slowed by load")
            << true << false << true << "same";
        QTest::newRow("nothing written first") << false << true << false << "not-checked";
    }
    void emptySpaceCheck()
    {
        QFETCH(bool, prewrite);
        QFETCH(bool, emptyFree);
        QFETCH(bool, loadedSweep);
        QFETCH(QString, outcome);
        SweepPlan plan = smallPlan(SweepOrder::Interleaved, 7);
        plan.prewrite = prewrite;
        EmptySpaceTarget target(emptyFree);
        CancelToken cancel;
        DriveInfo drive;
        drive.sizeBytes = quint64(100) * 1000 * 1000 * 1000;
        drive.logicalBlockSize = 512;
        drive.discardGranularity = 512;
        const ResolvedPlan laidOut = resolved(plan);
        const double load = loadedSweep ? target.loadFactor : 1;
        if (loadedSweep)
            target.loadedDiscards = int(laidOut.sizes.size()) * 7;
        SweepRunner runner(target, laidOut, drive, cancel);
        QList<SweepProgress> progress;
        runner.onProgress = [&](const SweepProgress &p) { progress.append(p); };
        const SweepResult result = runner.run();
        QVERIFY(result.complete());
        QCOMPARE(emptyTrimOutcomeName(result.emptyCheck.outcome()), outcome);
        // The curve is the written data's: the check's TRIMs are not among its samples.
        QCOMPARE(result.samples.size(), laidOut.sizes.size() * 7);
        for (const SizePoint &point : result.points)
            QCOMPARE(point.stats.median, load * EmptySpaceTarget::modelSeconds(point.bytes));
        // Per pair, a TRIM of empty space at three sizes and one of written data before it at
        // the two command-bound ones.
        const int checkDiscards = prewrite ? 5 * EmptyTrimCheck::kPairs : 0;
        QCOMPARE(target.discards, int(result.samples.size()) + checkDiscards);
        QCOMPARE(progress.last().samplesDone, target.discards);
        QCOMPARE(progress.last().samplesPlanned, target.discards);
        if (prewrite) {
            // The smallest, the middle and the largest size, which alone is the throughput
            // size: it prices free space for the advice, not the outcome.
            const QList<quint64> sizes{laidOut.sizes.last(),
                                       laidOut.sizes.at(laidOut.sizes.size() / 2),
                                       laidOut.sizes.first()};
            QCOMPARE(result.emptyCheck.sizes.size(), 3);
            for (int i = 0; i < 3; ++i) {
                const EmptyTrimCheck::Size &size = result.emptyCheck.sizes.at(i);
                QCOMPARE(size.bytes, sizes.at(i));
                QCOMPARE(size.throughput, i == 2);
                QCOMPARE(size.emptySeconds.size(), EmptyTrimCheck::kPairs);
                QCOMPARE(size.writtenMedian, load * EmptySpaceTarget::modelSeconds(size.bytes));
                QCOMPARE(size.paired(), i < 2);
                if (size.paired())
                    QCOMPARE(size.comparedWrittenMedian(),
                             EmptySpaceTarget::modelSeconds(size.bytes));
                // Regions the sweep had written and trimmed, none twice.
                QCOMPARE(QSet<quint64>(size.offsets.begin(), size.offsets.end()).size(),
                         EmptyTrimCheck::kPairs);
                for (const quint64 offset : size.offsets) {
                    QVERIFY(std::any_of(result.samples.begin(), result.samples.end(),
                                        [&](const Sample &s) {
                                            return s.offset == offset && s.bytes == size.bytes;
                                        }));
                }
            }
        } else {
            QCOMPARE(result.emptyCheck.notCheckedReason, QStringLiteral("no-prewrite"));
        }
        const QJsonObject json = result.toJson();
        QCOMPARE(json[QStringLiteral("empty_trim_check")][QStringLiteral("outcome")].toString(),
                 outcome);
        const Expected<SweepResult> read = SweepResult::fromJson(json, drive);
        QVERIFY(read);
        QCOMPARE(read->emptyCheck.outcome(), result.emptyCheck.outcome());
        QCOMPARE(read->toJson()[QStringLiteral("empty_trim_check")].toObject(),
                 json[QStringLiteral("empty_trim_check")].toObject());
        QCOMPARE(trimmedDataShortText(*read).contains(QLatin1String("written data")), prewrite);
        QVERIFY(!emptyTrimCheckText(*read).isEmpty());
        // A file from before the check: nothing claimed, nothing written back.
        QJsonObject old = json;
        old.remove(QStringLiteral("empty_trim_check"));
        const Expected<SweepResult> oldRead = SweepResult::fromJson(old, drive);
        QVERIFY(oldRead);
        QVERIFY(!oldRead->toJson().contains(QStringLiteral("empty_trim_check")));
        QVERIFY(emptyTrimCheckText(*oldRead).isEmpty());
    }

    // The ETA counts the pre-writes at the write speed the first writes showed: with writes at
    // 50 MB/s dominating, an early estimate is at least what the remaining writes take at that
    // speed (sleeps can only make them slower), and far above the same plan's without writes.
    void etaIncludesThePrewrites()
    {
        constexpr double writeSpeed = 50e6;
        QList<double> firstEta;
        for (const bool prewrite : {true, false}) {
            SweepPlan plan = smallPlan(SweepOrder::Interleaved, 3);
            plan.maxBytes = 4 * MiB;
            plan.prewrite = prewrite;
            const ResolvedPlan laidOut = resolved(plan);
            EmptySpaceTarget target(false);
            target.writeBytesPerSecond = writeSpeed;
            CancelToken cancel;
            SweepRunner runner(target, laidOut, {}, cancel);
            QList<SweepProgress> progress;
            runner.onProgress = [&](const SweepProgress &p) { progress.append(p); };
            runner.run();
            const auto known =
                std::find_if(progress.begin(), progress.end(),
                             [](const SweepProgress &p) { return p.etaSeconds > 0; });
            QVERIFY(known != progress.end());
            firstEta.append(known->etaSeconds);
            if (prewrite) {
                const double left = double(laidOut.plannedPrewriteBytes()) *
                                    (1 - double(known->samplesDone) / known->samplesPlanned);
                QVERIFY2(known->etaSeconds >= 0.5 * left / writeSpeed,
                         qPrintable(QStringLiteral("ETA %1 s, writes left about %2 s")
                                        .arg(known->etaSeconds)
                                        .arg(left / writeSpeed)));
            }
        }
        QVERIFY2(firstEta.at(0) > 2 * firstEta.at(1),
                 qPrintable(QStringLiteral("%1 vs %2").arg(firstEta.at(0)).arg(firstEta.at(1))));
    }

    // A drive with 15 % jitter and rare long pauses needs about 90 samples per size for ±5 %:
    // the sweep samples until then (it stopped at 40 before, short of the target), every size
    // reaches the target, and the medians are near the model's.
    void adaptiveSamplesUntilTheTarget()
    {
        SweepPlan plan = smallPlan(SweepOrder::Interleaved);
        plan.adaptive = true;
        NoisyTarget target(0.15, 0.02, 5);
        CancelToken cancel;
        SweepRunner runner(target, resolved(plan), {}, cancel);
        const SweepResult result = runner.run();
        QVERIFY(result.complete());
        int beyondForty = 0;
        for (const SizePoint &point : result.points) {
            QVERIFY(point.stats.count >= 10);
            QVERIFY2(point.converged, qPrintable(result.precisionText(point)));
            QCOMPARE(result.shortfall(point), TargetShortfall::None);
            QVERIFY(point.stats.medianCiRelativeHalfWidth() <= 0.05);
            QCOMPARE(point.stats.ciConfidence, AdaptiveRule::kIntervalConfidence);
            QVERIFY(AdaptiveRule().isLook(point.stats.count)); // stopped at a checkpoint
            QVERIFY2(std::fabs(point.stats.median / target.modelMedian(point.bytes) - 1) < 0.1,
                     qPrintable(QString::number(point.bytes)));
            beyondForty += point.stats.count > 40;
        }
        QVERIFY(beyondForty > 0);
        QCOMPARE(result.sizesShortOfTarget(), 0);
        const QJsonObject first = result.toJson()[QStringLiteral("points")][0].toObject();
        QCOMPARE(first[QStringLiteral("converged")].toBool(), true);
        QCOMPARE(first[QStringLiteral("target_shortfall")].toString(), QString());
        QCOMPARE(first[QStringLiteral("median_ci_confidence")].toDouble(),
                 AdaptiveRule::kIntervalConfidence);
    }

    // The time budget decides how far an adaptive sweep gets; each size short of the target
    // says so, and why.
    void adaptiveStopsAtTheTimeBudgetAndSaysWhichSizesFellShort()
    {
        SweepPlan plan = smallPlan(SweepOrder::Interleaved);
        plan.adaptive = true;
        plan.timeBudgetSeconds = 0.3;
        NoisyTarget target(0.4, 0, 9);
        target.sleepSeconds = 0.002;
        CancelToken cancel;
        SweepRunner runner(target, resolved(plan), {}, cancel);
        const SweepResult result = runner.run();
        QCOMPARE(result.stopReason, StopReason::TimeBudget);
        QVERIFY(result.sizesShortOfTarget() > 0);
        for (const SizePoint &point : result.points) {
            if (point.converged)
                continue;
            QCOMPARE(result.shortfall(point), TargetShortfall::TimeBudget);
            QVERIFY2(result.precisionText(point).contains(QLatin1String("time budget")),
                     qPrintable(result.precisionText(point)));
        }
        const QJsonArray points = result.toJson()[QStringLiteral("points")].toArray();
        QVERIFY(std::any_of(points.begin(), points.end(), [](const QJsonValue &p) {
            return p[QStringLiteral("target_shortfall")].toString() == QLatin1String("time-budget");
        }));
    }

    // A size that used every fresh region the device has for it stops there, marked.
    void adaptiveRunsOutOfRegions()
    {
        SweepPlan plan = smallPlan(SweepOrder::Descending);
        plan.adaptive = true;
        plan.maxBytes = 8 * MiB;
        NoisyTarget target(0.4, 0, 11);
        CancelToken cancel;
        const ResolvedPlan laidOut = resolved(plan, 256 * MiB);
        SweepRunner runner(target, laidOut, {}, cancel);
        const SweepResult result = runner.run();
        QVERIFY(result.complete());
        const SizePoint &largest = result.points.constFirst();
        QCOMPARE(largest.bytes, 8 * MiB);
        QCOMPARE(largest.stats.count, laidOut.sampleSlots.constFirst());
        QVERIFY(!largest.converged);
        QCOMPARE(result.shortfall(largest), TargetShortfall::OutOfRegions);
        // Small sizes have room for far more samples than the 40 the sweep used to stop at.
        QVERIFY(laidOut.sampleSlots.constLast() > 200);
    }

    // Read back from its file, a sweep says the same per size: the rule is replayed on the
    // samples, the slots laid out again.
    void adaptiveOutcomeSurvivesTheFile()
    {
        SweepPlan plan = smallPlan(SweepOrder::Descending);
        plan.adaptive = true;
        plan.maxBytes = 8 * MiB;
        NoisyTarget target(0.3, 0, 13);
        CancelToken cancel;
        DriveInfo drive;
        drive.sizeBytes = 256 * MiB;
        drive.logicalBlockSize = 512;
        drive.discardGranularity = 512;
        SweepRunner runner(target, resolved(plan, drive.sizeBytes), drive, cancel);
        const SweepResult result = runner.run();
        const Expected<SweepResult> read = SweepResult::fromJson(result.toJson(), drive);
        QVERIFY(read);
        QCOMPARE(read->points.size(), result.points.size());
        for (int i = 0; i < result.points.size(); ++i) {
            QCOMPARE(read->points.at(i).converged, result.points.at(i).converged);
            QCOMPARE(read->shortfall(read->points.at(i)), result.shortfall(result.points.at(i)));
            QCOMPARE(read->points.at(i).stats.medianCiLow, result.points.at(i).stats.medianCiLow);
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
        // Unknown until the largest and the smallest size are measured (tst_sweepeta), then
        // known to the end.
        for (int i = 1; i < progress.size(); ++i) {
            QVERIFY(progress.at(i).samplesDone > progress.at(i - 1).samplesDone);
            QVERIFY(progress.at(i).fraction >= progress.at(i - 1).fraction);
            QVERIFY(progress.at(i - 1).etaSeconds < 0 || progress.at(i).etaSeconds >= 0);
        }
        QCOMPARE(progress.last().samplesDone, progress.last().samplesPlanned);
        QCOMPARE(progress.last().fraction, 1.0);
        QCOMPARE(progress.last().etaSeconds, 0.0);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestSweepRunner)
#include "tst_sweeprunner.moc"
