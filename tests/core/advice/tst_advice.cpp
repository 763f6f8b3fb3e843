#include "../../gui/guilanguage.h"
#include "advice/advice.h"
#include "advice/trimcurve.h"
#include "audit/systemsnapshot.h"
#include "common/units.h"
#include "fsbench/recordedprofiles.h"
#include "fsbench/synthetictree.h"
#include "report/adviceinput.h"
#include "report/resultfile.h"
#include "simulate/simulatedfsbench.h"
#include "simulate/simulatedprobetarget.h"
#include "simulate/simulatedprofiles.h"
#include "simulate/simulatedsweep.h"
#include "sweep/sweeprunner.h"
#include "testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>

using namespace trimscope;
using namespace trimscope::advice;
using namespace trimscope::probe;

Q_DECLARE_METATYPE(trimscope::advice::Verdict)

class TestAdvice : public QObject
{
    Q_OBJECT

private slots:
    void verdicts_data();
    void verdicts();
    void backgroundTrimmerWithoutProbeSaysWhatWouldChange();
    void busyProbeCountsInTheConfidence();
    void numbersFollowTheFormula();
    void measuredFilesystemFiguresReplaceLiterature();
    void smallerMeasuredTreesScaleToTheKernelTree();
    void jsonCarriesEverything();
    void verdictNamesRoundTrip();
    void stallDecides_data();
    void stallDecides();
    void fstabLine_data();
    void fstabLine();
    void configurationSeparation_data();
    void configurationSeparation();
    void recordedFiguresAcrossTheLimitAreUndecided();
    void measuredMergedXfsDiscardsAreFine();
    void kernelTreeFromTwoSizes_data();
    void kernelTreeFromTwoSizes();
    void kernelTreeBases();
    void deleteCostFromScalingQuantities_data();
    void deleteCostFromScalingQuantities();
    void spreadPricingMatchesTheDeletes_data();
    void spreadPricingMatchesTheDeletes();
    void spreadPricingKeepsAStraightCurve();
    void quickPresetAndDiagnoseAgree_data();
    void quickPresetAndDiagnoseAgree();
    void filesystemVerdictsRoundTrip();
    void longExtrapolationsStateWiderRanges_data();
    void longExtrapolationsStateWiderRanges();
    void oneDiscardHasOneFigure_data();
    void oneDiscardHasOneFigure();
    void simulatedExperimentSaysSimulated_data();
    void simulatedExperimentSaysSimulated();
    void experimentAloneNamesItsDrive_data();
    void experimentAloneNamesItsDrive();
    void everyFigureOfASimulationSaysSo_data();
    void everyFigureOfASimulationSaysSo();
    void refusalsSayWhereARunRan();
};

namespace {

// A sweep of a simulated profile, without real time: shaped exactly like the profile's model.
SweepResult simulatedSweep(const QString &profileId)
{
    if (profileId == QLatin1String("no-trim")) {
        SweepResult result;
        result.drive = findSimulatedProfile(profileId)->drive;
        result.stopReason = StopReason::Failed;
        result.error = {ErrorCode::NoDiscardSupport, QStringLiteral("no discard")};
        return result;
    }
    SweepPlan plan;
    plan.minBytes = 4096;
    plan.maxBytes = quint64(256) << 20;
    plan.repeats = 5;
    plan.seed = 42;
    auto prepared = prepareSimulatedSweep(profileId, plan, /*timeScale=*/0);
    if (!prepared)
        qFatal("cannot prepare %s: %s", qPrintable(profileId),
               qPrintable(prepared.error().message));
    CancelToken cancel;
    SweepRunner runner(*prepared->target, prepared->plan, prepared->drive, cancel);
    return runner.run();
}

// Like the drive of the ext4 discard article: deleting the tree with discard took 40 s of
// sync, so each of ext4's ~24 discards of ~21 MiB took about 1.7 s.
SweepResult fortySecondDrive()
{
    SweepResult result;
    result.drive.name = QStringLiteral("sdx");
    result.drive.model = QStringLiteral("OCZ Vertex LE-like");
    result.drive.sizeBytes = quint64(100) * 1000 * 1000 * 1000;
    result.drive.discardMaxBytes = quint64(2) << 30;
    for (quint64 bytes = 4096; bytes <= (quint64(256) << 20); bytes *= 4) {
        SizePoint point;
        point.bytes = bytes;
        const double seconds = 0.02 + 0.08 * double(bytes) / double(1 << 20);
        point.samples = {seconds, seconds, seconds};
        result.points.append(point);
    }
    for (SizePoint &p : result.points)
        p.stats = computeStatistics(p.samples);
    return result;
}

audit::SystemSnapshot snapshotOf(const QString &fixture)
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/audit/data/%1.json").arg(fixture));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing audit fixture %s", qPrintable(fixture));
    auto snapshot = audit::SystemSnapshot::fromJsonBytes(file.readAll());
    if (!snapshot)
        qFatal("bad audit fixture %s", qPrintable(fixture));
    return *snapshot;
}

audit::AuditReport auditOf(const QString &fixture)
{
    return audit::runAudit(snapshotOf(fixture));
}

// A drive whose TRIM takes commandSeconds + secondsPerMiB per MiB, measured at 4 KiB .. 256 MiB
// with a little spread, so its medians carry a confidence interval.
SweepResult linearDrive(double commandSeconds, double secondsPerMiB, const QString &name)
{
    SweepResult result;
    result.drive.name = name;
    result.drive.model = QStringLiteral("Linear ") + name;
    result.drive.sizeBytes = quint64(256) * 1000 * 1000 * 1000;
    result.drive.discardMaxBytes = quint64(2) << 30;
    for (quint64 bytes = 4096; bytes <= (quint64(256) << 20); bytes *= 4) {
        SizePoint point;
        point.bytes = bytes;
        const double seconds = commandSeconds + secondsPerMiB * double(bytes) / double(1 << 20);
        for (double f : {0.97, 0.99, 1.0, 1.0, 1.01, 1.03})
            point.samples.append(seconds * f);
        point.stats = computeStatistics(point.samples);
        result.points.append(point);
    }
    return result;
}

// Deletes measured on the emulated drives (kernel 6.18, loop device over FUSE, 1 GiB): tree
// files, discard commands, discarded MiB.
TreeDelete treeDelete(const QString &fs, int files, double count, double mib)
{
    TreeDelete d;
    d.filesystem = fs;
    d.files = files;
    d.treeBytes = double(files) * kKernelTreeBytes / kKernelTreeFiles;
    d.discardCount = count;
    d.discardBytes = mib * 1024 * 1024;
    return d;
}

BackgroundProbeResult simulatedProbe(const QString &profileId)
{
    const SimulatedProfile profile = *findSimulatedProfile(profileId);
    SimulatedProbeTarget target(profile, 7);
    auto result = runBackgroundTrimProbe(target, defaultBackgroundProbePlan(target.sizeBytes()));
    if (!result)
        qFatal("probe failed: %s", qPrintable(result.error().message));
    return *result;
}

// ext4 and XFS as a newer kernel might do them: both in large discards.
QList<FilesystemDeleteProfile> measuredLargeDiscards()
{
    FilesystemDeleteProfile ext4;
    ext4.filesystem = QStringLiteral("ext4");
    ext4.averageDiscardBytes = 20.0 * 1024 * 1024;
    ext4.discardCount = 25;
    ext4.measured = true;
    ext4.source = QStringLiteral("measured");
    FilesystemDeleteProfile xfs = ext4;
    xfs.filesystem = QStringLiteral("xfs");
    xfs.averageDiscardBytes = 1024.0 * 1024;
    xfs.discardCount = 500;
    return {ext4, xfs};
}

// The sweep as if it had measured the computer's own disk `disk` (a real drive, not simulated).
void placeOnDisk(QList<SweepResult> &sweeps, const QString &disk)
{
    for (SweepResult &s : sweeps) {
        s.drive.name = disk;
        s.drive.simulated = false;
        s.drive.model = QStringLiteral("Model of ") + disk;
    }
}

AdviceInput inputFor(const QString &sweep, const QString &auditFixture, bool probe, bool measuredFs,
                     const QString &onDisk = {})
{
    AdviceInput input;
    if (sweep == QLatin1String("forty-second-drive"))
        input.sweeps.append(fortySecondDrive());
    else if (!sweep.isEmpty())
        input.sweeps.append(simulatedSweep(sweep));
    if (!onDisk.isEmpty())
        placeOnDisk(input.sweeps, onDisk);
    if (!auditFixture.isEmpty())
        input.audit = auditOf(auditFixture);
    if (probe)
        input.backgroundProbe = simulatedProbe(sweep);
    if (measuredFs)
        input.filesystems = measuredLargeDiscards();
    return input;
}

bool hasFix(const Advice &advice, const QString &idPrefix)
{
    return std::any_of(advice.fixes.cbegin(), advice.fixes.cend(),
                       [&](const Fix &f) { return f.id.startsWith(idPrefix); });
}

bool hasFinding(const Advice &advice, const QString &id)
{
    return std::any_of(advice.findings.cbegin(), advice.findings.cend(),
                       [&](const audit::Finding &f) { return f.id == id; });
}

// A stall test's result as the analysis leaves it: reads alone at 0.3 ms, then per phase the
// longest stall given (seconds), the added time the same.
stall::StallResult stallResult(double small, double medium, double region)
{
    stall::StallResult r;
    r.stopReason = StopReason::Completed;
    stall::StallPhaseFigures base;
    base.phase = stall::StallPhase::Baseline;
    base.ios = 1000;
    base.p50Seconds = 0.0003;
    base.maxSeconds = 0.002;
    r.phases.append(base);
    const std::initializer_list<std::tuple<stall::StallPhase, quint64, double>> phases = {
        {stall::StallPhase::Small, 64 * 1024, small},
        {stall::StallPhase::Medium, 8 << 20, medium},
        {stall::StallPhase::Region, quint64(4) << 30, region}};
    for (const auto &[phase, bytes, seconds] : phases) {
        stall::StallPhaseFigures f;
        f.phase = phase;
        f.discards = 5;
        f.discardBytes = bytes;
        f.ios = 100;
        f.p50Seconds = 0.0003;
        f.maxSeconds = seconds;
        f.longestStallSeconds = seconds;
        f.addedPerDiscardSeconds = seconds;
        r.phases.append(f);
    }
    return r;
}

} // namespace

