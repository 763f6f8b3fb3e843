// The stall test's plan: defaults for a device, where the discards go, and a table of good and
// bad plans (validateStallPlan and the helper's option reader).
#include "stall/stallplan.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::stall;

namespace {
constexpr quint64 kMiB = quint64(1) << 20;
constexpr quint64 kGiB = quint64(1) << 30;
} // namespace

Q_DECLARE_METATYPE(trimscope::stall::StallPlan)

class TestStallPlan : public QObject
{
    Q_OBJECT
private slots:
    void defaultsFollowTheDevice_data()
    {
        QTest::addColumn<quint64>("device");
        QTest::addColumn<quint64>("reads");
        QTest::addColumn<quint64>("discards");
        QTest::newRow("1 TB") << quint64(1000) * 1000 * 1000 * 1000 << kGiB << 4 * kGiB;
        QTest::newRow("8 GiB") << 8 * kGiB << kGiB << quint64(3584) * kMiB;
        QTest::newRow("512 MiB") << 512 * kMiB << 128 * kMiB << 192 * kMiB;
    }
    void defaultsFollowTheDevice()
    {
        QFETCH(quint64, device);
        QFETCH(quint64, reads);
        QFETCH(quint64, discards);
        const StallPlan plan = resolveStallPlan({}, device);
        QCOMPARE(plan.readRegionBytes, reads);
        QCOMPARE(plan.discardRegionBytes, discards);
        QVERIFY(!validateStallPlan(plan, device).isError());
    }

    void discardsStayInTheirRegion()
    {
        const StallPlan plan = resolveStallPlan({}, 8 * kGiB);
        const QList<PlannedDiscard> discards = plannedDiscards(plan);
        QCOMPARE(discards.size(), plan.smallDiscards + plan.mediumDiscards + plan.regionDiscards);
        QCOMPARE(discards.first().phase, StallPhase::Small);
        QCOMPARE(discards.last().phase, StallPhase::Region);
        QCOMPARE(discards.last().bytes, plan.discardRegionBytes);
        for (const PlannedDiscard &d : discards) {
            QVERIFY(d.offset >= plan.readRegionBytes);
            QVERIFY(d.offset + d.bytes <= plan.readRegionBytes + plan.discardRegionBytes);
            QCOMPARE(d.offset % 4096, quint64(0));
        }
        // No medium discard lands on a small one's blocks.
        for (const PlannedDiscard &a : discards)
            for (const PlannedDiscard &b : discards)
                if (a.phase == StallPhase::Small && b.phase == StallPhase::Medium)
                    QVERIFY(a.offset + a.bytes <= b.offset || b.offset + b.bytes <= a.offset);
    }

    void validation_data()
    {
        QTest::addColumn<StallPlan>("plan");
        QTest::addColumn<bool>("valid");
        const StallPlan good = resolveStallPlan({}, 8 * kGiB);
        QTest::newRow("default") << good << true;
        StallPlan p = good;
        p.readRegionBytes = 4096;
        QTest::newRow("read region under 1 MiB") << p << false;
        p = good;
        p.discardRegionBytes = 7 * kGiB + 4096;
        QTest::newRow("regions beyond the device") << p << false;
        p = good;
        p.smallBytes = 1000;
        QTest::newRow("small size not 4 KiB aligned") << p << false;
        p = good;
        p.mediumBytes = 2 * kGiB;
        QTest::newRow("medium discards do not fit") << p << false;
        p = good;
        p.smallDiscards = -1;
        QTest::newRow("negative count") << p << false;
        p = good;
        p.smallDiscards = p.mediumDiscards = p.regionDiscards = 0;
        QTest::newRow("no discard") << p << false;
        p = good;
        p.baselineSeconds = 0.5;
        QTest::newRow("short baseline") << p << false;
        p = good;
        p.gapSeconds = 0;
        QTest::newRow("no gap") << p << false;
        p = good;
        p.maxLatencySeconds = 0;
        QTest::newRow("no limit") << p << false;
        p = good;
        p.smallDiscards = 1000;
        p.gapSeconds = 10;
        QTest::newRow("longer than an hour") << p << false;
        p = good;
        p.baselineSeconds = std::numeric_limits<double>::quiet_NaN();
        QTest::newRow("NaN baseline") << p << false;
        p = good;
        p.regionDiscards = 0;
        QTest::newRow("no whole-region discard") << p << true;
    }
    void validation()
    {
        QFETCH(StallPlan, plan);
        QFETCH(bool, valid);
        const Error error = validateStallPlan(plan, 8 * kGiB);
        QVERIFY2(error.isError() != valid, qPrintable(error.message));
        if (!valid)
            QCOMPARE(error.code, ErrorCode::InvalidArgument);
    }

    void planRoundTrip()
    {
        StallPlan plan = resolveStallPlan({}, 8 * kGiB);
        plan.writes = true;
        plan.gapSeconds = 0.25;
        const StallPlan back = StallPlan::fromJson(plan.toJson());
        QCOMPARE(back.toJson(), plan.toJson());
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestStallPlan)
#include "tst_stallplan.moc"
