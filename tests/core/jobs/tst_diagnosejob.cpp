// The diagnose job on simulated drives (no root, no real time): its order, its verdicts, its
// progress, cancel keeping every phase, and the schedule it makes of a budget.
#include "jobs/diagnosejob.h"
#include "jobs/jobplan.h"
#include "jobs/preparejob.h"
#include "report/adviceinput.h"
#include "report/resultfile.h"
#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace trimscope;

Q_DECLARE_METATYPE(trimscope::advice::Verdict)
Q_DECLARE_METATYPE(trimscope::PhaseStatus)

class TestDiagnoseJob : public QObject
{
    Q_OBJECT

private slots:
    void verdictsOnSimulatedDrives_data();
    void verdictsOnSimulatedDrives();
    void probeRunsOnTheIdleDriveFirst();
    void progressNamesPhaseAndTimeLeft();
    void cancelKeepsEveryPhase();
    void everyPhaseReopensOnItsOwn();
    void schedule_data();
    void schedule();
    void sweepEstimateFromTheProbesDiscard_data();
    void sweepEstimateFromTheProbesDiscard();
    void treesWithinWhatIsLeft_data();
    void treesWithinWhatIsLeft();
    void runsOnWhatItNeeds();
    void refusesBeforeTouchingAnything();
};

namespace {

struct Run
{
    DiagnosisResult result;
    JobOutcome outcome;
    QList<JobProgress> progress;
};

// Runs the job to its end on this thread; `cancelAt` cancels at the first progress of that phase.
Run diagnose(const QString &profile, const QString &cancelAt = {})
{
    DiagnosePlan plan;
    plan.budgetSeconds = 60;
    Expected<JobBody> body = prepareJob(plan, SimulatedTarget{profile, 0});
    if (!body)
        qFatal("cannot prepare: %s", qPrintable(body.error().message));
    Run run;
    CancelToken cancel;
    JobReporter reporter;
    reporter.progress = [&](const JobProgress &p) {
        run.progress.append(p);
        if (!cancelAt.isEmpty() && p.phase.startsWith(cancelAt))
            cancel.cancel();
    };
    run.outcome = (*body)(cancel, reporter);
    // The outcome carries the result typed: nothing to read back.
    const auto *diagnosis =
        run.outcome.result ? std::get_if<DiagnosisResult>(&*run.outcome.result) : nullptr;
    if (!diagnosis)
        qFatal("the diagnosis has no result: %s", qPrintable(run.outcome.error.message));
    run.result = *diagnosis;
    return run;
}

} // namespace

void TestDiagnoseJob::verdictsOnSimulatedDrives_data()
{
    QTest::addColumn<QString>("profile");
    QTest::addColumn<advice::Verdict>("verdict");
    QTest::addColumn<PhaseStatus>("probe"); // and the sweep
    QTest::addColumn<bool>("background");

    QTest::newRow("no TRIM: ends after identity with its verdict")
        << "no-trim" << advice::Verdict::NoTrim << PhaseStatus::Skipped << false;
    QTest::newRow("background trimmer: probe finds it, fstrim")
        << "background-trimmer" << advice::Verdict::PreferPeriodicFstrim << PhaseStatus::Done
        << true;
    QTest::newRow("slow small TRIMs: fstrim")
        << "ocz-agility3" << advice::Verdict::PreferPeriodicFstrim << PhaseStatus::Done << false;
    QTest::newRow("fast TRIMs: discard")
        << "corsair-performance-pro" << advice::Verdict::OnlineDiscardFine << PhaseStatus::Done
        << false;
}

