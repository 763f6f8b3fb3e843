#include "common/units.h"
#include "sweep/emptytrimcheck.h"
#include "sweep/sweepplan.h"
#include "sweep/trimmeddata.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;

Q_DECLARE_METATYPE(trimscope::SweepPlan)

namespace {
constexpr quint64 KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;
SweepPlan plan(quint64 min, quint64 max, int repeats)
{
    SweepPlan p;
    p.minBytes = min;
    p.maxBytes = max;
    p.repeats = repeats;
    return p;
}
} // namespace

class TestSweepPlan : public QObject
{
    Q_OBJECT
private slots:
    void bounds_data()
    {
        QTest::addColumn<SweepPlan>("plan");
        QTest::addColumn<bool>("valid");
        QTest::newRow("defaults") << SweepPlan() << true;
        QTest::newRow("trim_perf") << plan(512, 2 * GiB, 1) << true;
        QTest::newRow("64 GiB max") << plan(512, 64 * GiB, 1) << true;
        QTest::newRow("above 64 GiB") << plan(512, 128 * GiB, 1) << false;
        QTest::newRow("2^63") << plan(512, quint64(1) << 63, 1) << false;
        QTest::newRow("not power of two") << plan(3000, 0, 1) << false;
        QTest::newRow("min above max") << plan(8 * KiB, 4 * KiB, 1) << false;
        QTest::newRow("repeats 0") << plan(0, 0, 0) << false;
        QTest::newRow("repeats 1000") << plan(0, 0, 1000) << true;
        QTest::newRow("repeats 10^9") << plan(0, 0, 1000000000) << false;
        SweepPlan badAdaptive;
        badAdaptive.adaptive = true;
        badAdaptive.adaptiveMinSamples = 1;
        QTest::newRow("adaptive min 1") << badAdaptive << false;
        SweepPlan negativeBudget;
        negativeBudget.timeBudgetSeconds = -1;
        QTest::newRow("negative budget") << negativeBudget << false;
    }
    void bounds()
    {
        QFETCH(SweepPlan, plan);
        QFETCH(bool, valid);
        const Error error = validatePlanBounds(plan);
        QCOMPARE(!error.isError(), valid);
        if (!valid)
            QCOMPARE(error.code, ErrorCode::InvalidArgument);
    }

    void resolve_data()
    {
        QTest::addColumn<SweepPlan>("plan");
        QTest::addColumn<quint64>("capacity");
        QTest::addColumn<quint32>("logical");
        QTest::addColumn<quint64>("granularity");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint64>("resolvedMax");
        QTest::addColumn<quint64>("resolvedMin");
        QTest::addColumn<int>("sizeCount");
        QTest::addColumn<bool>("noted");

        const quint64 g512 = 512, g4K = 4 * KiB;
        QTest::newRow("defaults on a big SSD") << SweepPlan() << 500 * GiB << 512u << g512 << true
                                               << 2 * GiB << quint64(512) << 23 << false;
        // A 512e drive: a 512 B discard is below its 4 KiB granularity, so the default starts
        // at 4 KiB.
        QTest::newRow("512e: min is the granularity")
            << SweepPlan() << 500 * GiB << 512u << g4K << true << 2 * GiB << 4 * KiB << 20 << false;
        QTest::newRow("512e: 512 B asked for is kept, noted")
            << plan(512, MiB, 2) << 256 * MiB << 512u << g4K << true << MiB << quint64(512) << 12
            << true;
        QTest::newRow("no discard granularity: logical")
            << SweepPlan() << 500 * GiB << 512u << quint64(0) << true << 2 * GiB << quint64(512)
            << 23 << false;
        QTest::newRow("4Kn drive: min is 4 KiB") << SweepPlan() << 500 * GiB << 4096u << g4K << true
                                                 << 2 * GiB << 4 * KiB << 20 << false;
        // A quarter of 1 GiB is 256 MiB, but 5 repeats of 2 x 256 MiB do not fit: lowered.
        QTest::newRow("defaults on 1 GiB")
            << SweepPlan() << GiB << 512u << g512 << true << 64 * MiB << quint64(512) << 18 << true;
        QTest::newRow("explicit max that does not fit")
            << plan(4 * KiB, 512 * MiB, 5) << GiB << 512u << g4K << false << quint64(0)
            << quint64(0) << 0 << false;
        QTest::newRow("explicit plan that fits") << plan(4 * KiB, 1 * MiB, 2) << 256 * MiB << 512u
                                                 << g4K << true << MiB << 4 * KiB << 9 << false;
        QTest::newRow("min below logical") << plan(512, MiB, 1) << GiB << 4096u << g4K << false
                                           << quint64(0) << quint64(0) << 0 << false;
        QTest::newRow("max above device") << plan(512, 2 * GiB, 1) << GiB << 512u << g512 << false
                                          << quint64(0) << quint64(0) << 0 << false;
        QTest::newRow("no capacity") << SweepPlan() << quint64(0) << 512u << g512 << false
                                     << quint64(0) << quint64(0) << 0 << false;
        // The adaptive rule's first look needs 10 fresh regions of every size: 32 MiB is the
        // largest size that fits 1 GiB that often.
        SweepPlan adaptive;
        adaptive.adaptive = true;
        QTest::newRow("adaptive on 1 GiB")
            << adaptive << GiB << 512u << g512 << true << 32 * MiB << quint64(512) << 17 << true;
    }
    void resolve()
    {
        QFETCH(SweepPlan, plan);
        QFETCH(quint64, capacity);
        QFETCH(quint32, logical);
        QFETCH(quint64, granularity);
        QFETCH(bool, valid);
        const Expected<ResolvedPlan> resolved = resolvePlan(plan, {capacity, logical, granularity});
        QCOMPARE(resolved.hasValue(), valid);
        if (!valid) {
            QCOMPARE(resolved.error().code, ErrorCode::InvalidArgument);
            QVERIFY(!resolved.error().message.isEmpty());
            return;
        }
        QTEST(resolved->plan.maxBytes, "resolvedMax");
        QTEST(resolved->plan.minBytes, "resolvedMin");
        QTEST(int(resolved->sizes.size()), "sizeCount");
        QTEST(!resolved->notes.isEmpty(), "noted");
        QVERIFY(resolved->plan.seed != 0);
        QVERIFY(resolved->layout.bytesUsed() <= capacity);
        for (int i = 0; i < resolved->sizes.size(); ++i) {
            const int wanted = plan.adaptive ? plan.adaptiveMinSamples : plan.repeats;
            QVERIFY(resolved->sampleSlots.at(i) >= wanted);
        }
    }

