#include "advice.h"

#include "advicetext.h"
#include "evidence.h"
#include "figures.h"
#include "fixes.h"
#include "inusewords.h"
#include "raiddiscard.h"
#include "words.h"

#include <algorithm>

// The pipeline: the evidence (the curve, the measured drive, the audit matched to it, the
// estimates and their predictions), then the verdict from its numbers alone, then the figures,
// the words and the fixes built from that verdict.

namespace trimscope::advice {

// Thresholds, and why.
//
// ext4, 1 s: the kernel-tree delete itself takes about 0.5 s plus 0.17 s of sync (ext4 discard
// article); ext4 sends its discards when the journal commits, and while they run "any I/O is
// really slow". One extra second at most doubles the delete and stays below what people notice
// as a stall; the article's bad drive added 40 s.
// XFS, 5 s: XFS sends 1,641x as many small discards, from a background worker after the log
// commits, so the deleting program does not wait for them, but the drive is busy for that long.
// Drives the literature calls fine "with both filesystems" (Corsair Performance Pro) land at
// 1-4 s here, the bad one (OCZ Agility 3) at over 6 minutes: 5 s separates the two by a wide
// margin on either side.
// Other filesystems default to the ext4 figure: their discards are closer in size to ext4's.
// A detected background trimmer always means "prefer fstrim": its TRIM times do not show what
// discards cost, and fstrim can run when nobody is writing (Thomas-Krenn: batched discard at
// night rules the effect out).
//
// Margins, and why. Every estimate carries a range: the margin of where its discard figures come
// from (deletescaling.cpp: measured on a kernel-sized tree, extrapolated from two sizes, scaled
// from one, or recorded on another drive) plus how well the sweep knows the TRIM time it is
// multiplied by (the median's confidence interval). Only a range wholly below the limit says
// "discard is fine" and only one wholly above it says "fstrim"; a range across the limit is
// undecided, an answer of its own: both costs in numbers, and the run that would decide (a
// kernel-sized delete on the drive). Its fixes are fstrim's, the choice that is never harmful. A
// drive whose estimate wanders from run to run around the limit therefore always gets the same
// answer.
//
// Only what was measured on this drive, or recorded on a current kernel, decides. The 2011
// literature's figures (fsbench/recordedprofiles.h) made XFS look hundreds of times costlier
// than today's kernels make it, and are history.

namespace {

std::optional<DriveInfo> measuredDrive(const AdviceInput &input)
{
    if (!input.sweeps.isEmpty())
        return input.sweeps.constFirst().drive;
    if (input.drive)
        return input.drive;
    if (input.stall && !input.stall->drive.model.isEmpty())
        return input.stall->drive;
    // The drive in use, measured by its own counters or a timed fstrim.
    if (input.watch)
        return input.watch->drive;
    if (!input.fstrimTimings.isEmpty())
        return input.fstrimTimings.constFirst().drive;
    return std::nullopt;
}

// libata's quirks apply to drives libata drives: not behind a USB bridge, not NVMe, not a
// simulated drive named after a real one.
LibataTrimQuirks kernelQuirksOf(const std::optional<DriveInfo> &drive)
{
    if (!drive || drive->simulated || drive->transport != QLatin1String("sata"))
        return {};
    return libataTrimQuirks(drive->model, drive->firmware);
}

bool driveLacksTrim(const Evidence &e)
{
    if (e.input.health && e.input.health->trimSupported == false)
        return true;
    if (!e.curve.isEmpty())
        return false;
    for (const SweepResult &s : e.input.sweeps) {
        if (s.drive.discardMaxBytes == 0 || s.error.code == ErrorCode::NoDiscardSupport)
            return true;
    }
    // Without a sweep, the kernel's word for the disk itself (not a layer above it).
    return e.input.sweeps.isEmpty() && e.audit.hasFinding(QStringLiteral("disk-no-discard")) &&
           e.audit.blockers.isEmpty();
}

// A drive that trims in the background, or whose discards stall the I/O around them, makes every
// filesystem prefer fstrim, however cheap its TRIMs look: one answer for all of them, which the
// headline, the sentences and the fixes then give alike. A drive without TRIM keeps its estimates
// as they are: there is nothing to defer.
void applyOverridingGround(const Evidence &e, QList<FsPrediction> &predictions)
{
    const bool background = e.backgroundTrimming();
    const bool stall = !background && e.onlineStall();
    if (!background && !stall)
        return;
    for (FsPrediction &p : predictions) {
        p.verdict.verdict = Verdict::PreferPeriodicFstrim;
        p.verdict.backgroundTrim = background;
        p.verdict.stall = stall;
    }
}

// A background probe that ran and could not tell (the computer was busy) leaves "online discard
// fine" open: that answer rests on the TRIM times being what discards cost, which is not so on
// a drive that trims in the background, and such a drive answers TRIMs as quickly as a fast
// one. So a filesystem its figures put under the limit is undecided until a probe tells, and
// "prefer fstrim" (background TRIM would only add to its cost) stands. One rule, whichever path
// fed the advice: before, the verdict beside an undecided probe followed the estimates alone,
// and on the background-trimming drive beside two busy loops ext4's estimate from recorded
// figures, priced by TRIM times the load had slowed, lay at 0.18-0.97 s against its 1 s limit,
// "fine" in one run and "undecided" in the next (the scripted path and diagnose disagreed).
void applyUnknownBackground(const Evidence &e, QList<FsPrediction> &predictions)
{
    if (!e.probeInconclusive)
        return;
    for (FsPrediction &p : predictions) {
        if (p.verdict.verdict != Verdict::OnlineDiscardFine)
            continue;
        p.verdict.verdict = Verdict::Undecided;
        p.verdict.backgroundUnknown = true;
    }
}

// The verdict from the evidence's numbers alone: no TRIM, a stack that blocks it, or what the
// measurements say.
Decision decide(const Evidence &e)
{
    Decision d;
    d.fromCurve = e.curveVerdict();
    if (driveLacksTrim(e))
        return {Verdict::NoTrim, Ground::NoTrim, d.fromCurve};
    if (!e.audit.blockers.isEmpty())
        return {Verdict::FixStackFirst, Ground::StackBlocked, d.fromCurve};
    d.verdict = d.fromCurve;
    switch (d.fromCurve) {
    case Verdict::OnlineDiscardFine:
    case Verdict::Undecided:
        d.ground = Ground::Estimates;
        break;
    case Verdict::PreferPeriodicFstrim:
        d.ground = e.onlineStall()          ? Ground::Stall
                   : e.backgroundTrimming() ? Ground::BackgroundTrim
                                            : Ground::Estimates;
        break;
    default:
        // Nothing measured on a spare drive: the drive in use may have measured itself.
        d.verdict = e.inUse.isEmpty() ? Verdict::Unknown : inUseVerdict(e.inUse, e.thresholds);
        d.ground = e.inUse.isEmpty() ? Ground::NothingMeasured : Ground::InUse;
        break;
    }
    return d;
}

audit::Finding makeOwnFinding(QString id, audit::Severity severity, QString subject, QString title,
                              QString explanation, QString fix = {})
{
    audit::Finding f;
    f.id = std::move(id);
    f.severity = severity;
    f.subject = std::move(subject);
    f.title = std::move(title);
    f.explanation = std::move(explanation);
    f.fix = std::move(fix);
    return f;
}

// What the kernel's own list makes of the drive's TRIM, and what that means for the verdict. A
// drive whose TRIM goes unqueued (libata NO_NCQ_TRIM) makes every other command wait while a
// discard runs: a warning where the verdict would put discards on it unmeasured, information
// where fstrim is the answer anyway or a stall test measured the cost.
std::optional<audit::Finding> kernelQuirkFinding(const Evidence &e, Verdict verdict)
{
    const LibataTrimQuirks &q = e.kernelQuirks;
    if (q.noTrim)
        return makeOwnFinding(
            QStringLiteral("kernel-no-trim"), audit::Severity::Warning, e.driveName(),
            AdviceText::tr("The kernel sends this drive no TRIM"),
            AdviceText::tr("Linux's libata lists drives matching \"%1\" as having broken TRIM "
                           "(quirk NOTRIM) and sends them none: neither discard nor fstrim "
                           "reaches it.")
                .arg(q.pattern));
    if (!q.noQueuedTrim)
        return std::nullopt;
    const bool weighs = e.unqueuedTrimUnmeasured() &&
                        (verdict == Verdict::OnlineDiscardFine || verdict == Verdict::Undecided);
    QString explanation =
        AdviceText::tr("Linux's libata turns queued TRIM off for drives matching \"%1\" (quirk "
                       "NO_NCQ_TRIM): each discard waits until the drive's queue is empty and "
                       "every other read and write waits behind it, so online discard costs "
                       "more on this drive than its TRIM times show. A weekly fstrim pays that "
                       "once, at a time you choose.")
            .arg(q.pattern);
    if (e.input.stall && e.input.stall->measured())
        explanation += QLatin1Char(' ') + AdviceText::tr("The stall test measured what it costs "
                                                         "here: %1")
                                              .arg(e.input.stall->summary());
    else
        explanation += QLatin1Char(' ') +
                       AdviceText::tr("A stall test (trimscope-cli stall) measures how long "
                                      "other I/O waits behind its discards.");
    return makeOwnFinding(QStringLiteral("kernel-unqueued-trim"),
                          weighs ? audit::Severity::Warning : audit::Severity::Info, e.driveName(),
                          AdviceText::tr("The kernel sends this drive's TRIM "
                                         "unqueued"),
                          explanation);
}

// The audit's findings about the drive, and the advice's own: background trimming, stalls, no
// TRIM; most severe first.
QList<audit::Finding> driveFindings(const Evidence &e, const Advice &advice)
{
    QList<audit::Finding> findings = e.audit.findings;
    const AdviceInput &input = e.input;
    for (const audit::Finding &blocker : e.audit.blockers) {
        if (std::optional<audit::Finding> unsafe = raidDiscardUnsafeFinding(e, blocker)) {
            for (audit::Finding &f : findings) {
                if (f.id == blocker.id && f.subject == blocker.subject)
                    f.fix.clear(); // not a change to make on this drive
            }
            findings.append(*unsafe);
        }
    }
    if (e.backgroundTrimming())
        findings.append(makeOwnFinding(QStringLiteral("background-trim"), audit::Severity::Warning,
                                       e.driveName(),
                                       AdviceText::tr("The drive trims in the background"),
                                       input.backgroundProbe->summary(), weeklyFstrimFixText(e)));
    if (input.stall && input.stall->measured() && (e.onlineStall() || !input.stall->passed()))
        findings.append(makeOwnFinding(
            QStringLiteral("discard-stalls-io"),
            input.stall->passed() ? audit::Severity::Warning : audit::Severity::Problem,
            e.driveName(), AdviceText::tr("Discards stall other I/O on this drive"),
            input.stall->summary(), weeklyFstrimFixText(e)));
    if (advice.verdict == Verdict::NoTrim)
        findings.append(makeOwnFinding(QStringLiteral("no-trim"), audit::Severity::Warning,
                                       e.driveName(), AdviceText::tr("The drive has no TRIM"),
                                       advice.sentence));
    if (std::optional<audit::Finding> kernel = kernelQuirkFinding(e, advice.verdict))
        findings.append(*kernel);
    // btrfs's own verdict, measured: the audit's "async is right as it is" does not hold on a
    // drive that stalls behind its discards.
    for (const audit::AuditTarget &t : e.audit.targets) {
        if (advice.verdict == Verdict::NoTrim || !btrfsAsyncOnDriveThatStalls(e, t))
            continue;
        findings.removeIf([&](const audit::Finding &f) {
            return f.id == QLatin1String("btrfs-async-discard") && f.subject == t.subject;
        });
        const Fix fix = btrfsNodiscardFixFor(e, t);
        findings.append(makeOwnFinding(
            QStringLiteral("btrfs-async-discard"), audit::Severity::Warning, t.subject,
            AdviceText::tr("%1 (btrfs): async discard still holds this drive up").arg(t.subject),
            fix.explanation,
            fix.file.isEmpty() ? fix.text : fix.file + QStringLiteral(":\n  ") + fix.text));
    }
    std::stable_sort(findings.begin(), findings.end(),
                     [](const auto &a, const auto &b) { return a.severity > b.severity; });
    return findings;
}

} // namespace

QString Evidence::driveName() const
{
    return drive ? drive->displayName() : AdviceText::tr("this drive");
}

bool Evidence::unqueuedTrimUnmeasured() const
{
    return kernelQuirks.noQueuedTrim && !(input.stall && input.stall->measured());
}

bool Evidence::backgroundTrimming() const
{
    return input.backgroundProbe && input.backgroundProbe->detected;
}

const stall::StallPhaseFigures *Evidence::onlineStall() const
{
    if (!input.stall || !input.stall->measured())
        return nullptr;
    const stall::StallPhaseFigures *worst = nullptr;
    for (const stall::StallPhase phase : {stall::StallPhase::Small, stall::StallPhase::Medium}) {
        const stall::StallPhaseFigures *f = input.stall->phase(phase);
        if (f && f->longestStallSeconds > thresholds.stallSeconds &&
            (!worst || f->longestStallSeconds > worst->longestStallSeconds))
            worst = f;
    }
    return worst;
}

Verdict Evidence::curveVerdict() const
{
    // The strongest reasons of all, whatever the TRIM times say: the drive in use hangs behind
    // the discards online discard sends, or it trims in the background (its quick answers hide
    // the cost).
    if (onlineStall() || backgroundTrimming())
        return Verdict::PreferPeriodicFstrim;
    if (predictions.isEmpty())
        return Verdict::Unknown;
    const auto any = [this](Verdict verdict) {
        return std::any_of(predictions.cbegin(), predictions.cend(),
                           [verdict](const auto &p) { return p.verdict.verdict == verdict; });
    };
    // One filesystem over its limit settles it; one that cannot be called leaves it open.
    if (any(Verdict::PreferPeriodicFstrim))
        return Verdict::PreferPeriodicFstrim;
    return any(Verdict::Undecided) ? Verdict::Undecided : Verdict::OnlineDiscardFine;
}

const FsPrediction *Evidence::worstPrediction(Verdict verdict) const
{
    const FsPrediction *worst = nullptr;
    for (const FsPrediction &p : predictions) {
        if (p.verdict.verdict != verdict || p.verdict.backgroundUnknown)
            continue;
        if (!worst || p.deleteSeconds / p.threshold > worst->deleteSeconds / worst->threshold)
            worst = &p;
    }
    return worst;
}

Advice adviseTrim(const AdviceInput &given, const AdviceThresholds &thresholds)
{
    // A probe on a drive that never became idle says nothing either way: it is left out of the
    // figures, and what it leaves open is undecided (applyUnknownBackground).
    AdviceInput input = given;
    const bool inconclusiveProbe = input.backgroundProbe && !input.backgroundProbe->conclusive();
    if (inconclusiveProbe)
        input.backgroundProbe.reset();

    TrimCurve curve = TrimCurve::fromSweeps(input.sweeps);
    const std::optional<DriveInfo> drive = measuredDrive(input);
    AuditMatch audit = matchAudit(input.audit, drive, curve);
    QList<FsEstimate> estimates =
        estimateFilesystems(input, audit, drive ? drive->displayName() : QString());
    QList<FsPrediction> predictions = predictDeletes(estimates, curve, thresholds);
    Evidence e{input,
               thresholds,
               std::move(curve),
               drive,
               std::move(audit),
               std::move(estimates),
               std::move(predictions),
               inUseFiguresOf(input),
               inconclusiveProbe,
               kernelQuirksOf(drive)};
    if (!driveLacksTrim(e)) {
        applyOverridingGround(e, e.predictions);
        applyUnknownBackground(e, e.predictions);
    }
    const Decision decision = decide(e);

    Advice advice;
    if (e.drive)
        advice.drive = e.drive->displayName();
    advice.verdict = decision.verdict;
    advice.numbers = adviceFigures(e);
    advice.sentence = verdictSentence(e, decision, advice.numbers);
    advice.fixes = fixesFor(e, decision.verdict);
    advice.whatWouldChange = decision.ground == Ground::InUse
                                 ? inUseWouldChange(e.inUse, thresholds, decision.verdict)
                                 : whatWouldChange(e, decision);
    const Confidence confidence = decision.ground == Ground::InUse
                                      ? assessInUseConfidence(e.inUse, thresholds, decision.verdict)
                                      : assessConfidence(e, decision.verdict);
    advice.confidence = confidence.level;
    advice.confidenceReasons = confidence.reasons;
    if (decision.ground == Ground::InUse) {
        if (inconclusiveProbe)
            advice.confidenceReasons.append(
                AdviceText::tr("background TRIM: not known (the computer was busy)"));
        // The counters time each discard, not the reads and writes that waited behind it.
        if (e.unqueuedTrimUnmeasured() && decision.verdict == Verdict::OnlineDiscardFine) {
            advice.confidenceReasons.append(
                AdviceText::tr("the kernel sends this drive's TRIM unqueued (libata quirk "
                               "NO_NCQ_TRIM for \"%1\"): the counters time its discards, not "
                               "the I/O that waited behind them")
                    .arg(e.kernelQuirks.pattern));
            if (advice.confidence == QLatin1String("high"))
                advice.confidence = QStringLiteral("medium");
        }
    }
    advice.configuration = describeConfiguration(e);
    for (const FsPrediction &p : std::as_const(e.predictions)) {
        FilesystemVerdict verdict = p.verdict;
        verdict.sentence = filesystemVerdictSentence(verdict);
        advice.filesystems.append(verdict);
    }
    advice.findings = driveFindings(e, advice);
    advice.computerFindings = e.audit.computerFindings;
    return advice;
}

} // namespace trimscope::advice