void TestDiagnoseJob::verdictsOnSimulatedDrives()
{
    QFETCH(QString, profile);
    QFETCH(advice::Verdict, verdict);
    QFETCH(PhaseStatus, probe);
    QFETCH(bool, background);

    const Run run = diagnose(profile);
    const DiagnosisResult &r = run.result;
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(run.outcome.stopReason, StopReason::Completed);
    QVERIFY(r.drive.simulated);
    QCOMPARE(r.phase(DiagnosisPhase::Identity).status, PhaseStatus::Done);
    QCOMPARE(r.phase(DiagnosisPhase::BackgroundProbe).status, probe);
    QCOMPARE(r.phase(DiagnosisPhase::Sweep).status, probe);
    // A simulated drive has no filesystems: skipped, saying why.
    QCOMPARE(r.phase(DiagnosisPhase::Filesystems).status, PhaseStatus::Skipped);
    QVERIFY(!r.phase(DiagnosisPhase::Filesystems).message.isEmpty());
    QCOMPARE(r.phase(DiagnosisPhase::Advice).status, PhaseStatus::Done);
    QVERIFY(r.advice);
    QVERIFY2(r.advice->verdict == verdict, qPrintable(r.advice->sentence));
    QCOMPARE(r.trimSupported, verdict != advice::Verdict::NoTrim);
    QCOMPARE(r.backgroundProbe.has_value(), probe == PhaseStatus::Done);
    QCOMPARE(r.sweep.has_value(), probe == PhaseStatus::Done);
    if (r.backgroundProbe)
        QCOMPARE(r.backgroundProbe->detected, background);
    for (const advice::FilesystemVerdict &fs : r.advice->filesystems)
        QCOMPARE(fs.backgroundTrim, background);
    // The drive's verdict changes nothing on this computer: it is simulated.
    QVERIFY(!r.advice->configuration.driveInAudit);
    for (const advice::Fix &fix : r.advice->fixes)
        QCOMPARE(fix.scope, advice::FixScope::MeasuredDrive);
    QCOMPARE(r.advice->drive, r.drive.displayName());
}

// The probe measures the drive before anything else has trimmed it: a probe after the sweep
// measured a drive still paying for the sweep's TRIMs and missed a background trimmer.
void TestDiagnoseJob::probeRunsOnTheIdleDriveFirst()
{
    const Run run = diagnose(QStringLiteral("background-trimmer"));
    const DiagnosisResult &r = run.result;
    QVERIFY(r.backgroundProbe && r.sweep);
    QVERIFY(r.backgroundProbe->detected);
    QVERIFY(r.backgroundProbe->finished <= r.sweep->started);
    QStringList order;
    for (const JobProgress &p : run.progress) {
        const QString phase = p.phase.section(QLatin1Char(':'), 0, 0);
        if (order.isEmpty() || order.constLast() != phase)
            order.append(phase);
    }
    QCOMPARE(order, (QStringList{QStringLiteral("identity"), QStringLiteral("background-probe"),
                                 QStringLiteral("sweep"), QStringLiteral("filesystems"),
                                 QStringLiteral("advice")}));
}

void TestDiagnoseJob::progressNamesPhaseAndTimeLeft()
{
    const Run run = diagnose(QStringLiteral("corsair-performance-pro"));
    QVERIFY(run.progress.size() >= kDiagnosisPhaseCount);
    for (const JobProgress &p : run.progress) {
        QVERIFY(p.fraction >= 0 && p.fraction <= 1);
        QVERIFY(p.etaSeconds >= 0);
        QCOMPARE(p.planned, kDiagnosisPhaseCount);
        QVERIFY(p.done >= 0 && p.done < kDiagnosisPhaseCount);
        QVERIFY(!p.phase.isEmpty());
    }
    // Before anything ran the whole schedule lies ahead: on this simulated drive at time scale 0,
    // where the sweep waits for nothing, the advice's 0.1 s (tst_diagnoseeta holds the sweep's
    // modelled part, at real time and at a quarter of it, to the time really taken).
    const JobProgress &first = run.progress.constFirst();
    QVERIFY2(first.etaSeconds > 0.05 && first.etaSeconds < 2,
             qPrintable(QString::number(first.etaSeconds)));
    QVERIFY(run.progress.constLast().etaSeconds < 2);
}

