// Presets, plan bounds and the estimates shown before a run.
#include "recovery/recoveryplan.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::recovery;

class TestRecoveryPlan : public QObject
{
    Q_OBJECT

private slots:
    void presets();
    void refusesPlans_data();
    void refusesPlans();
    void refusesFillCurvePlans_data();
    void refusesFillCurvePlans();
    void sampleSize();
    void estimates();
    void fillLogWindows_data();
    void fillLogWindows();
};

namespace {

constexpr quint64 kGiB = quint64(1) << 30;

DriveInfo drive(quint64 size = 256 * kGiB)
{
    DriveInfo d;
    d.sizeBytes = size;
    d.logicalBlockSize = 512;
    return d;
}

} // namespace

void TestRecoveryPlan::presets()
{
    QCOMPARE(recoveryPresetNames(),
             (QStringList{QStringLiteral("standard"), QStringLiteral("quick"),
                          QStringLiteral("smoke")}));
    for (const QString &name : recoveryPresetNames()) {
        const auto plan = recoveryPreset(name);
        QVERIFY(plan);
        QVERIFY(!validateRecoveryPlan(*plan, drive()).isError());
    }
    // The review's test: 4 KiB random writes at QD32, filled twice, 30 minutes idle.
    const RecoveryPlan standard = *recoveryPreset(QStringLiteral("standard"));
    QCOMPARE(standard.randomBlockBytes, 4096u);
    QCOMPARE(standard.randomQueueDepth, 32);
    QCOMPARE(standard.fillPasses, 2);
    QCOMPARE(standard.idleSeconds, 1800);
    QVERIFY(!recoveryPreset(QStringLiteral("fast")));
}

void TestRecoveryPlan::refusesPlans_data()
{
    QTest::addColumn<int>("field");
    QTest::addColumn<int>("value");
    // field: 0 randomSeconds, 1 idleSeconds, 2 fillPasses, 3 randomBlockBytes,
    // 4 randomQueueDepth, 5 fillBlockBytes, 6 fillQueueDepth, 7 fillPieces
    QTest::newRow("random 0 s") << 0 << 0;
    QTest::newRow("random 2 h") << 0 << 7200;
    QTest::newRow("idle < 0") << 1 << -1;
    QTest::newRow("idle 2 days") << 1 << 172800;
    QTest::newRow("no fill") << 2 << 0;
    QTest::newRow("5 fills") << 2 << 5;
    QTest::newRow("random block 3000") << 3 << 3000;
    QTest::newRow("random block 256") << 3 << 256;
    QTest::newRow("depth 0") << 4 << 0;
    QTest::newRow("depth 1000") << 4 << 1000;
    QTest::newRow("fill block 32 MiB") << 5 << (32 << 20);
    QTest::newRow("fill depth -1") << 6 << -1;
    QTest::newRow("no pieces") << 7 << 0;
}

void TestRecoveryPlan::refusesPlans()
{
    QFETCH(int, field);
    QFETCH(int, value);
    RecoveryPlan plan;
    switch (field) {
    case 0:
        plan.randomSeconds = value;
        break;
    case 1:
        plan.idleSeconds = value;
        break;
    case 2:
        plan.fillPasses = value;
        break;
    case 3:
        plan.randomBlockBytes = quint32(value);
        break;
    case 4:
        plan.randomQueueDepth = value;
        break;
    case 5:
        plan.fillBlockBytes = quint32(value);
        break;
    case 6:
        plan.fillQueueDepth = value;
        break;
    case 7:
        plan.fillPieces = value;
        break;
    }
    const Error error = validateRecoveryPlan(plan, drive());
    QCOMPARE(error.code, ErrorCode::InvalidArgument);
}

void TestRecoveryPlan::refusesFillCurvePlans_data()
{
    QTest::addColumn<quint64>("size");
    QTest::addColumn<quint64>("sample");
    QTest::addColumn<double>("drop");
    QTest::newRow("sample a third of the drive") << kGiB << kGiB / 3 << 0.3;
    QTest::newRow("too many samples") << 256 * kGiB << (kGiB >> 10) << 0.3;
    QTest::newRow("no drop") << kGiB << quint64(0) << 0.0;
    QTest::newRow("drop 100 %") << kGiB << quint64(0) << 1.0;
    QTest::newRow("empty drive") << quint64(0) << quint64(0) << 0.3;
    QTest::newRow("drive below one block") << quint64(4096) << quint64(0) << 0.3;
}