void TestAdvice::stallDecides_data()
{
    QTest::addColumn<QString>("sweep");
    QTest::addColumn<double>("smallStall");
    QTest::addColumn<double>("regionStall");
    QTest::addColumn<Verdict>("verdict");
    QTest::addColumn<QString>("sentenceHas");
    QTest::addColumn<bool>("finding");
    // Fast TRIMs, but the drive holds reads up 300 ms behind each small discard: fstrim at idle.
    QTest::newRow("fast TRIMs, small discards stall -> fstrim, in numbers")
        << "corsair-performance-pro" << 0.3 << 0.3 << Verdict::PreferPeriodicFstrim << "up to 300 ms"
        << true;
    QTest::newRow("stall alone, no sweep -> fstrim")
        << QString() << 0.25 << 0.3 << Verdict::PreferPeriodicFstrim << "up to 250 ms" << true;
    // Queued TRIM: small discards cost the reads nothing; the sweep decides.
    QTest::newRow("fast TRIMs, no stall -> discard")
        << "corsair-performance-pro" << 0.002 << 0.002 << Verdict::OnlineDiscardFine << QString()
        << false;
    // Only fstrim's whole-region discards stall: a finding (fails 500 ms), not online discard's.
    QTest::newRow("fast TRIMs, only the whole region stalls -> discard, warned")
        << "corsair-performance-pro" << 0.002 << 0.8 << Verdict::OnlineDiscardFine << QString()
        << true;
}

void TestAdvice::stallDecides()
{
    QFETCH(QString, sweep);
    QFETCH(double, smallStall);
    QFETCH(double, regionStall);
    QFETCH(Verdict, verdict);
    QFETCH(QString, sentenceHas);
    QFETCH(bool, finding);
    AdviceInput input = inputFor(sweep, {}, false, false);
    input.stall = stallResult(smallStall, smallStall, regionStall);
    const Advice advice = adviseTrim(input);
    QVERIFY2(advice.verdict == verdict,
             qPrintable(verdictName(advice.verdict) + QStringLiteral(": ") + advice.sentence));
    if (!sentenceHas.isEmpty())
        QVERIFY2(advice.sentence.contains(sentenceHas), qPrintable(advice.sentence));
    QCOMPARE(hasFinding(advice, QStringLiteral("discard-stalls-io")), finding);
    const Figure *small = advice.figure(QStringLiteral("stall-longest-small"));
    QVERIFY(small);
    QCOMPARE(small->value, smallStall);
    QVERIFY(advice.figure(QStringLiteral("stall-worst-latency")));
    if (verdict == Verdict::PreferPeriodicFstrim) {
        QVERIFY(hasFix(advice, QStringLiteral("enable-fstrim-timer")));
        // One answer (issue 28, item 5): the stall leaves discard off on every filesystem, in
        // the headline, in each filesystem's verdict and in the fixes, however cheap the TRIMs.
        QVERIFY(!hasFix(advice, QStringLiteral("fstab-add-discard")));
        for (const FilesystemVerdict &fs : advice.filesystems) {
            QCOMPARE(fs.verdict, Verdict::PreferPeriodicFstrim);
            QVERIFY2(fs.sentence.contains(QLatin1String("hold other I/O up")),
                     qPrintable(fs.sentence));
        }
        QCOMPARE(verdictHeadline(advice), verdictDisplayName(advice.verdict));
    }
    // Without a stall test, a fine verdict says what one could change.
    if (verdict == Verdict::OnlineDiscardFine) {
        input.stall.reset();
        const Advice without = adviseTrim(input);
        QVERIFY(std::any_of(without.whatWouldChange.cbegin(), without.whatWouldChange.cend(),
                            [](const QString &s) { return s.contains(QLatin1String("stall")); }));
    }
}

void TestAdvice::verdicts_data()
{
    QTest::addColumn<QString>("sweep");
    QTest::addColumn<QString>("audit");
    QTest::addColumn<bool>("probe");
    QTest::addColumn<bool>("measuredFs");
    QTest::addColumn<Verdict>("verdict");
    QTest::addColumn<QString>("fix");     // a fix id prefix that must be there
    QTest::addColumn<QString>("finding"); // a finding id that must be there
    QTest::addColumn<QString>("onDisk");  // the audited computer's disk the sweep measured

    const QString none;
    QTest::newRow("slow small TRIMs (OCZ Agility 3) -> fstrim")
        << "ocz-agility3" << none << false << false << Verdict::PreferPeriodicFstrim
        << "enable-fstrim-timer" << none << none;
    QTest::newRow("ext4 article's drive, 40 s delete -> fstrim")
        << "forty-second-drive" << none << false << false << Verdict::PreferPeriodicFstrim
        << "enable-fstrim-timer" << none << none;
    QTest::newRow("fast TRIMs (Corsair Performance Pro) -> discard")
        << "corsair-performance-pro" << none << false << false << Verdict::OnlineDiscardFine
        << "fstab-add-discard" << none << none;
    // With the literature's XFS figures its estimate (3.5 s) could lie anywhere within a factor
    // of 2 of the 5 s limit: too close to call, so fstrim.
    // The 2011 literature's 39,384 XFS discards put this drive near XFS's limit; today's kernel
    // merges them into 11 (Debian 12's mkfs.xfs) to 439 (Debian 13's) larger ones (issue 33).
    QTest::newRow("fast TRIMs (Intel 320), XFS's discards merged -> discard")
        << "intel-320" << none << false << false << Verdict::OnlineDiscardFine
        << "fstab-add-discard:xfs" << none << none;
    QTest::newRow("fast TRIMs, probe finds nothing -> discard")
        << "corsair-performance-pro" << none << true << false << Verdict::OnlineDiscardFine
        << "fstab-add-discard" << none << none;
    QTest::newRow("background trimmer, probed -> warned, fstrim")
        << "background-trimmer" << none << true << false << Verdict::PreferPeriodicFstrim
        << "enable-fstrim-timer"
        << "background-trim" << none;
    QTest::newRow("no TRIM -> says so")
        << "no-trim" << none << false << false << Verdict::NoTrim << none << "no-trim" << none;
    QTest::newRow("dm-crypt without discard on the drive -> fix stack first")
        << "corsair-performance-pro"
        << "crypt-nodiscard" << false << false << Verdict::FixStackFirst
        << "audit:discards-blocked-crypt"
        << "discards-blocked-crypt"
        << "sda";
    QTest::newRow("IDE mode on the drive -> fix stack first")
        << "ocz-agility3"
        << "ide-mode" << false << false << Verdict::FixStackFirst << "audit:controller-ide-mode"
        << "controller-ide-mode"
        << "sda";
    QTest::newRow("stack fine, fast drive -> discard with exact fstab lines")
        << "corsair-performance-pro"
        << "all-fine" << false << false << Verdict::OnlineDiscardFine << "fstab-add-discard:/"
        << none << "nvme0n1";
    QTest::newRow("timer disabled, slow drive -> enable the timer")
        << "forty-second-drive"
        << "timer-disabled" << false << false << Verdict::PreferPeriodicFstrim
        << "enable-fstrim-timer"
        << "fstrim-timer-disabled"
        << "nvme0n1";
    // The computer's dm-crypt blocks TRIM to its own disk, not to a simulated drive.
    QTest::newRow("dm-crypt on this computer, simulated fast drive -> discard")
        << "corsair-performance-pro"
        << "crypt-nodiscard" << false << false << Verdict::OnlineDiscardFine
        << "fstab-add-discard:ext4" << none << none;
    QTest::newRow("slow drive, filesystems measured with large discards -> discard")
        << "ocz-agility3" << none << false << true << Verdict::OnlineDiscardFine << none << none
        << none;
    QTest::newRow("nothing measured -> unknown")
        << none << none << false << false << Verdict::Unknown << none << none << none;
}

void TestAdvice::verdicts()
{
    QFETCH(QString, sweep);
    QFETCH(QString, audit);
    QFETCH(bool, probe);
    QFETCH(bool, measuredFs);
    QFETCH(Verdict, verdict);
    QFETCH(QString, fix);
    QFETCH(QString, finding);
    QFETCH(QString, onDisk);

    const Advice advice = adviseTrim(inputFor(sweep, audit, probe, measuredFs, onDisk));
    QVERIFY2(advice.verdict == verdict,
             qPrintable(verdictName(advice.verdict) + QStringLiteral(": ") + advice.sentence));
    QVERIFY(!advice.sentence.isEmpty());
    QVERIFY(!advice.confidence.isEmpty());
    if (!fix.isEmpty())
        QVERIFY2(hasFix(advice, fix), qPrintable(QJsonDocument(advice.toJson()).toJson()));
    if (!finding.isEmpty())
        QVERIFY2(hasFinding(advice, finding), qPrintable(finding));
    if (verdict == Verdict::OnlineDiscardFine || verdict == Verdict::PreferPeriodicFstrim) {
        // ext4 and XFS when the drive's filesystems are not known, else the ones on it.
        QVERIFY(advice.filesystems.size() >= (onDisk.isEmpty() ? 2 : 1));
        for (const FilesystemVerdict &fs : advice.filesystems)
            QVERIFY2(advice.figure(QStringLiteral("delete-extra-") + fs.filesystem),
                     qPrintable(fs.filesystem));
        QVERIFY(advice.figure(QStringLiteral("fstrim-weekly")));
        QVERIFY(!advice.whatWouldChange.isEmpty());
    }
}