void TestDiagnoseJob::cancelKeepsEveryPhase()
{
    const Run run = diagnose(QStringLiteral("background-trimmer"), QStringLiteral("sweep"));
    const DiagnosisResult &r = run.result;
    QCOMPARE(r.stopReason, StopReason::Cancelled);
    QCOMPARE(run.outcome.error.code, ErrorCode::Cancelled);
    QCOMPARE(r.phase(DiagnosisPhase::Identity).status, PhaseStatus::Done);
    QCOMPARE(r.phase(DiagnosisPhase::BackgroundProbe).status, PhaseStatus::Done);
    QCOMPARE(r.phase(DiagnosisPhase::Sweep).status, PhaseStatus::Cancelled);
    QCOMPARE(r.phase(DiagnosisPhase::Filesystems).status, PhaseStatus::NotRun);
    // The probe before the cancel is kept, and advice is given from what ran.
    QVERIFY(r.backgroundProbe && r.backgroundProbe->detected);
    QVERIFY(r.sweep);
    QCOMPARE(r.sweep->stopReason, StopReason::Cancelled);
    QCOMPARE(r.phase(DiagnosisPhase::Advice).status, PhaseStatus::Done);
    QVERIFY(r.advice);
    QCOMPARE(r.advice->verdict, advice::Verdict::PreferPeriodicFstrim);
    QVERIFY(!r.complete());

    // Cancelled in the probe: nothing after it runs, the identity is kept.
    const Run early = diagnose(QStringLiteral("ocz-agility3"), QStringLiteral("background-probe"));
    QCOMPARE(early.result.stopReason, StopReason::Cancelled);
    QCOMPARE(early.result.phase(DiagnosisPhase::Identity).status, PhaseStatus::Done);
    QCOMPARE(early.result.phase(DiagnosisPhase::Sweep).status, PhaseStatus::NotRun);
    QVERIFY(!early.result.sweep);
}

void TestDiagnoseJob::everyPhaseReopensOnItsOwn()
{
    const Run run = diagnose(QStringLiteral("ocz-agility3"));
    const QByteArray bytes = resultToJsonBytes(*run.outcome.result);
    const QJsonObject file = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(file.value(QStringLiteral("schema")).toString(),
             QStringLiteral("io.github.trimscope.diagnosis"));
    QCOMPARE(file.value(QStringLiteral("kind")).toString(), QStringLiteral("diagnosis"));
    QCOMPARE(file.value(QStringLiteral("verdict")).toString(),
             QStringLiteral("prefer-periodic-fstrim"));
    for (const char *key : {"background_probe", "sweep", "audit", "advice"}) {
        const QJsonObject nested = file.value(QLatin1String(key)).toObject();
        const Expected<AnyResult> read = readAnyResult(nested);
        QVERIFY2(read, key);
    }
    QVERIFY(std::holds_alternative<SweepResult>(*readAnyResult(file.value("sweep").toObject())));
    // Read and written again, byte for byte.
    const Expected<DiagnosisResult> reread = readResult<DiagnosisResult>(bytes);
    QVERIFY(reread);
    QCOMPARE(resultToJsonBytes(*reread), bytes);
    // What advise reads from it is what the diagnosis advised from.
    advice::AdviceInput input;
    QVERIFY(!addAdviceInput(AnyResult(run.result), input).isError());
    QCOMPARE(advice::adviseTrim(input).verdict, run.result.advice->verdict);
}

void TestDiagnoseJob::schedule_data()
{
    QTest::addColumn<double>("budgetMinutes");
    QTest::addColumn<double>("driveGiB");
    QTest::addColumn<bool>("filesystemsPossible");
    QTest::addColumn<QStringList>("installed");
    QTest::addColumn<int>("largeTreeFiles"); // 0: no experiment
    QTest::addColumn<int>("filesystems");

    const QStringList all = {QStringLiteral("ext4"), QStringLiteral("xfs"),
                             QStringLiteral("btrfs")};
    // Issue 33: the kernel tree itself where the budget allows, nothing extrapolated.
    QTest::newRow("10 min, large drive: the kernel tree and a quarter of it")
        << 10.0 << 256.0 << true << all << kKernelTreeFiles << 2;
    QTest::newRow("3 min: still the kernel tree")
        << 3.0 << 256.0 << true << all << kKernelTreeFiles << 2;
    QTest::newRow("1.5 min: a quarter") << 1.5 << 256.0 << true << all << 9176 << 2;
    // The probe's wait for an idle drive and its sham and real trials take about 45 s of it.
    QTest::newRow("1 min: an 8th") << 1.0 << 256.0 << true << all << 4588 << 2;
    QTest::newRow("1.5 min, three filesystems: a quarter")
        << 1.5 << 256.0 << true << all << 9176 << 3;
    QTest::newRow("10 min, 300 MiB drive: a quarter fits")
        << 10.0 << 0.3 << true << all << 9176 << 2;
    QTest::newRow("10 min, 150 MiB drive: what fits") << 10.0 << 0.15 << true << all << 1147 << 2;
    QTest::newRow("10 min, 100 MiB drive: nothing fits") << 10.0 << 0.1 << true << all << 0 << 2;
    QTest::newRow("simulated drive") << 10.0 << 256.0 << false << all << 0 << 2;
    QTest::newRow("no mkfs.xfs") << 10.0 << 256.0 << true << QStringList{QStringLiteral("ext4")}
                                 << kKernelTreeFiles << 1;
    QTest::newRow("no mkfs at all") << 10.0 << 256.0 << true << QStringList{} << 0 << 0;
}

