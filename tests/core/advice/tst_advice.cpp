#include "advice/advice.h"
#include "advice/trimcurve.h"
#include "audit/systemsnapshot.h"
#include "report/resultfile.h"
#include "simulate/simulatedprobetarget.h"
#include "simulate/simulatedprofiles.h"
#include "simulate/simulatedsweep.h"
#include "sweep/sweeprunner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

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
    void numbersFollowTheFormula();
    void measuredFilesystemFiguresReplaceLiterature();
    void smallerMeasuredTreesScaleToTheKernelTree();
    void jsonCarriesEverything();
    void verdictNamesRoundTrip();
    void stallDecides_data();
    void stallDecides();
    void fstabLine_data();
    void fstabLine();
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

audit::AuditReport auditOf(const QString &fixture)
{
    QFile file(QStringLiteral(TRIMSCOPE_SOURCE_DIR "/tests/core/audit/data/%1.json").arg(fixture));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing audit fixture %s", qPrintable(fixture));
    auto snapshot = audit::SystemSnapshot::fromJsonBytes(file.readAll());
    if (!snapshot)
        qFatal("bad audit fixture %s", qPrintable(fixture));
    return audit::runAudit(*snapshot);
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

AdviceInput inputFor(const QString &sweep, const QString &auditFixture, bool probe, bool measuredFs)
{
    AdviceInput input;
    if (sweep == QLatin1String("forty-second-drive"))
        input.sweeps.append(fortySecondDrive());
    else if (!sweep.isEmpty())
        input.sweeps.append(simulatedSweep(sweep));
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
        << "corsair-performance-pro" << 0.3 << 0.3 << Verdict::PreferPeriodicFstrim
        << "300.0 ms" << true;
    QTest::newRow("stall alone, no sweep -> fstrim")
        << QString() << 0.25 << 0.3 << Verdict::PreferPeriodicFstrim << "250.0 ms" << true;
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
    if (verdict == Verdict::PreferPeriodicFstrim)
        QVERIFY(hasFix(advice, QStringLiteral("enable-fstrim-timer")));
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

    const QString none;
    QTest::newRow("slow small TRIMs (OCZ Agility 3) -> fstrim")
        << "ocz-agility3" << none << false << false << Verdict::PreferPeriodicFstrim
        << "enable-fstrim-timer" << none;
    QTest::newRow("ext4 article's drive, 40 s delete -> fstrim")
        << "forty-second-drive" << none << false << false << Verdict::PreferPeriodicFstrim
        << "enable-fstrim-timer" << none;
    QTest::newRow("fast TRIMs (Corsair Performance Pro) -> discard")
        << "corsair-performance-pro" << none << false << false << Verdict::OnlineDiscardFine
        << "fstab-add-discard" << none;
    QTest::newRow("fast TRIMs (Intel 320) -> discard")
        << "intel-320" << none << false << false << Verdict::OnlineDiscardFine
        << "fstab-add-discard" << none;
    QTest::newRow("fast TRIMs, probe finds nothing -> discard")
        << "corsair-performance-pro" << none << true << false << Verdict::OnlineDiscardFine
        << "fstab-add-discard" << none;
    QTest::newRow("background trimmer, probed -> warned, fstrim")
        << "background-trimmer" << none << true << false << Verdict::PreferPeriodicFstrim
        << "enable-fstrim-timer"
        << "background-trim";
    QTest::newRow("no TRIM -> says so")
        << "no-trim" << none << false << false << Verdict::NoTrim << none << "no-trim";
    QTest::newRow("dm-crypt without discard -> fix stack first")
        << "corsair-performance-pro"
        << "crypt-nodiscard" << false << false << Verdict::FixStackFirst
        << "audit:discards-blocked-crypt"
        << "discards-blocked-crypt";
    QTest::newRow("IDE mode -> fix stack first")
        << "ocz-agility3"
        << "ide-mode" << false << false << Verdict::FixStackFirst << "audit:controller-ide-mode"
        << "controller-ide-mode";
    QTest::newRow("stack fine, fast drive -> discard with exact fstab lines")
        << "corsair-performance-pro"
        << "all-fine" << false << false << Verdict::OnlineDiscardFine << "fstab-add-discard:/"
        << none;
    QTest::newRow("timer disabled, slow drive -> enable the timer")
        << "ocz-agility3"
        << "timer-disabled" << false << false << Verdict::PreferPeriodicFstrim
        << "enable-fstrim-timer"
        << "fstrim-timer-disabled";
    QTest::newRow("slow drive, filesystems measured with large discards -> discard")
        << "ocz-agility3" << none << false << true << Verdict::OnlineDiscardFine << none << none;
    QTest::newRow("nothing measured -> unknown")
        << none << none << false << false << Verdict::Unknown << none << none;
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

    const Advice advice = adviseTrim(inputFor(sweep, audit, probe, measuredFs));
    QVERIFY2(advice.verdict == verdict,
             qPrintable(verdictName(advice.verdict) + QStringLiteral(": ") + advice.sentence));
    QVERIFY(!advice.sentence.isEmpty());
    QVERIFY(!advice.confidence.isEmpty());
    if (!fix.isEmpty())
        QVERIFY2(hasFix(advice, fix), qPrintable(QJsonDocument(advice.toJson()).toJson()));
    if (!finding.isEmpty())
        QVERIFY2(hasFinding(advice, finding), qPrintable(finding));
    if (verdict == Verdict::OnlineDiscardFine || verdict == Verdict::PreferPeriodicFstrim) {
        QVERIFY(advice.figure(QStringLiteral("delete-extra-ext4")));
        QVERIFY(advice.figure(QStringLiteral("delete-extra-xfs")));
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

void TestAdvice::numbersFollowTheFormula()
{
    AdviceInput input = inputFor(QStringLiteral("ocz-agility3"), {}, false, false);
    const TrimCurve curve = TrimCurve::fromSweeps(input.sweeps);
    const Advice advice = adviseTrim(input);
    const Figure *xfs = advice.figure(QStringLiteral("delete-extra-xfs"));
    const Figure *ext4 = advice.figure(QStringLiteral("delete-extra-ext4"));
    QVERIFY(xfs && ext4);
    QCOMPARE(xfs->value, 24.0 * 1641 * *curve.secondsAt(13.2 * 1024));
    QCOMPARE(ext4->value, 24.0 * *curve.secondsAt(21.0 * 1024 * 1024));
    // The article's OCZ Agility 3 took more than 6 minutes with XFS and about a second with ext4.
    QVERIFY2(xfs->value > 200 && xfs->value < 600, qPrintable(xfs->displayValue()));
    QVERIFY2(ext4->value < 1, qPrintable(ext4->displayValue()));
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
    for (const FilesystemDeleteProfile &literature : literatureDeleteProfiles())
        QCOMPARE(literature.kernelTreeDiscardCount(), literature.discardCount);
}

QTEST_GUILESS_MAIN(TestAdvice)
#include "tst_advice.moc"