void TestAdvice::backgroundTrimmerWithoutProbeSaysWhatWouldChange()
{
    // Its curve is as fast as the best drive's: without the probe nothing shows the trap, and
    // the advice has to say so.
    const Advice advice =
        adviseTrim(inputFor(QStringLiteral("background-trimmer"), {}, false, false));
    QCOMPARE(advice.verdict, Verdict::OnlineDiscardFine);
    QVERIFY(advice.whatWouldChange.join(QLatin1Char('\n')).contains(QLatin1String("background")));
    QVERIFY(advice.confidenceReasons.join(QLatin1Char('\n')).contains(QLatin1String("background")));
}

// Issue 46: a probe that could not tell on a busy computer is left out of the verdict and counted
// in the confidence in words, "not known (the computer was busy)", like any other doubt (it was
// appended after the level was set before, and so lowered nothing).
void TestAdvice::busyProbeCountsInTheConfidence()
{
    AdviceInput input = inputFor(QStringLiteral("ocz-agility3"), {}, false, false);
    BackgroundProbeResult busy = simulatedProbe(QStringLiteral("ocz-agility3"));
    busy.detected = false;
    busy.idle = false;
    busy.neverQuiet = true;
    input.backgroundProbe = busy;
    const Advice withBusy = adviseTrim(input);
    input.backgroundProbe.reset();
    const Advice without = adviseTrim(input);
    const QString reason = QStringLiteral("background TRIM: not known (the computer was busy)");
    QVERIFY2(withBusy.confidenceReasons.contains(reason),
             qPrintable(withBusy.confidenceReasons.join(QLatin1Char('\n'))));
    QCOMPARE(withBusy.verdict, without.verdict);
    // One doubt in place of "no background probe ran": as many doubts, and the same level.
    QCOMPARE(withBusy.confidenceReasons.size(), without.confidenceReasons.size());
    QCOMPARE(withBusy.confidence, without.confidence);
    QVERIFY(!without.confidenceReasons.contains(reason));
}

void TestAdvice::numbersFollowTheFormula()
{
    AdviceInput input = inputFor(QStringLiteral("ocz-agility3"), {}, false, false);
    const TrimCurve curve = TrimCurve::fromSweeps(input.sweeps);
    const Advice advice = adviseTrim(input);
    // The recorded deletes: as many discards as cover the tree's bytes trim written data at the
    // curve's time over the spread of sizes; the rest trim free space again, at the empty-space
    // check's.
    for (const FilesystemDeleteProfile &recorded : recordedDeleteProfiles()) {
        const Figure *figure = advice.figure(QStringLiteral("delete-extra-") + recorded.filesystem);
        QVERIFY(figure);
        const double size = recorded.averageDiscardBytes;
        const double written = std::min(recorded.discardCount, kKernelTreeBytes / size);
        QVERIFY(curve.emptySecondsAt(size));
        QVERIFY(curve.spreadEmptySecondsAt(size));
        QCOMPARE(figure->value,
                 written * *curve.spreadSecondsAt(size) +
                     (recorded.discardCount - written) * *curve.spreadEmptySecondsAt(size));
    }
    // The simulated drive's model: 6 ms per command, 0.45 ms per MiB of data; empty space the
    // command alone.
    QVERIFY(*curve.emptySecondsAt(46.0 * 1024 * 1024) < 0.5 * *curve.secondsAt(46.0 * 1024 * 1024));
    // The fstrim estimate uses the large sizes: half the 120 GB drive in 128 MiB pieces.
    const Figure *fstrim = advice.figure(QStringLiteral("fstrim-weekly"));
    QVERIFY(fstrim);
    const double pieces = 60e9 / double(128 << 20);
    QVERIFY(std::abs(fstrim->value - pieces * *curve.secondsAt(double(128 << 20))) < 0.5);
}

void TestAdvice::measuredFilesystemFiguresReplaceLiterature()
{
    const Advice advice = adviseTrim(inputFor(QStringLiteral("ocz-agility3"), {}, false, true));
    const Figure *xfs = advice.figure(QStringLiteral("delete-extra-xfs"));
    QVERIFY(xfs);
    QVERIFY(xfs->how.contains(QLatin1String("500 discards")));
    QVERIFY(!advice.confidenceReasons.join(QLatin1Char(' ')).contains(QLatin1String("literature")));
}

void TestAdvice::jsonCarriesEverything()
{
    const Advice advice = adviseTrim(inputFor(QStringLiteral("background-trimmer"),
                                              QStringLiteral("timer-disabled"), true, false));
    const QJsonObject json = resultToJson(advice);
    QCOMPARE(json.value(QStringLiteral("schema")).toString(),
             QStringLiteral("io.github.trimscope.advice"));
    QCOMPARE(json.value(QStringLiteral("verdict")).toString(),
             QStringLiteral("prefer-periodic-fstrim"));
    QCOMPARE(json.value(QStringLiteral("sentence")).toString(), advice.sentence);
    QVERIFY(json.value(QStringLiteral("numbers")).toArray().size() >= 5);
    QVERIFY(!json.value(QStringLiteral("findings")).toArray().isEmpty());
    QVERIFY(!json.value(QStringLiteral("fixes")).toArray().isEmpty());
    const QJsonObject first = json.value(QStringLiteral("numbers")).toArray().at(0).toObject();
    for (const char *key : {"id", "label", "value", "unit", "display", "how"})
        QVERIFY2(first.contains(QLatin1String(key)), key);
}

void TestAdvice::verdictNamesRoundTrip()
{
    for (Verdict v : {Verdict::OnlineDiscardFine, Verdict::PreferPeriodicFstrim,
                      Verdict::FixStackFirst, Verdict::NoTrim, Verdict::Unknown})
        QCOMPARE(verdictFromName(verdictName(v)), std::optional<Verdict>(v));
    QVERIFY(!verdictFromName(QStringLiteral("maybe")));
}

void TestAdvice::fstabLine_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("present");
    QTest::addColumn<QString>("expected");
    QTest::newRow("add") << "UUID=ab  /  ext4  errors=remount-ro  0  1" << true
                         << "UUID=ab  /  ext4  errors=remount-ro,discard  0  1";
    QTest::newRow("add, already there")
        << "/dev/sda1 / ext4 discard 0 1" << true << "/dev/sda1 / ext4 discard 0 1";
    QTest::newRow("remove") << "UUID=ab\t/home\txfs\tdefaults,discard,noatime\t0\t2" << false
                            << "UUID=ab\t/home\txfs\tdefaults,noatime\t0\t2";
    QTest::newRow("remove the only option")
        << "/dev/sda1 / ext4 discard 0 1" << false << "/dev/sda1 / ext4 defaults 0 1";
    QTest::newRow("remove, not there")
        << "/dev/sda1 / ext4 noatime 0 1" << false << "/dev/sda1 / ext4 noatime 0 1";
    QTest::newRow("comment untouched")
        << "# /dev/sda1 / ext4 noatime 0 1" << true << "# /dev/sda1 / ext4 noatime 0 1";
    QTest::newRow("too few fields untouched") << "/dev/sda1 /" << true << "/dev/sda1 /";
    QTest::newRow("add replaces nodiscard")
        << "/dev/sda1 / ext4 nodiscard 0 1" << true << "/dev/sda1 / ext4 discard 0 1";
}

void TestAdvice::fstabLine()
{
    QFETCH(QString, line);
    QFETCH(bool, present);
    QFETCH(QString, expected);
    QCOMPARE(fstabLineWithOption(line, QStringLiteral("discard"), present), expected);
}

void TestAdvice::smallerMeasuredTreesScaleToTheKernelTree()
{
    FilesystemDeleteProfile profile;
    profile.filesystem = QStringLiteral("ext4");
    profile.averageDiscardBytes = 1 << 20;
    profile.discardCount = 18;
    profile.deletedBytes = kKernelTreeBytes / 10; // a quick preset of the filesystem experiment
    QCOMPARE(profile.kernelTreeDiscardCount(), 180.0);
    profile.deletedBytes = kKernelTreeBytes;
    QCOMPARE(profile.kernelTreeDiscardCount(), 18.0);
    profile.deletedBytes = 0; // unknown: taken as measured on the kernel tree
    QCOMPARE(profile.kernelTreeDiscardCount(), 18.0);
    for (const FilesystemDeleteProfile &recorded : recordedDeleteProfiles())
        QCOMPARE(recorded.kernelTreeDiscardCount(), recorded.discardCount);
}

Q_DECLARE_METATYPE(trimscope::advice::FixScope)

// Which of this computer's filesystems a verdict may change: only those on the measured drive or
// a drive of the same model. A simulated or spare drive changes nothing here (never `/`), and the
// computer's own findings are kept apart, not dropped and not made fixes.
void TestAdvice::configurationSeparation_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>(
        "drive"); // "simulated:<profile>", "spare", "disk:<name>", "model:<disk>"
    QTest::addColumn<bool>("withProbe");
    QTest::addColumn<bool>("inAudit"); // the verdict applies to some of this computer's filesystems
    QTest::addColumn<FixScope>("scope");          // every fix's scope
    QTest::addColumn<QString>("mustFix");         // a fix id that must be there ("" none)
    QTest::addColumn<QString>("computerFinding"); // kept apart ("" none)

    // The case: this computer's / is mounted with discard; a simulated slow drive's
    // verdict must not say "mount -o remount,nodiscard /".
    QTest::newRow("/ with discard, simulated slow drive")
        << "live-this-machine"
        << "simulated:ocz-agility3" << false << false << FixScope::MeasuredDrive
        << "fstab-remove-discard:ext4"
        << "";
    // That machine's PID 1 is not systemd: the weekly fstrim is cron's line, not the timer.
    QTest::newRow("/ with discard, spare slow drive")
        << "live-this-machine"
        << "spare" << false << false << FixScope::MeasuredDrive << "fstrim-cron"
        << "";
    QTest::newRow("all-fine, simulated slow drive")
        << "all-fine"
        << "simulated:ocz-agility3" << false << false << FixScope::MeasuredDrive
        << "fstab-remove-discard:ext4"
        << "fstrim-timer-last-run";
    QTest::newRow("all-fine, simulated fast drive")
        << "all-fine"
        << "simulated:corsair-performance-pro" << false << false << FixScope::MeasuredDrive
        << "fstab-add-discard:ext4"
        << "fstrim-timer-last-run";
    QTest::newRow("all-fine, spare slow drive")
        << "all-fine"
        << "spare" << false << false << FixScope::MeasuredDrive << "enable-fstrim-timer"
        << "fstrim-timer-last-run";
    QTest::newRow("timer-disabled, simulated background trimmer")
        << "timer-disabled"
        << "simulated:background-trimmer" << true << false << FixScope::MeasuredDrive
        << "enable-fstrim-timer"
        << "fstrim-timer-disabled";
    QTest::newRow("crypt-nodiscard, simulated fast drive")
        << "crypt-nodiscard"
        << "simulated:corsair-performance-pro" << false << false << FixScope::MeasuredDrive
        << "fstab-add-discard:ext4"
        << "discards-blocked-crypt";
    QTest::newRow("timer-disabled, its own disk, slow")
        << "timer-disabled"
        << "disk:nvme0n1" << false << true << FixScope::ThisComputer << "enable-fstrim-timer"
        << "";
    QTest::newRow("all-fine, its own disk, fast")
        << "all-fine"
        << "disk:nvme0n1" << false << true << FixScope::ThisComputer << "fstab-add-discard:/"
        << "";
    QTest::newRow("all-fine, a spare of the same model, fast")
        << "all-fine"
        << "model:nvme0n1" << false << true << FixScope::ThisComputer << "fstab-add-discard:/"
        << "";
    QTest::newRow("no audit, spare slow drive")
        << ""
        << "spare" << false << false << FixScope::MeasuredDrive << "enable-fstrim-timer"
        << "";
}