void TestDiagnoseJob::schedule()
{
    QFETCH(double, budgetMinutes);
    QFETCH(double, driveGiB);
    QFETCH(bool, filesystemsPossible);
    QFETCH(QStringList, installed);
    QFETCH(int, largeTreeFiles);
    QFETCH(int, filesystems);

    DiagnosePlan plan;
    plan.budgetSeconds = budgetMinutes * 60;
    if (filesystems == 3)
        plan.filesystems = installed;
    DriveInfo drive;
    drive.sizeBytes = quint64(driveGiB * double(quint64(1) << 30));
    const DiagnoseSchedule s = scheduleDiagnosis(plan, drive, filesystemsPossible, installed);
    QCOMPARE(int(s.filesystems.size()), filesystems);
    if (largeTreeFiles == 0) {
        QVERIFY(s.trees.isEmpty());
        QVERIFY(!s.noFilesystemsReason.isEmpty());
    } else {
        QCOMPARE(s.trees.size(), 2);
        QCOMPARE(s.trees.at(1).files, largeTreeFiles);
        QCOMPARE(s.trees.at(0).files, kKernelTreeFiles / (kKernelTreeFiles / largeTreeFiles) / 4);
        // Kernel-like: 13.4 KB per file.
        QVERIFY(std::abs(double(s.trees.at(1).bytes) / largeTreeFiles - 13431) < 2);
        QVERIFY(!fsbench::checkTreeFitsDevice(s.trees.at(1), drive.sizeBytes).isError());
    }
    // The standalone probe's plan, but for its bound (issue 46: diagnose probed 5 % of its budget
    // after each discard, the README's scripted path 10 s).
    probe::BackgroundProbeRequest standalone;
    standalone.maxWaitSeconds = s.probeMaxWaitSeconds;
    QCOMPARE(diagnosisProbeRequest(s).toJson(), standalone.toJson());
    const double afterDiscard = probe::BackgroundProbePlan().maxSeconds;
    // Issue 46: one bound for the whole probe, never below what it takes on a quiet drive (its
    // two real trials at their limit: a drive that trims in the background) and never above the
    // probe's own default (a quarter of the budget between the two).
    const double probeTypical =
        s.phaseSeconds[std::size_t(DiagnosisPhase::BackgroundProbe)] + 2 * afterDiscard;
    QVERIFY2(s.probeMaxWaitSeconds >= probeTypical &&
                 s.probeMaxWaitSeconds <= std::max(probeTypical, 90.0),
             qPrintable(QStringLiteral("%1 s for a probe of %2 s")
                            .arg(s.probeMaxWaitSeconds)
                            .arg(probeTypical)));
    QCOMPARE(diagnosisProbeRequest(s).maxWaitSeconds, s.probeMaxWaitSeconds);
    QVERIFY(s.sweepBudgetSeconds >= 10);
    // The plan fits the budget, give or take the smallest trees' own minimum.
    QVERIFY2(s.totalSeconds() <= plan.budgetSeconds * 1.25,
             qPrintable(QString::number(s.totalSeconds())));
    // The estimate is what the run will probably take, not its budget: an adaptive sweep usually
    // stops at its first look, long before its budget.
    const double sweep = s.phaseSeconds[std::size_t(DiagnosisPhase::Sweep)];
    QVERIFY(s.sweepSamples > 0 && sweep > 0 && sweep <= s.sweepBudgetSeconds);
    // The sweep writes its regions first (the TRIM of written data): the estimate counts them.
    QVERIFY(s.sweepPrewriteBytes > 0);
    QVERIFY(sweep >= std::min(s.sweepBudgetSeconds,
                              double(s.sweepPrewriteBytes) / assumedPrewriteBytesPerSecond()));
    // A drive that has served no discard since it appeared owes no TRIM work: the probe's first
    // trial waits for quiet as briefly as the later ones (6 s less of its longest gap, and the
    // halves before it).
    const DiagnoseSchedule fresh =
        scheduleDiagnosis(plan, drive, filesystemsPossible, installed, true);
    QCOMPARE(s.phaseSeconds[std::size_t(DiagnosisPhase::BackgroundProbe)] -
                 fresh.phaseSeconds[std::size_t(DiagnosisPhase::BackgroundProbe)],
             6 * 1.9375);
    qInfo("large tree %d files, estimate %.1f s (probe %.1f, sweep %.1f of %.1f, filesystems %.1f)",
          s.trees.isEmpty() ? 0 : s.trees.at(1).files, s.totalSeconds(),
          s.phaseSeconds[std::size_t(DiagnosisPhase::BackgroundProbe)], sweep, s.sweepBudgetSeconds,
          s.phaseSeconds[std::size_t(DiagnosisPhase::Filesystems)]);
}

