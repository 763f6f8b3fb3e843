#include "probe/backgroundprobe.h"
#include "report/resultfile.h"
#include "simulate/simulatedprobetarget.h"

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

} // namespace

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

QTEST_GUILESS_MAIN(TestBackgroundProbe)
#include "tst_backgroundprobe.moc"