void TestAdvice::configurationSeparation()
{
    QFETCH(QString, fixture);
    QFETCH(QString, drive);
    QFETCH(bool, withProbe);
    QFETCH(bool, inAudit);
    QFETCH(FixScope, scope);
    QFETCH(QString, mustFix);
    QFETCH(QString, computerFinding);

    AdviceInput input;
    std::optional<audit::SystemSnapshot> snapshot;
    if (!fixture.isEmpty())
        snapshot = snapshotOf(fixture);
    const QString how = drive.section(QLatin1Char(':'), 0, 0);
    const QString what = drive.section(QLatin1Char(':'), 1);
    if (how == QLatin1String("simulated")) {
        input.sweeps.append(simulatedSweep(what));
        if (withProbe)
            input.backgroundProbe = simulatedProbe(what);
    } else if (how == QLatin1String("spare")) {
        input.sweeps.append(simulatedSweep(QStringLiteral("ocz-agility3")));
        placeOnDisk(input.sweeps, QStringLiteral("sdz"));
    } else {
        input.sweeps.append(simulatedSweep(QStringLiteral("corsair-performance-pro")));
        if (fixture == QLatin1String("timer-disabled"))
            input.sweeps = {fortySecondDrive()};
        placeOnDisk(input.sweeps, how == QLatin1String("disk") ? what : QStringLiteral("sdz"));
        // sysfs keeps the first 16 characters of an ATA model; the drive knows all of it.
        input.sweeps.first().drive.model = QStringLiteral("Samsung SSD 970 EVO Plus 1TB");
        if (how == QLatin1String("model"))
            snapshot->insert(QStringLiteral("/sys/class/block/%1/device/model").arg(what),
                             QStringLiteral("Samsung SSD 970 EVO Plus 1TB   "));
    }
    if (snapshot)
        input.audit = audit::runAudit(*snapshot);

    const Advice advice = adviseTrim(input);
    const QByteArray json = QJsonDocument(advice.toJson()).toJson();
    QCOMPARE(advice.configuration.driveInAudit, inAudit);
    QCOMPARE(advice.configuration.audited, !fixture.isEmpty());
    QVERIFY(!advice.configuration.summary.isEmpty());
    QVERIFY2(!advice.fixes.isEmpty(), json.constData());
    for (const Fix &fix : advice.fixes) {
        QVERIFY2(fix.scope == scope, qPrintable(fix.id));
        if (!inAudit) {
            // Nothing of this computer's: no mount point, no remount, no crypttab.
            QVERIFY2(!fix.id.contains(QLatin1String(":/")), qPrintable(fix.id));
            QVERIFY2(!fix.text.contains(QLatin1String("remount")), qPrintable(fix.text));
            QVERIFY2(fix.text.contains(QLatin1String("<mount point>")) ||
                         fix.id == QLatin1String("enable-fstrim-timer") ||
                         fix.id == QLatin1String("fstrim-cron"),
                     qPrintable(fix.text));
        }
    }
    QVERIFY2(hasFix(advice, mustFix), json.constData());
    if (!computerFinding.isEmpty()) {
        QVERIFY2(std::any_of(advice.computerFindings.cbegin(), advice.computerFindings.cend(),
                             [&](const audit::Finding &f) { return f.id == computerFinding; }),
                 json.constData());
        QVERIFY2(!hasFinding(advice, computerFinding), json.constData());
        QCOMPARE(advice.computerFindings.size(), input.audit->findings.size());
    }
    if (inAudit)
        QVERIFY(advice.computerFindings.size() < input.audit->findings.size() ||
                input.audit->findings.isEmpty());
    // The stack of this computer decides only for a drive in it.
    if (!inAudit)
        QVERIFY(advice.verdict != Verdict::FixStackFirst);
    const Expected<Advice> back = Advice::fromJson(advice.toJson());
    QVERIFY(back);
    QCOMPARE(back->fixes.size(), advice.fixes.size());
    QCOMPARE(back->fixes.first().scope, advice.fixes.first().scope);
    QCOMPARE(back->computerFindings.size(), advice.computerFindings.size());
    QCOMPARE(back->configuration.driveInAudit, inAudit);
}

// A drive whose TRIMs put the recorded XFS delete near its 5 s limit: within the recorded
// figures' margin every run from 0.85x to 1.35x of that cost is undecided, an answer of its own
// (issue 33): both costs in numbers, the run that decides, fstrim's fixes meanwhile. It does not
// flip from run to run, and it never reads as "prefer fstrim".
void TestAdvice::recordedFiguresAcrossTheLimitAreUndecided()
{
    const FilesystemDeleteProfile recordedXfs = recordedDeleteProfiles().at(1);
    QCOMPARE(recordedXfs.filesystem, QStringLiteral("xfs"));
    const double perDiscard = 5.0 / recordedXfs.discardCount; // 5 s for the recorded XFS count
    for (double factor : {0.85, 0.9, 0.95, 0.99, 1.0, 1.01, 1.05, 1.15, 1.25, 1.35}) {
        AdviceInput input;
        input.sweeps.append(linearDrive(perDiscard * factor, 0, QStringLiteral("sdq")));
        const Advice advice = adviseTrim(input);
        const FilesystemVerdict *xfs = advice.filesystemVerdict(QStringLiteral("xfs"));
        QVERIFY(xfs);
        QCOMPARE(xfs->basis, FigureBasis::Recorded);
        QCOMPARE(xfs->verdict, Verdict::Undecided);
        QVERIFY(xfs->lowSeconds < 5 && xfs->highSeconds > 5);
        // ext4's 370 discards at that price are far over its 1 s: fstrim settles it.
        QCOMPARE(advice.verdict, Verdict::PreferPeriodicFstrim);
        // With ext4 measured fine (one discard for the whole tree), XFS leaves it open:
        // undecided overall, in numbers, with the run that decides.
        AdviceInput ext4Fine = input;
        FilesystemDeleteProfile ext4;
        ext4.filesystem = QStringLiteral("ext4");
        ext4.discardCount = 1;
        ext4.averageDiscardBytes = 1 << 20;
        ext4.measured = true;
        ext4Fine.filesystems = {ext4};
        const Advice undecided = adviseTrim(ext4Fine);
        QCOMPARE(undecided.verdict, Verdict::Undecided);
        QVERIFY2(undecided.sentence.contains(QLatin1String("Undecided")) &&
                     undecided.sentence.contains(QLatin1String("filesystem experiment")) &&
                     undecided.sentence.contains(formatSeconds(xfs->lowSeconds)),
                 qPrintable(undecided.sentence));
        QVERIFY(hasFix(undecided, QStringLiteral("enable-fstrim-timer")));
        QVERIFY(std::any_of(undecided.whatWouldChange.cbegin(), undecided.whatWouldChange.cend(),
                            [](const QString &s) { return s.contains(QLatin1String("settles")); }));
        QCOMPARE(verdictName(undecided.verdict), QStringLiteral("undecided"));
    }
    // Far from the limit the recorded figures decide.
    AdviceInput fast;
    fast.sweeps.append(linearDrive(perDiscard * 0.2, 0, QStringLiteral("sdq")));
    QCOMPARE(adviseTrim(fast).filesystemVerdict(QStringLiteral("xfs"))->verdict,
             Verdict::OnlineDiscardFine);
    AdviceInput slow;
    slow.sweeps.append(linearDrive(perDiscard * 5, 0, QStringLiteral("sdq")));
    QCOMPARE(adviseTrim(slow).filesystemVerdict(QStringLiteral("xfs"))->verdict,
             Verdict::PreferPeriodicFstrim);
}

