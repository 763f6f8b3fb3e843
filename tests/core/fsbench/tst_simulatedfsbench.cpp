// Issue 15, item 5: the filesystem experiment on a simulated drive replays the recorded discards
// of each filesystem against the profile's latency model (core/simulate/simulatedfsbench.h).
#include "fsbench/deleteprofile.h"
#include "jobs/preparejob.h"
#include "simulate/simulatedfsbench.h"
#include "testmain.h"

#include <QTest>
#include <cmath>

using namespace trimscope;
using namespace trimscope::fsbench;

class TestSimulatedFsBench : public QObject
{
    Q_OBJECT
private slots:
    void replaysRecordedDiscards_data();
    void replaysRecordedDiscards();
    void slowTrimMakesDeletesSlow();
    void btrfsHasNoRecord();
    void driveWithoutTrimFails();
    void cancelStops();
    void runsOnSimulatedDrivesOnly();

private:
    static FsBenchPlan tinyPlan(QStringList filesystems = {QStringLiteral("ext4"),
                                                           QStringLiteral("xfs")})
    {
        FsBenchPlan plan;
        plan.filesystems = std::move(filesystems);
        plan.tree = *treePreset(QStringLiteral("tiny"));
        return plan;
    }
};

void TestSimulatedFsBench::replaysRecordedDiscards_data()
{
    QTest::addColumn<QString>("filesystem");
    QTest::addColumn<int>("discardPhase"); // where online discards land
    QTest::newRow("ext4") << QStringLiteral("ext4") << int(Phase::SyncAfterDelete);
    QTest::newRow("xfs") << QStringLiteral("xfs") << int(Phase::Settle);
}

void TestSimulatedFsBench::replaysRecordedDiscards()
{
    QFETCH(QString, filesystem);
    QFETCH(int, discardPhase);
    const SimulatedProfile profile = *findSimulatedProfile(QStringLiteral("ocz-agility3"));
    CancelToken cancel;
    const FsBenchResult result = simulateFsBench(profile, tinyPlan({filesystem}), 0, cancel);
    QVERIFY(result.complete());
    QVERIFY(result.drive.simulated);
    const std::optional<DiscardTrace> trace = recordedDiscardTrace(filesystem);
    QVERIFY(trace);

    const DeleteRun *online = result.run(filesystem, QStringLiteral("discard"));
    QVERIFY(online);
    QVERIFY(online->status == RunStatus::Measured);
    QVERIFY2(online->message.contains(QStringLiteral("simulated")), qPrintable(online->message));
    // The recorded count in proportion to the tree, of the recorded size: as many as cover the
    // tree's bytes trim its data, the rest free space trimmed before.
    const auto expected =
        quint64(std::max(1.0, std::round(trace->kernelTreeDiscards *
                                         double(result.plan.tree.bytes) / kKernelTreeBytes)));
    const auto written = std::min(
        expected, quint64(std::ceil(double(result.plan.tree.bytes) / trace->averageDiscardBytes)));
    const PhaseResult *phase = online->phase(Phase(discardPhase));
    QVERIFY(phase);
    QCOMPARE(phase->discards.count, expected);
    QCOMPARE(online->deleteDiscards().count, expected);
    // Timed by the drive's model (3 % log-normal noise, so within 10 % summed).
    const auto bytes = quint64(std::llround(trace->averageDiscardBytes));
    const double modelled = double(written) * profile.discard.seconds(bytes) +
                            double(expected - written) * profile.discard.emptySeconds(bytes);
    QVERIFY2(std::abs(phase->seconds - modelled) < 0.1 * modelled,
             qPrintable(QStringLiteral("%1 s against %2 s").arg(phase->seconds).arg(modelled)));

    // Without online discard the delete sends nothing and fstrim trims the whole drive.
    const DeleteRun *offline = result.run(filesystem, QStringLiteral("nodiscard"));
    QVERIFY(offline);
    QVERIFY(offline->status == RunStatus::Measured);
    QCOMPARE(offline->deleteDiscards().count, quint64(0));
    const PhaseResult *fstrim = offline->phase(Phase::Fstrim);
    QVERIFY(fstrim);
    const quint64 piece = std::min(trace->fstrimPieceBytes, profile.drive.discardMaxBytes);
    QCOMPARE(fstrim->discards.count, (profile.drive.sizeBytes + piece - 1) / piece);
}