// Issue 46: the filesystem experiment is planned again from what the earlier phases left and the
// write speed the sweep measured: smaller trees where the planned would not fit, none where not
// even the smallest would.
// The sweep's estimate once the probe timed one large discard. One discard cannot split a
// drive's cost per command from its cost per byte: every sample pays at most a small TRIM's
// assumed 5 ms per command, the rest of the timed discard in proportion to its bytes. CI once
// saw the whole of a large discard's time charged to every sample (13.5 s for a sweep of 2.1).
void TestDiagnoseJob::sweepEstimateFromTheProbesDiscard_data()
{
    QTest::addColumn<double>("discardSeconds");
    QTest::addColumn<double>("discardMiB");
    QTest::addColumn<double>("perCommandAtMost");
    QTest::newRow("fast drive, busy computer: 55 ms for 256 MiB") << 0.055 << 256.0 << 0.005;
    QTest::newRow("fast drive, quiet: 15 ms for 256 MiB") << 0.015 << 256.0 << 0.005;
    QTest::newRow("fast small discard: 0.3 ms for 256 MiB") << 0.0003 << 256.0 << 0.001;
    QTest::newRow("per-byte drive: 2 s for 256 MiB") << 2.0 << 256.0 << 0.005;
    QTest::newRow("not known how large: all of it per command") << 0.003 << 0.0 << 0.003;
}

void TestDiagnoseJob::sweepEstimateFromTheProbesDiscard()
{
    QFETCH(double, discardSeconds);
    QFETCH(double, discardMiB);
    QFETCH(double, perCommandAtMost);
    DiagnosePlan plan;
    plan.budgetSeconds = 600; // a budget the sweep does not reach
    DriveInfo drive;
    drive.sizeBytes = quint64(1) << 30;
    const DiagnoseSchedule s = scheduleDiagnosis(plan, drive, true, {QStringLiteral("ext4")});
    QVERIFY(s.sweepSamples > 0 && s.sweepSampleBytes > 0);
    const auto discardBytes = quint64(discardMiB * double(quint64(1) << 20));
    const double prewrite = double(s.sweepPrewriteBytes) / assumedPrewriteBytesPerSecond();
    const double discards = expectedSweepSeconds(s, discardSeconds, discardBytes) - prewrite;
    const double perByte =
        discardBytes ? (discardSeconds - perCommandAtMost) / double(discardBytes) : 0.0;
    const double expected =
        s.sweepSamples * perCommandAtMost + double(s.sweepSampleBytes) * std::max(perByte, 0.0);
    QVERIFY2(std::abs(discards - expected) <= 1e-9 * std::max(expected, 1.0),
             qPrintable(
                 QStringLiteral("%1 s for the discards, %2 expected").arg(discards).arg(expected)));
    // Never less than the samples' commands, never more than every sample at the timed cost.
    QVERIFY(discards >= s.sweepSamples * 0.001 - 1e-9);
    QVERIFY(discards <= s.sweepSamples * std::max(discardSeconds, 0.001) + 1e-9);
    // More time for the same discard never makes the sweep look shorter.
    QVERIFY(expectedSweepSeconds(s, 2 * discardSeconds, discardBytes) >=
            expectedSweepSeconds(s, discardSeconds, discardBytes));
}