// On this kernel the block layer merges XFS's ~12 KiB discards into a few large commands: what
// the drive measured at two tree sizes, not the literature, decides, and on the same fast drive
// the verdict is "fine" every time.
void TestAdvice::measuredMergedXfsDiscardsAreFine()
{
    const double perDiscard = 5.0 / (24.0 * 1641);
    for (double factor : {0.9, 1.0, 1.1, 1.35}) {
        AdviceInput input;
        input.sweeps.append(linearDrive(perDiscard * factor, 0.0002, QStringLiteral("sdq")));
        input.treeDeletes = {treeDelete(QStringLiteral("xfs"), 2294, 11, 36.3),
                             treeDelete(QStringLiteral("xfs"), 9177, 11, 145.3),
                             treeDelete(QStringLiteral("ext4"), 2294, 31, 712.6),
                             treeDelete(QStringLiteral("ext4"), 9177, 113, 6591.9)};
        const Advice advice = adviseTrim(input);
        const FilesystemVerdict *xfs = advice.filesystemVerdict(QStringLiteral("xfs"));
        const FilesystemVerdict *ext4 = advice.filesystemVerdict(QStringLiteral("ext4"));
        QVERIFY(xfs && ext4);
        QCOMPARE(xfs->basis, FigureBasis::Extrapolated);
        QCOMPARE(xfs->verdict, Verdict::OnlineDiscardFine);
        QVERIFY2(xfs->highSeconds < 0.5, qPrintable(xfs->sentence));
        // ext4 discards 26 GiB of overlapping ranges for the kernel tree: at 0.2 ms/MiB, over 5 s.
        QCOMPARE(ext4->verdict, Verdict::PreferPeriodicFstrim);
        QVERIFY(advice.figure(QStringLiteral("delete-measured-ext4")));
        QVERIFY(advice.sentence.contains(QLatin1String("XFS")));
    }
}

void TestAdvice::kernelTreeFromTwoSizes_data()
{
    QTest::addColumn<QList<TreeDelete>>("deletes");
    QTest::addColumn<double>("kernelCountLow"); // what the kernel tree's deletes sent, low-high
    QTest::addColumn<double>("kernelCountHigh");
    QTest::addColumn<double>("kernelMiB"); // discarded MiB, the kernel tree (mean of runs)

    const QString ext4 = QStringLiteral("ext4");
    const QString xfs = QStringLiteral("xfs");
    // Emulated drive "a": 0.3 ms + 0.2 ms/MiB; kernel tree: 368 commands, 21,313 MiB.
    QTest::newRow("ext4, 1000 and 4000 files (a)")
        << QList<TreeDelete>{treeDelete(ext4, 1000, 15, 330.1), treeDelete(ext4, 4000, 45, 1670.3)}
        << 368.0 << 368.0 << 21313.0;
    // "b": 5 ms per command; kernel tree: 381 commands, 18,955 MiB.
    QTest::newRow("ext4, 4000 and 8000 files (b)")
        << QList<TreeDelete>{treeDelete(ext4, 4000, 47, 1039.9), treeDelete(ext4, 8000, 75, 4638.6)}
        << 381.0 << 381.0 << 18955.0;
    // "c": 1 ms + 0.3 ms/MiB, two runs; kernel tree: 354-366 commands, 19,426-21,023 MiB.
    QTest::newRow("ext4, kernel/16 and kernel/4 (c, run 1)")
        << QList<TreeDelete>{treeDelete(ext4, 2294, 31, 712.6), treeDelete(ext4, 9177, 113, 6591.9)}
        << 354.0 << 366.0 << 20225.0;
    QTest::newRow("ext4, kernel/16 and kernel/4 (c, run 2)")
        << QList<TreeDelete>{treeDelete(ext4, 2294, 31, 712.6), treeDelete(ext4, 9177, 102, 3844.2)}
        << 354.0 << 366.0 << 20225.0;
    QTest::newRow("ext4, kernel/32 and kernel/8 (c, run 2)")
        << QList<TreeDelete>{treeDelete(ext4, 1147, 18, 281.5), treeDelete(ext4, 4588, 50, 1958.9)}
        << 354.0 << 366.0 << 20225.0;
    // XFS: the block layer merges; the kernel tree's count varies from 5 to 32 between runs.
    QTest::newRow("xfs, kernel/16 and kernel/4 (c)")
        << QList<TreeDelete>{treeDelete(xfs, 2294, 11, 36.3), treeDelete(xfs, 9177, 11, 145.3)}
        << 5.0 << 32.0 << 580.9;
    QTest::newRow("xfs, 1000 and 4000 files (a)")
        << QList<TreeDelete>{treeDelete(xfs, 1000, 11, 15.9), treeDelete(xfs, 4000, 11, 63.1)}
        << 5.0 << 32.0 << 580.9;
}

void TestAdvice::kernelTreeFromTwoSizes()
{
    QFETCH(QList<TreeDelete>, deletes);
    QFETCH(double, kernelCountLow);
    QFETCH(double, kernelCountHigh);
    QFETCH(double, kernelMiB);
    // As the advice extrapolates: within the filesystem's recorded growth.
    const auto k =
        kernelTreeDiscards(deletes, fsbench::recordedCountGrowth(deletes.first().filesystem));
    QVERIFY(k);
    QCOMPARE(k->basis, FigureBasis::Extrapolated);
    QCOMPARE(k->sizes, 2);
    const double mib = k->discardBytes / (1024 * 1024);
    // The range the count is stated with (the advice adds the curve's margin): it holds the
    // kernel tree's count (issue 46, item 13).
    const double margin = k->countMargin.value_or(0) + k->extrapolationMargin;
    qInfo("count %.0f (between %.0f and %.0f; kernel tree %.0f-%.0f), %.0f MiB (kernel tree "
          "%.0f), exponent %.2f",
          k->discardCount, k->discardCount / (1 + margin), k->discardCount * (1 + margin),
          kernelCountLow, kernelCountHigh, mib, kernelMiB, k->countExponent);
    QVERIFY2(k->discardCount / (1 + margin) <= kernelCountLow &&
                 kernelCountHigh <= k->discardCount * (1 + margin),
             qPrintable(QString::number(k->discardCount)));
    QVERIFY2(mib >= kernelMiB / 2 && mib <= kernelMiB * 2, qPrintable(QString::number(mib)));
    QVERIFY(k->countExponent >= 0 && k->countExponent <= 1);
}

void TestAdvice::kernelTreeBases()
{
    const QString ext4 = QStringLiteral("ext4");
    QVERIFY(!kernelTreeDiscards({}));
    QVERIFY(!kernelTreeDiscards({treeDelete(ext4, 500, 0, 0)}));
    // One size: by the middle of the recorded growth, with a margin that spans all of it: in
    // proportion when that is all that was recorded, half way (in log) from flat to in
    // proportion when the records span that (XFS, by its mkfs).
    auto one = kernelTreeDiscards({treeDelete(ext4, 9177, 100, 4000)}, {1, 1});
    QVERIFY(one);
    QCOMPARE(one->basis, FigureBasis::Scaled);
    QVERIFY(std::abs(one->discardCount - 400) < 1);
    QVERIFY(one->countMargin && std::abs(*one->countMargin - 0.2) < 1e-9);
    auto open = kernelTreeDiscards({treeDelete(ext4, 9177, 100, 4000)}, {0, 1});
    QVERIFY(open);
    QVERIFY(std::abs(open->discardCount - 200) < 1);
    QVERIFY(open->countMargin && std::abs(*open->countMargin - 1.2) < 0.01);
    QVERIFY(figureBasisMargin(FigureBasis::Scaled) > figureBasisMargin(FigureBasis::Extrapolated));
    // A kernel-sized tree is the measurement itself.
    auto kernel = kernelTreeDiscards({treeDelete(ext4, 36706, 360, 20000)});
    QVERIFY(kernel);
    QCOMPARE(kernel->basis, FigureBasis::Measured);
    QVERIFY(std::abs(kernel->discardCount - 360) < 0.5);
    QVERIFY(figureBasisMargin(FigureBasis::Measured) <
            figureBasisMargin(FigureBasis::Extrapolated));
    // Repeated runs of a size are averaged; a tree that sent nothing yet does not anchor the count.
    auto repeated =
        kernelTreeDiscards({treeDelete(ext4, 1000, 0, 0), treeDelete(ext4, 2294, 30, 700),
                            treeDelete(ext4, 2294, 32, 720)});
    QVERIFY(repeated);
    QCOMPARE(repeated->basis, FigureBasis::Scaled);
    QVERIFY(std::abs(repeated->discardCount - 31 * 4) < 1);
    // Fewer commands at the larger size (merging): the count does not shrink with the tree.
    auto merged = kernelTreeDiscards({treeDelete(QStringLiteral("xfs"), 2294, 20, 36),
                                      treeDelete(QStringLiteral("xfs"), 9177, 11, 145)});
    QVERIFY(merged);
    QCOMPARE(merged->countExponent, 0.0);
    QVERIFY(std::abs(merged->discardCount - 11) < 0.01);
    // XFS may grow faster than the tree (Debian 12's mkfs.xfs on Linux 6.18: 17 discards for a
    // sixteenth, 235 for a quarter, ~700 for the whole tree): the fit is held to the fastest
    // growth recorded, and its margin is what XFS's growth strayed from such fits.
    const fsbench::CountGrowth xfsGrowth = fsbench::recordedCountGrowth(QStringLiteral("xfs"));
    auto steep = kernelTreeDiscards({treeDelete(QStringLiteral("xfs"), 2294, 17, 36),
                                     treeDelete(QStringLiteral("xfs"), 9177, 235, 145)},
                                    xfsGrowth);
    QVERIFY(steep);
    QCOMPARE(steep->basis, FigureBasis::Extrapolated);
    QCOMPARE(steep->countExponent, xfsGrowth.highExponent);
    QVERIFY(steep->countExponent > 1);
    QVERIFY(steep->countMargin && *steep->countMargin > 1);
    const double steepLow = steep->discardCount / (1 + *steep->countMargin);
    const double steepHigh = steep->discardCount * (1 + *steep->countMargin);
    QVERIFY2(steepLow <= 700 && 700 <= steepHigh,
             qPrintable(QStringLiteral("%1-%2").arg(steepLow).arg(steepHigh)));
    // ext4's fits held: its margin stays the basis's own.
    auto steady =
        kernelTreeDiscards({treeDelete(ext4, 2294, 31, 712.6), treeDelete(ext4, 9177, 113, 6591.9)},
                           fsbench::recordedCountGrowth(ext4));
    QVERIFY(steady && steady->countMargin);
    QCOMPARE(*steady->countMargin, figureBasisMargin(FigureBasis::Extrapolated));
}