void TestRecoveryPlan::refusesFillCurvePlans()
{
    QFETCH(quint64, size);
    QFETCH(quint64, sample);
    QFETCH(double, drop);
    FillCurvePlan plan;
    plan.sampleBytes = sample;
    plan.cliffDropFraction = drop;
    QCOMPARE(validateFillCurvePlan(plan, drive(size)).code, ErrorCode::InvalidArgument);
}

void TestRecoveryPlan::sampleSize()
{
    FillCurvePlan plan;
    // A hundredth of the drive, rounded down to whole blocks.
    QCOMPARE(fillSampleBytes(plan, drive(100 * kGiB)), kGiB);
    QCOMPARE(fillSampleBytes(plan, drive(kGiB)) % plan.blockBytes, quint64(0));
    plan.sampleBytes = (3 << 20) + 5;
    QCOMPARE(fillSampleBytes(plan, drive()), quint64(3) << 20);
    plan.sampleBytes = 10;
    QCOMPARE(fillSampleBytes(plan, drive()), quint64(plan.blockBytes));
    QVERIFY(!validateFillCurvePlan(FillCurvePlan{}, drive(128 << 20)).isError());
}

void TestRecoveryPlan::estimates()
{
    const RecoveryPlan plan = *recoveryPreset(QStringLiteral("standard"));
    const RunEstimate e = estimateRecovery(plan, drive(100 * kGiB), 500e6, 10000);
    QCOMPARE(e.sequentialBytes, 200 * kGiB);
    QCOMPARE(e.fixedSeconds, 4 * 60.0 + 1800);
    QCOMPARE(e.randomBytesAtMost, quint64(10000.0 * 4096 * 240));
    // And fio's start of each job: four random phases, two fills of 16 pieces.
    QCOMPARE(e.seconds, e.fixedSeconds + double(200 * kGiB) / 500e6 + 36 * kFioJobSeconds);
    QVERIFY(e.capacityMultiple > 2 && e.capacityMultiple < 2.2);

    const RunEstimate f = estimateFillCurve(FillCurvePlan{}, drive(100 * kGiB), 500e6);
    QCOMPARE(f.sequentialBytes, 100 * kGiB);
    QCOMPARE(f.totalBytes(), 100 * kGiB);
    QCOMPARE(f.capacityMultiple, 1.0);
    QCOMPARE(f.fixedSeconds, 0.0);
    QCOMPARE(f.seconds, double(100 * kGiB) / 500e6 + kFioJobSeconds); // one job, logged
    QVERIFY(f.toJson().contains(QStringLiteral("total_bytes")));
    // A small drive's fill: its writes and fio's start, once (64 samples of 1 MiB, the block).
    const RunEstimate small = estimateFillCurve(FillCurvePlan{}, drive(64 << 20), 500e6);
    QCOMPARE(small.seconds, double(64 << 20) / 500e6 + kFioJobSeconds);
}

void TestRecoveryPlan::fillLogWindows_data()
{
    QTest::addColumn<quint64>("sampleBytes");
    QTest::addColumn<int>("msec");
    // Half a sample at the assumed 200 MB/s, between 20 ms and 1 s.
    QTest::newRow("1 MiB") << (quint64(1) << 20) << 20;
    QTest::newRow("80 MB") << quint64(80'000'000) << 200;
    QTest::newRow("1 GiB (a 100 GiB drive's hundredth)") << quint64(1) * kGiB << 1000;
}

void TestRecoveryPlan::fillLogWindows()
{
    QFETCH(quint64, sampleBytes);
    QFETCH(int, msec);
    QCOMPARE(fillLogWindowMsec(sampleBytes), msec);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestRecoveryPlan)
#include "tst_recoveryplan.moc"