    void subGranularityNote()
    {
        const Expected<ResolvedPlan> resolved =
            resolvePlan(plan(512, MiB, 2), {256 * MiB, 512, 4 * KiB});
        QVERIFY(resolved);
        QCOMPARE(resolved->notes.size(), 1);
        const QString note = resolved->notes.first();
        QVERIFY2(note.contains(QStringLiteral("discard granularity of 4 KiB")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("512 B to 2 KiB")), qPrintable(note));
        QCOMPARE(planToJson(*resolved).value(QStringLiteral("notes")).toArray().size(), 1);
    }

    // The plan says what it will write before it runs: every sample's region once (the first
    // look of an adaptive plan, and at most every slot), nothing when pre-writing is off.
    void prewriteBytes_data()
    {
        QTest::addColumn<SweepPlan>("plan");
        QTest::addColumn<quint64>("planned");
        QTest::addColumn<quint64>("atMost");
        QTest::addColumn<QString>("words");
        const SweepPlan fixed = plan(4 * KiB, 64 * MiB, 3);
        // 64 MiB + 32 MiB + ... + 4 KiB = 128 MiB - 4 KiB, three times; and the empty-space
        // check's three pairs at 4 KiB and the middle size (512 KiB), each written again.
        const quint64 threeTimes = 3 * (128 * MiB - 4 * KiB) + 3 * (4 * KiB + 512 * KiB);
        QTest::newRow("fixed, 3 repeats")
            << fixed << threeTimes << threeTimes
            << QStringLiteral("writes %1 first").arg(formatBytes(threeTimes));
        SweepPlan off = fixed;
        off.prewrite = false;
        QTest::newRow("wear-careful")
            << off << quint64(0) << quint64(0) << QStringLiteral("writes nothing first");
        SweepPlan adaptive = plan(4 * KiB, 64 * MiB, 5);
        adaptive.adaptive = true;
        const quint64 firstLook =
            quint64(adaptive.adaptiveMinSamples) * (128 * MiB - 4 * KiB) +
            quint64(emptyTrimCheckPairs(adaptive.adaptiveMinSamples)) * (4 * KiB + 512 * KiB);
        QTest::newRow("adaptive") << adaptive << firstLook << quint64(0)
                                  << QStringLiteral("writes about");
    }
    void prewriteBytes()
    {
        QFETCH(SweepPlan, plan);
        QFETCH(quint64, planned);
        QFETCH(quint64, atMost);
        QFETCH(QString, words);
        const Expected<ResolvedPlan> resolved = resolvePlan(plan, {16 * GiB, 512, 4 * KiB});
        QVERIFY(resolved);
        QCOMPARE(resolved->plannedPrewriteBytes(), planned);
        if (atMost)
            QCOMPARE(resolved->maxPrewriteBytes(), atMost);
        else if (plan.prewrite) // adaptive: the slots beyond the first look may be written too
            QVERIFY(resolved->maxPrewriteBytes() > planned);
        DriveInfo drive;
        const QString text = prewritePlanText(*resolved, drive);
        QVERIFY2(text.contains(words), qPrintable(text));
        // A simulated drive's regions only count as written: no plan claims to write to it.
        drive.simulated = true;
        const QString simulated = prewritePlanText(*resolved, drive);
        QCOMPARE(simulated.contains(QLatin1String("writes nothing")), true);
        QVERIFY2(!simulated.contains(formatBytes(planned)), qPrintable(simulated));
    }

    void prewriteIsTheDefault()
    {
        QVERIFY(SweepPlan().prewrite);
        // Files from before the default changed say what they did; a file without the key did
        // not pre-write.
        QVERIFY(!planFromJson({}).plan.prewrite);
        ResolvedPlan resolved;
        QVERIFY(planFromJson(planToJson(resolved)).plan.prewrite);
    }

    void orderNames()
    {
        QCOMPARE(sweepOrderFromName(QStringLiteral("descending")), SweepOrder::Descending);
        QCOMPARE(sweepOrderFromName(QStringLiteral("interleaved")), SweepOrder::Interleaved);
        QVERIFY(!sweepOrderFromName(QStringLiteral("random")).has_value());
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestSweepPlan)
#include "tst_sweepplan.moc"