namespace {
// The sweep and the named fsbench results recorded on an emulated drive
// (tests/core/advice/data/emulated/DRIVE/NAME.json); empty where a file is missing or unreadable.
AdviceInput emulatedInput(const QString &drive, const QStringList &trees)
{
    AdviceInput input;
    for (const QString &name : QStringList{QStringLiteral("sweep")} + trees) {
        QFile file(
            QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/advice/data/emulated/%1/%2.json")
                .arg(drive, name));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        const Expected<AnyResult> result = readAnyResult(file.readAll());
        if (!result || addAdviceInput(*result, input).isError())
            return {};
    }
    return input;
}
} // namespace

// The kernel tree's delete cost from quantities that do not move with the machine's load (issue
// 33): the discards counted at the trees deleted, and the drive's own TRIM times from the sweep,
// its empty-space check included. The files are real runs on emulated 1 GiB drives (Linux 6.1,
// tests/core/advice/data/emulated/DRIVE/): a default sweep (to 32 MiB), then fsbench on ext4
// and XFS with the quick preset (2,000 files), a sixteenth and a quarter of the kernel tree
// (diagnose's two sizes) and the kernel preset, whose extra time is the reference; "loaded"
// beside four busy loops on 2 cores. Drives: fast (the loop device alone), slow small TRIMs
// (20 ms per command, 30 ms more below 1 MiB), written-only cost (2 ms per command, 3 ms more
// below 128 KiB, 40 us per MiB; a TRIM of empty space costs nothing).
//
// Held: the filesystem's verdict is the kernel tree's, from one tree (the README's scripted
// path) as from two (diagnose's), idle and loaded; the estimate is within 2x of the reference,
// or within 0.5 s of it where both are small: the reference itself moves that much between runs
// (ext4 on the fast drive: -0.07 s, 0.17 s and 0.30 s; XFS 0.04 s and 0.58 s; loaded, ext4 came
// out at -1.0 s). The summed discard ticks the estimate used before put XFS on the slow drive at
// 6.7-26 s from these trees (0.48 s measured) and moved with the load.
void TestAdvice::deleteCostFromScalingQuantities_data()
{
    QTest::addColumn<QString>("drive");
    QTest::addColumn<QStringList>("trees");
    QTest::addColumn<double>("ext4Seconds"); // the kernel preset's extra time
    QTest::addColumn<double>("xfsSeconds");
    QTest::addColumn<Verdict>("ext4Verdict");
    QTest::addColumn<Verdict>("xfsVerdict");

    const QStringList quick{QStringLiteral("quick")};
    const QStringList two{QStringLiteral("s16"), QStringLiteral("s4")};
    // The quick preset now: a quarter of the kernel tree alone (issue 46). From it, priced at
    // its discards' average size, XFS on Debian 13's slow-small drive came to 3.63 s "between
    // 1.18 s and 11.2 s"; the kernel tree took 13.06 s: its 439 discards of 1.3 MiB on average
    // cost 30 ms each where the curve at 1.3 MiB says 20 ms (more of them below 1 MiB).
    const QStringList quarter{QStringLiteral("s4")};
    const Verdict fine = Verdict::OnlineDiscardFine;
    const Verdict fstrim = Verdict::PreferPeriodicFstrim;
    const Verdict undecided = Verdict::Undecided;
    // From one tree XFS's count may grow from flat to in proportion (by the mkfs that made it):
    // on the slow drive that range lies across XFS's limit, and the scripted path says so.
    const struct
    {
        const char *drive;
        double ext4, xfs;
        Verdict ext4Verdict, xfsVerdict, xfsFromOneTree;
    } drives[] = {
        // Loaded, against the idle reference: the drive is the same, and the kernel preset's
        // own figure beside the busy loops was noise (ext4: fast -1.00 s, written-only -0.31 s;
        // slow-small 7.29 s and XFS 1.14 s).
        {"fast", -0.068, 0.283, fine, fine, fine},
        {"fast-loaded", -0.068, 0.283, fine, fine, fine},
        {"slow-small", 6.714, 0.480, fstrim, fine, undecided},
        {"slow-small-loaded", 6.714, 0.480, fstrim, fine, undecided},
        {"written-only", 0.323, 0.189, fine, fine, fine},
        {"written-only-loaded", 0.323, 0.189, fine, fine, fine},
        // Debian 13's mkfs.xfs: XFS sent 23-68 discards for the smaller trees and 439 for the
        // kernel tree (1,048 on the fast drive), a growth from a quarter of the tree (exponent
        // 1.35-1.98) that no smaller tree shows. From them the estimate is undecided, never the
        // wrong answer; the kernel tree (diagnose's default budget deletes it) decides.
        {"fast-debian13", -0.139, -0.005, fine, fine, fine},
        {"slow-small-debian13", 6.438, 13.062, fstrim, undecided, undecided},
    };
    for (const auto &d : drives) {
        for (const QStringList &trees : {quick, two, quarter})
            QTest::addRow("%s, %s", d.drive, qPrintable(trees.join(QLatin1Char('+'))))
                << QString::fromLatin1(d.drive) << trees << d.ext4 << d.xfs << d.ext4Verdict
                << (trees == quick ? d.xfsFromOneTree : d.xfsVerdict);
    }
    // Diagnose's trees where a one-minute budget beside two busy loops left little: a 64th of
    // the kernel tree (573 files) and the larger one shortened to twice that (1,146), the slow-
    // small drive beside two busy loops (Linux 6.1, Debian 12's mkfs; the sweep to 32 MiB of the
    // same run). ext4 sent 13 and 18 discards: a slope of 0.47 put the kernel tree at 92 of
    // them and 2.12 s "between 816 ms and 5.48 s", undecided, where it costs 6.7 s (CI on
    // Debian 13 saw the same: 2.32 s "between 884 ms and 6.11 s"). Held to ext4's recorded
    // growth from such trees (0.85 at the least), 342 of them: 7.41 s (2.86-19.2 s). XFS sent 11 at both: flat, within its
    // recorded growth from flat to 1.4, whose range lies across its limit.
    QTest::newRow("slow-small-two-loops, s64+s32-half")
        << QStringLiteral("slow-small-two-loops")
        << QStringList{QStringLiteral("s64"), QStringLiteral("s32-half")} << 6.714 << 0.480
        << fstrim << undecided;
}

void TestAdvice::deleteCostFromScalingQuantities()
{
    QFETCH(QString, drive);
    QFETCH(QStringList, trees);
    QFETCH(double, ext4Seconds);
    QFETCH(double, xfsSeconds);
    QFETCH(Verdict, ext4Verdict);
    QFETCH(Verdict, xfsVerdict);
    const AdviceInput input = emulatedInput(drive, trees);
    QVERIFY(!input.sweeps.isEmpty() && input.treeDeletes.size() == 2 * trees.size());
    QVERIFY(!input.sweeps.constFirst().emptyCheck.sizes.isEmpty());
    const Advice advice = adviseTrim(input);
    for (const auto &[fs, measured, verdict] :
         {std::tuple{QStringLiteral("ext4"), ext4Seconds, ext4Verdict},
          std::tuple{QStringLiteral("xfs"), xfsSeconds, xfsVerdict}}) {
        const FilesystemVerdict *v = advice.filesystemVerdict(fs);
        QVERIFY(v);
        qInfo("%s: predicted %.3f s (%.3f-%.3f, %s), fsbench's kernel preset %.3f s",
              qPrintable(fs), v->extraSeconds, v->lowSeconds, v->highSeconds,
              qPrintable(figureBasisName(v->basis)), measured);
        QVERIFY2(v->verdict == verdict, qPrintable(v->sentence));
        const bool within2x =
            measured > 0 && v->extraSeconds <= 2 * measured && measured <= 2 * v->extraSeconds;
        // Undecided: the range it gives lies across the limit; the reference may lie beyond it
        // (XFS with Debian 13's mkfs grows faster than any smaller tree shows).
        if (verdict == Verdict::Undecided)
            QVERIFY2(v->lowSeconds < v->limitSeconds && v->highSeconds > v->limitSeconds,
                     qPrintable(v->sentence));
        else
            QVERIFY2(within2x || std::abs(v->extraSeconds - measured) <= 0.5,
                     qPrintable(v->sentence));
        // The range given holds the reference, or lies within the reference's own noise of it
        // (XFS's count from smaller trees: Debian 13's mkfs sent 3x more for the kernel tree
        // than any fit through them, and the range must say so).
        QVERIFY2(std::abs(measured - std::clamp(measured, v->lowSeconds, v->highSeconds)) <= 0.5,
                 qPrintable(v->sentence));
        const Figure *figure = advice.figure(QStringLiteral("delete-extra-") + fs);
        QVERIFY(figure && figure->how.contains(QLatin1String("empty-space check")));
    }
}

// Issue 46: XFS's deletes on Debian 13's mkfs, slow-small emulated drive (20 ms a TRIM, 50 ms
// below 512 KiB, log-log between 512 KiB and 1 MiB), Linux 6.1: the delete's extra time over its
// discards against the curve's price at their average size and over the spread of sizes. The
// kernel tree's row is fsbench's kernel preset (13.06 s extra for 439 discards of 1.3 MiB).
void TestAdvice::spreadPricingMatchesTheDeletes_data()
{
    QTest::addColumn<double>("averageMiB");
    QTest::addColumn<double>("extraMsPerDiscard"); // (with - without discard) / discards
    QTest::newRow("2,000 files, 23 discards") << 1.10 << 34.67;
    QTest::newRow("a sixteenth, 23 discards") << 1.58 << 30.12;
    QTest::newRow("a quarter, 68 discards") << 2.14 << 25.20;
    QTest::newRow("the kernel tree, 439 discards") << 1.30 << 13062.0 / 439;
}