void TestSimulatedFsBench::slowTrimMakesDeletesSlow()
{
    // The replay prices the recorded discards with the drive's own TRIM: the same delete costs
    // far more on a drive whose every command takes milliseconds than on a fast one.
    CancelToken cancel;
    const auto deleteCost = [&](const char *profile, const char *fs) {
        const FsBenchResult r = simulateFsBench(*findSimulatedProfile(QString::fromLatin1(profile)),
                                                tinyPlan({QString::fromLatin1(fs)}), 0, cancel);
        return r.run(QString::fromLatin1(fs), QStringLiteral("discard"))->deleteDiscards();
    };
    for (const char *fs : {"ext4", "xfs"}) {
        const double ocz = deleteCost("ocz-agility3", fs).deviceSeconds;
        const double corsair = deleteCost("corsair-performance-pro", fs).deviceSeconds;
        QVERIFY2(
            ocz > 20 * corsair,
            qPrintable(QStringLiteral("%1: %2 %3").arg(QLatin1String(fs)).arg(ocz).arg(corsair)));
    }
}

void TestSimulatedFsBench::btrfsHasNoRecord()
{
    QVERIFY(!recordedDiscardTrace(QStringLiteral("btrfs")));
    CancelToken cancel;
    const FsBenchResult result = simulateFsBench(*findSimulatedProfile(QStringLiteral("intel-320")),
                                                 tinyPlan({QStringLiteral("btrfs")}), 0, cancel);
    QVERIFY(result.complete());
    QCOMPARE(result.runs.size(), qsizetype(3));
    for (const DeleteRun &run : result.runs) {
        QVERIFY(run.status == RunStatus::Skipped);
        QVERIFY(run.message.contains(QStringLiteral("btrfs")));
    }
}

void TestSimulatedFsBench::driveWithoutTrimFails()
{
    CancelToken cancel;
    const FsBenchResult result =
        simulateFsBench(*findSimulatedProfile(QStringLiteral("no-trim")), tinyPlan(), 0, cancel);
    QVERIFY(result.stopReason == StopReason::Failed);
    QCOMPARE(result.error.code, ErrorCode::NoDiscardSupport);
    const Expected<JobBody> body =
        prepareJob(tinyPlan(), SimulatedTarget{QStringLiteral("no-trim"), 0});
    QVERIFY(!body);
    QCOMPARE(body.error().code, ErrorCode::NoDiscardSupport);
}

void TestSimulatedFsBench::cancelStops()
{
    CancelToken cancel;
    int reports = 0;
    const FsBenchResult result =
        simulateFsBench(*findSimulatedProfile(QStringLiteral("ocz-agility3")), tinyPlan(), 0,
                        cancel, [&](const FsBenchProgress &) {
                            if (++reports == 3)
                                cancel.cancel();
                        });
    QVERIFY(result.stopReason == StopReason::Cancelled);
    QVERIFY(result.runs.first().status == RunStatus::Cancelled);
    QVERIFY(result.runs.last().status == RunStatus::NotRun);
}

void TestSimulatedFsBench::runsOnSimulatedDrivesOnly()
{
    // The filesystem experiment now runs on simulated drives; mkfs timing and the write tests
    // still need a real one, and say so.
    QVERIFY(!jobRunsOn(tinyPlan(), TargetKind::Simulated).isError());
    QVERIFY(jobRunsOn(MkfsTimingPlan(), TargetKind::Simulated).isError());
    QVERIFY(jobRunsOn(recovery::RecoveryPlan(), TargetKind::Simulated).isError());
    const Expected<JobBody> body =
        prepareJob(tinyPlan(), SimulatedTarget{QStringLiteral("ocz-agility3"), 0});
    QVERIFY2(body, body ? "" : qPrintable(body.error().message));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestSimulatedFsBench)
#include "tst_simulatedfsbench.moc"