void TestDiagnoseJob::treesWithinWhatIsLeft_data()
{
    QTest::addColumn<double>("seconds");
    QTest::addColumn<double>("bytesPerSecond");
    QTest::addColumn<int>("largestFiles");
    QTest::addColumn<int>("largeFiles"); // 0: none fits
    const double assumed = assumedWriteBytesPerSecond();
    QTest::newRow("plenty of time: the largest allowed")
        << 1000.0 << assumed << kKernelTreeFiles << kKernelTreeFiles;
    QTest::newRow("plenty of time, an 8th planned: no larger") << 1000.0 << assumed << 4588 << 4588;
    // An 8th takes 6.5 s for two filesystems at 80 MB/s, a 16th 4.7 s.
    QTest::newRow("6 s at 80 MB/s: a 16th") << 6.0 << assumed << 4588 << 2294;
    // At a tenth of the speed (writes slowed after each TRIM): a 16th 20.3 s, a 32nd 11.7 s.
    QTest::newRow("20 s at 8 MB/s: a 32nd") << 20.0 << assumed / 10 << 4588 << 1147;
    QTest::newRow("3 s: none") << 3.0 << assumed << 4588 << 0;
    QTest::newRow("nothing left: none") << -5.0 << assumed << 4588 << 0;
}

void TestDiagnoseJob::treesWithinWhatIsLeft()
{
    QFETCH(double, seconds);
    QFETCH(double, bytesPerSecond);
    QFETCH(int, largestFiles);
    QFETCH(int, largeFiles);
    ExperimentCost cost;
    cost.writeBytesPerSecond = bytesPerSecond;
    const QStringList filesystems = {QStringLiteral("ext4"), QStringLiteral("xfs")};
    const QList<fsbench::TreeSpec> trees =
        treesWithin(seconds, filesystems, quint64(256) << 30, cost, largestFiles);
    if (largeFiles == 0) {
        QVERIFY(trees.isEmpty());
        return;
    }
    QCOMPARE(trees.size(), 2);
    QCOMPARE(trees.at(1).files, largeFiles);
    QCOMPARE(trees.at(0).files, largeFiles / 4);
    // Two filesystems: the small tree with discard, the large one with and without.
    const double took = 2 * (cost.runSeconds(filesystems.at(0), trees.at(0), true) +
                             2 * cost.runSeconds(filesystems.at(0), trees.at(1), true));
    QVERIFY2(took <= seconds, qPrintable(QString::number(took)));
}

void TestDiagnoseJob::runsOnWhatItNeeds()
{
    const JobPlan plan = DiagnosePlan();
    QCOMPARE(jobKind(plan), QStringLiteral("diagnose"));
    QVERIFY(jobKinds().contains(QStringLiteral("diagnose")));
    QVERIFY(!jobRunsOn(plan, TargetKind::Device).isError());
    QVERIFY(!jobRunsOn(plan, TargetKind::Simulated).isError());
    // Its phases open the device one after another and mkfs needs the node: a lent fd will not do.
    QCOMPARE(jobRunsOn(plan, TargetKind::OpenedDevice).code, ErrorCode::Unsupported);
}

void TestDiagnoseJob::refusesBeforeTouchingAnything()
{
    DiagnosePlan tooShort;
    tooShort.budgetSeconds = 30;
    QCOMPARE(prepareJob(tooShort, SimulatedTarget{QStringLiteral("ocz-agility3"), 0}).error().code,
             ErrorCode::InvalidArgument);
    DiagnosePlan unknownFs;
    unknownFs.filesystems = {QStringLiteral("ntfs")};
    QCOMPARE(prepareJob(unknownFs, SimulatedTarget{QStringLiteral("ocz-agility3"), 0}).error().code,
             ErrorCode::InvalidArgument);
    QCOMPARE(prepareJob(DiagnosePlan(), SimulatedTarget{QStringLiteral("no-such-drive"), 0})
                 .error()
                 .code,
             ErrorCode::NoSuchDevice);
    QVERIFY(!prepareJob(DiagnosePlan(), DeviceTarget{QStringLiteral("/dev/null")}));
    QVERIFY(!prepareJob(DiagnosePlan(), DeviceTarget{QStringLiteral("relative/path")}));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestDiagnoseJob)
#include "tst_diagnosejob.moc"