void TestAdvice::spreadPricingMatchesTheDeletes()
{
    QFETCH(double, averageMiB);
    QFETCH(double, extraMsPerDiscard);
    const AdviceInput input = emulatedInput(QStringLiteral("slow-small-debian13"), {});
    QVERIFY(!input.sweeps.isEmpty());
    const TrimCurve curve = TrimCurve::fromSweeps(input.sweeps);
    const double bytes = averageMiB * 1024 * 1024;
    const double atAverage = *curve.secondsAt(bytes) * 1000;
    const double spread = *curve.spreadSecondsAt(bytes) * 1000;
    qInfo("%.2f MiB: measured %.2f ms, the curve at the average %.2f ms, over the spread %.2f ms",
          averageMiB, extraMsPerDiscard, atAverage, spread);
    QVERIFY(std::abs(spread - extraMsPerDiscard) < std::abs(atAverage - extraMsPerDiscard));
    QVERIFY(std::abs(spread / extraMsPerDiscard - 1) <= 0.2);
}

// A curve that is a straight line in size (a constant command time, or one bound by
// throughput) prices the spread as the average.
void TestAdvice::spreadPricingKeepsAStraightCurve()
{
    QList<CurvePoint> flat, proportional;
    for (quint64 bytes = 256; bytes <= (quint64(1) << 32); bytes *= 2) {
        flat.append({bytes, 0.020, 10, 0.01});
        proportional.append({bytes, double(bytes) / 1e9, 10, 0.01});
    }
    for (const double bytes : {64.0 * 1024, 1.3 * 1024 * 1024, 48.0 * 1024 * 1024}) {
        QCOMPARE(*TrimCurve::fromPoints(flat).spreadSecondsAt(bytes), 0.020);
        QCOMPARE(*TrimCurve::fromPoints(proportional).spreadSecondsAt(bytes), bytes / 1e9);
    }
    QVERIFY(!TrimCurve::fromPoints(flat).spreadSecondsAt(0));
    QVERIFY(!TrimCurve().spreadSecondsAt(1e6));
}

// Issue 46: the README's scripted path (fsbench --preset quick) and diagnose (a quarter and a
// sixteenth of the kernel tree at its 60 s budget) give each filesystem the same verdict on every
// recorded drive. From the 2,000-file tree XFS on the slow-small drive was "undecided" (0.2-21 s
// against its 5 s limit: one small tree cannot show whether XFS's count stays flat, as with
// Debian 12's mkfs.xfs, or grows steeply above a quarter of the tree, as with Debian 13's) where
// diagnose said "fine"; the kernel tree there sent 32 discards of 18 MiB (Linux 6.18, Debian 12's
// mkfs.xfs, twice; 1.08-1.24 s extra beside a load of 15-24): fine. The quick preset deletes a
// quarter of the kernel tree, the recorded file of that size stands for it.
void TestAdvice::quickPresetAndDiagnoseAgree_data()
{
    QTest::addColumn<QString>("drive");
    for (const char *drive :
         {"fast", "fast-loaded", "slow-small", "slow-small-loaded", "written-only",
          "written-only-loaded", "fast-debian13", "slow-small-debian13"})
        QTest::newRow(drive) << QString::fromLatin1(drive);
}

void TestAdvice::quickPresetAndDiagnoseAgree()
{
    QFETCH(QString, drive);
    const auto quick = fsbench::treePreset(QStringLiteral("quick"));
    QVERIFY(quick);
    const QString quickFile = quick->files == 2000   ? QStringLiteral("quick")
                              : quick->files == 9176 ? QStringLiteral("s4")
                                                     : QString();
    QVERIFY2(!quickFile.isEmpty(), "no recorded run of the quick preset's tree");
    const AdviceInput scripted = emulatedInput(drive, {quickFile});
    const AdviceInput diagnosed =
        emulatedInput(drive, {QStringLiteral("s16"), QStringLiteral("s4")});
    QVERIFY(!scripted.sweeps.isEmpty() && !diagnosed.sweeps.isEmpty());
    const Advice fromQuick = adviseTrim(scripted);
    const Advice fromTwo = adviseTrim(diagnosed);
    for (const QString &fs : {QStringLiteral("ext4"), QStringLiteral("xfs")}) {
        const FilesystemVerdict *one = fromQuick.filesystemVerdict(fs);
        const FilesystemVerdict *two = fromTwo.filesystemVerdict(fs);
        QVERIFY(one && two);
        qInfo("%s: quick preset %s %.2f s (%.2f-%.2f), diagnose's trees %s %.2f s (%.2f-%.2f)",
              qPrintable(fs), qPrintable(verdictName(one->verdict)), one->extraSeconds,
              one->lowSeconds, one->highSeconds, qPrintable(verdictName(two->verdict)),
              two->extraSeconds, two->lowSeconds, two->highSeconds);
        QVERIFY2(one->verdict == two->verdict,
                 qPrintable(one->sentence + QStringLiteral(" | ") + two->sentence));
    }
}

// Issue 46: from the 2,000-file tree the scripted path predicted an ext4 kernel-tree delete of
// 3.90 s "between 2.00 s and 7.63 s" (a margin of 0.956); the kernel tree then took 8.38 s. The
// stated range widens with the log of how far the figures travel: the same prediction now holds
// the truth, a prediction from the kernel tree itself is not widened, and diagnose's quarter
// tree is widened less than the quick tree.
void TestAdvice::longExtrapolationsStateWiderRanges_data()
{
    QTest::addColumn<int>("files");           // the largest tree measured
    QTest::addColumn<double>("predicted");    // seconds
    QTest::addColumn<double>("marginBefore"); // what was stated without the extrapolation's
    QTest::addColumn<double>("truth");        // the kernel tree's delete, measured after
    QTest::addColumn<double>("extraAtLeast");
    QTest::addColumn<double>("extraAtMost");
    QTest::newRow("hold-out ext4, 2,000 files") << 2000 << 3.90 << 0.956 << 8.38 << 0.45 << 0.55;
    QTest::newRow("a quarter of the tree") << 9177 << 3.90 << 0.956 << 3.90 << 0.2 << 0.3;
    QTest::newRow("the kernel tree") << kKernelTreeFiles << 3.90 << 0.2 << 3.90 << 0.0 << 0.0;
}

void TestAdvice::longExtrapolationsStateWiderRanges()
{
    QFETCH(int, files);
    QFETCH(double, predicted);
    QFETCH(double, marginBefore);
    QFETCH(double, truth);
    QFETCH(double, extraAtLeast);
    QFETCH(double, extraAtMost);
    const auto k = kernelTreeDiscards({treeDelete(QStringLiteral("ext4"), files, 20, 200)},
                                      fsbench::recordedCountGrowth(QStringLiteral("ext4")));
    QVERIFY(k);
    QCOMPARE(k->extrapolationMargin, extrapolationMargin(double(kKernelTreeFiles) / double(files)));
    QVERIFY2(k->extrapolationMargin >= extraAtLeast && k->extrapolationMargin <= extraAtMost,
             qPrintable(QString::number(k->extrapolationMargin)));
    const double margin = marginBefore + k->extrapolationMargin;
    QVERIFY2(
        predicted / (1 + margin) <= truth && truth <= predicted * (1 + margin),
        qPrintable(
            QStringLiteral("%1-%2").arg(predicted / (1 + margin)).arg(predicted * (1 + margin))));
}

void TestAdvice::filesystemVerdictsRoundTrip()
{
    AdviceInput input;
    input.sweeps.append(linearDrive(0.002, 0.00045, QStringLiteral("sdq")));
    input.treeDeletes = {treeDelete(QStringLiteral("ext4"), 2294, 31, 712.6),
                         treeDelete(QStringLiteral("ext4"), 9177, 113, 6591.9)};
    const Advice advice = adviseTrim(input);
    QVERIFY(!advice.filesystems.isEmpty());
    const QByteArray bytes = resultToJsonBytes(advice);
    const Expected<Advice> back = readResult<Advice>(bytes);
    QVERIFY(back);
    QCOMPARE(back->filesystems.size(), advice.filesystems.size());
    for (int i = 0; i < advice.filesystems.size(); ++i) {
        const FilesystemVerdict &a = advice.filesystems.at(i);
        const FilesystemVerdict &b = back->filesystems.at(i);
        QCOMPARE(b.filesystem, a.filesystem);
        QCOMPARE(b.verdict, a.verdict);
        QCOMPARE(b.basis, a.basis);
        QCOMPARE(b.extraSeconds, a.extraSeconds);
        QCOMPARE(b.sentence, a.sentence);
    }
    QCOMPARE(resultToJsonBytes(*back), bytes);
}

void TestAdvice::oneDiscardHasOneFigure_data()
{
    QTest::addColumn<QString>("sweep");
    QTest::newRow("OCZ Agility 3 (fstrim)") << QStringLiteral("ocz-agility3");
    QTest::newRow("Corsair Performance Pro (discard)") << QStringLiteral("corsair-performance-pro");
    QTest::newRow("Intel 320") << QStringLiteral("intel-320");
    QTest::newRow("ext4 article's drive") << QStringLiteral("forty-second-drive");
}

// Issue 47, item 8: the numbers said "ext4: one TRIM of 48 MiB (its average discard) 242 µs",
// "what would change" "its discards (48 MiB on average) … (measured: 55 µs)"; OCZ 27.9 ms
// against 6.53 ms. One discard has one figure, in the table and in the sentence alike.
void TestAdvice::oneDiscardHasOneFigure()
{
    QFETCH(QString, sweep);
    const AdviceInput input = inputFor(sweep, {}, false, false);
    const Advice advice = adviseTrim(input);
    // A simulated drive's figure says so (issue 47 item 13): "(simulated: 6.62 ms)".
    const QString basis = !input.sweeps.isEmpty() && input.sweeps.constFirst().drive.simulated
                              ? QStringLiteral("simulated")
                              : QStringLiteral("measured");
    int checked = 0;
    for (const FilesystemVerdict &fs : advice.filesystems) {
        if (fs.verdict == Verdict::Undecided)
            continue; // its sentence names the run that would decide, no figure
        const Figure *figure = advice.figure(QStringLiteral("trim-at-average-") + fs.filesystem);
        QVERIFY2(figure, qPrintable(fs.filesystem));
        const QString size = formatBytes(quint64(std::llround(fs.averageDiscardBytes)));
        QVERIFY2(figure->label.contains(size), qPrintable(figure->label + " / " + size));
        const QString fsName =
            fs.filesystem == QLatin1String("xfs") ? QStringLiteral("XFS") : fs.filesystem;
        const auto sentence =
            std::find_if(advice.whatWouldChange.cbegin(), advice.whatWouldChange.cend(),
                         [&](const QString &s) { return s.startsWith("With " + fsName + ","); });
        QVERIFY2(sentence != advice.whatWouldChange.cend(),
                 qPrintable(advice.whatWouldChange.join('\n')));
        QVERIFY2(sentence->contains(QStringLiteral("(%1 on average)").arg(size)),
                 qPrintable(*sentence));
        QVERIFY2(sentence->contains(QStringLiteral("(%1: %2)").arg(basis, figure->displayValue())),
                 qPrintable(*sentence + QStringLiteral(" / table: ") + figure->displayValue()));
        ++checked;
    }
    QVERIFY(checked > 0);
}

void TestAdvice::simulatedExperimentSaysSimulated_data()
{
    QTest::addColumn<bool>("simulated");
    QTest::newRow("replayed on a simulated drive") << true;
    QTest::newRow("measured on a device") << false;
}

void TestAdvice::experimentAloneNamesItsDrive_data()
{
    QTest::addColumn<bool>("simulated");
    QTest::newRow("replayed on a simulated drive") << true;
    QTest::newRow("measured on a device") << false;
}

namespace {
// The filesystem experiment replayed on a simulated drive (the OCZ): ext4, the tiny tree.
fsbench::FsBenchResult
simulatedExperiment(const QString &profileId = QStringLiteral("ocz-agility3"))
{
    const SimulatedProfile profile = *findSimulatedProfile(profileId);
    fsbench::FsBenchPlan plan;
    plan.filesystems = {QStringLiteral("ext4")};
    plan.tree = *fsbench::treePreset(QStringLiteral("tiny"));
    CancelToken cancel;
    return simulateFsBench(profile, plan, 0, cancel);
}
} // namespace

// Issue 47, item 13: Advice called the filesystem experiment replayed on a simulated drive
// "(measured)" while its own tab says "Simulated, not measured". The same result read as a
// device's (simulated flag off) keeps "measured".
void TestAdvice::simulatedExperimentSaysSimulated()
{
    QFETCH(bool, simulated);
    fsbench::FsBenchResult experiment = simulatedExperiment();
    QVERIFY(experiment.drive.simulated);
    experiment.drive.simulated = simulated;
    // The sweep of the same drive: a device's too when the experiment is (its curve prices the
    // delete, and a simulated curve's figures say simulated).
    AdviceInput input = inputFor(QStringLiteral("ocz-agility3"), {}, false, false,
                                 simulated ? QString() : QStringLiteral("sdz"));
    QVERIFY(!addAdviceInput(AnyResult(experiment), input).isError());
    QCOMPARE(input.treeDeletes.size(), 1);
    QCOMPARE(input.treeDeletes.first().simulated, simulated);
    // The flag survives the file a diagnosis keeps.
    const Expected<TreeDelete> reread = TreeDelete::fromJson(input.treeDeletes.first().toJson());
    QVERIFY(reread);
    QCOMPARE(reread->simulated, simulated);
    const Advice advice = adviseTrim(input);
    const Figure *deleted = advice.figure(QStringLiteral("delete-measured-ext4"));
    QVERIFY(deleted);
    const QString other = simulated ? QStringLiteral("(measured)") : QStringLiteral("(simulated)");
    const QString own = simulated ? QStringLiteral("(simulated)") : QStringLiteral("(measured)");
    QVERIFY2(deleted->label.endsWith(own), qPrintable(deleted->label));
    for (const Figure &figure : advice.numbers)
        QVERIFY2(!figure.label.contains(other), qPrintable(figure.label));
}

// Issue 47: a filesystem experiment alone (no sweep yet) gave "No drive was measured: the advice
// is about this computer's audit alone" and "measure the drive first". Its drive is the advice's:
// the advice names it, says what the experiment was (simulated, not measured, on a simulated
// drive) and that the TRIM benchmark comes next.
void TestAdvice::experimentAloneNamesItsDrive()
{
    QFETCH(bool, simulated);
    fsbench::FsBenchResult experiment = simulatedExperiment();
    experiment.drive.simulated = simulated;
    AdviceInput input = inputFor({}, QStringLiteral("all-fine"), false, false);
    QVERIFY(!addAdviceInput(AnyResult(experiment), input).isError());
    const Advice advice = adviseTrim(input);
    QCOMPARE(advice.verdict, Verdict::Unknown);
    QCOMPARE(advice.drive, experiment.drive.displayName());
    QVERIFY2(!advice.configuration.summary.contains(QLatin1String("No drive was measured")),
             qPrintable(advice.configuration.summary));
    QVERIFY2(advice.sentence.contains(experiment.drive.displayName()), qPrintable(advice.sentence));
    QVERIFY2(advice.sentence.contains(QLatin1String("run the TRIM benchmark")),
             qPrintable(advice.sentence));
    QCOMPARE(advice.sentence.contains(QLatin1String("simulated, not measured")), simulated);
}

void TestAdvice::everyFigureOfASimulationSaysSo_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("profile");
    QTest::addColumn<bool>("sweep"); // a TRIM sweep of the drive beside the experiment
    QTest::addColumn<bool>("probe"); // and a background probe
    QTest::addColumn<bool>("simulated");
    for (const char *language : {"en", "de"}) {
        for (const bool simulated : {true, false}) {
            const char *where = simulated ? "simulated drive" : "device";
            QTest::addRow("%s, experiment alone, %s", language, where)
                << language << "ocz-agility3" << false << false << simulated;
            QTest::addRow("%s, experiment and sweep, %s", language, where)
                << language << "ocz-agility3" << true << false << simulated;
            QTest::addRow("%s, experiment, sweep and probe, %s", language, where)
                << language << "background-trimmer" << true << true << simulated;
        }
    }
}

// Issue 47 item 13: on a simulated drive the replayed experiment's fstrim and the figures priced
// with its simulated sweep showed no mark of it in the table and the report (which shows only
// the labels). Every figure of a simulation says "simulated" in its label, none "measured" in
// its label or how; a device's figures never say "simulated".
void TestAdvice::everyFigureOfASimulationSaysSo()
{
    QFETCH(QString, language);
    QFETCH(QString, profile);
    QFETCH(bool, sweep);
    QFETCH(bool, probe);
    QFETCH(bool, simulated);
    GuiLanguage ui(language);
    QVERIFY(ui.loaded());
    const bool german = language == QLatin1String("de");
    AdviceInput input = inputFor(sweep ? profile : QString(), {}, probe, false,
                                 simulated ? QString() : QStringLiteral("sdz"));
    fsbench::FsBenchResult experiment = simulatedExperiment(profile);
    experiment.drive.simulated = simulated;
    QVERIFY(!addAdviceInput(AnyResult(experiment), input).isError());
    if (input.backgroundProbe) {
        input.backgroundProbe->drive = input.sweeps.constFirst().drive;
        QVERIFY(input.backgroundProbe->detected);
    }
    const Advice advice = adviseTrim(input);
    QStringList ids;
    for (const Figure &figure : advice.numbers)
        ids.append(figure.id);
    // The figures whose labels lacked the mark are there to be checked.
    QVERIFY2(ids.contains(QStringLiteral("fstrim-measured-ext4")),
             qPrintable(ids.join(QLatin1Char(' '))));
    if (sweep) {
        for (const char *id : {"trim-at-average-ext4", "delete-extra-ext4", "fstrim-weekly"})
            QVERIFY2(ids.contains(QLatin1String(id)), qPrintable(ids.join(QLatin1Char(' '))));
    }
    if (probe)
        QVERIFY2(ids.contains(QStringLiteral("background-slowdown")),
                 qPrintable(ids.join(QLatin1Char(' '))));

    const QRegularExpression simulatedWord(german ? QStringLiteral("simuliert")
                                                  : QStringLiteral("simulated"));
    const QRegularExpression measuredClaim(german ? QStringLiteral("(?<!nicht )gemessen")
                                                  : QStringLiteral("(?<!not )measured"),
                                           QRegularExpression::CaseInsensitiveOption);
    const QString fstrimMark = german ? QStringLiteral("(gemessen)") : QStringLiteral("(measured)");
    for (const Figure &figure : advice.numbers) {
        const QString both = figure.label + QStringLiteral(" / ") + figure.how;
        if (simulated) {
            QVERIFY2(figure.label.contains(simulatedWord), qPrintable(both));
            QVERIFY2(!measuredClaim.match(figure.label).hasMatch(), qPrintable(both));
            QVERIFY2(!measuredClaim.match(figure.how).hasMatch(), qPrintable(both));
        } else {
            QVERIFY2(!both.contains(QStringLiteral("simul"), Qt::CaseInsensitive),
                     qPrintable(both));
        }
    }
    // The replayed fstrim is marked as the replayed delete is, either way.
    const Figure *fstrim = advice.figure(QStringLiteral("fstrim-measured-ext4"));
    QVERIFY2(fstrim->label.endsWith(simulated ? (german ? QStringLiteral("(simuliert)")
                                                        : QStringLiteral("(simulated)"))
                                              : fstrimMark),
             qPrintable(fstrim->label));
}

// A refusal names the drive a run ran on, which may be simulated ("OCZ … (simulated)"): it said
// "this sweep measured OCZ … (simulated)", calling a simulation measured (issue 47 item 13).
void TestAdvice::refusalsSayWhereARunRan()
{
    AdviceInput input;
    input.sweeps.append(simulatedSweep(QStringLiteral("ocz-agility3")));
    const Error refused =
        addAdviceInput(AnyResult(simulatedSweep(QStringLiteral("corsair-performance-pro"))), input);
    QVERIFY(refused.isError());
    QVERIFY2(refused.message.contains(QStringLiteral("(simulated)")), qPrintable(refused.message));
    QVERIFY2(!refused.message.contains(QStringLiteral("measured")), qPrintable(refused.message));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestAdvice)
#include "tst_advice.moc"
