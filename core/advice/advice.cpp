#include "advice.h"

#include "common/units.h"
#include "trimcurve.h"

#include <QCoreApplication>
#include <QSet>
#include <algorithm>
#include <cmath>

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

namespace {

class AdviceText
{
    Q_DECLARE_TR_FUNCTIONS(TrimAdvice)
};

constexpr double kMiB = 1024.0 * 1024.0;
// ext4 trims free space one block group at a time: 128 MiB with 4 KiB blocks. Pieces of that
// size make the fstrim estimate realistic for ext4 and conservative for XFS.
constexpr quint64 kFstrimPieceBytes = quint64(128) << 20;

const QSet<QString> &stackBlockerIds()
{
    static const QSet<QString> ids = {QStringLiteral("discards-blocked-crypt"),
                                      QStringLiteral("discards-blocked-layer"),
                                      QStringLiteral("controller-ide-mode")};
    return ids;
}

struct FsPrediction
{
    FilesystemDeleteProfile profile;
    double trimSeconds = 0;   // one discard of the average size
    double deleteSeconds = 0; // all of them
    double threshold = 0;
    bool tooSlow = false;
};

struct Context
{
    const AdviceInput &input;
    const AdviceThresholds &thresholds;
    TrimCurve curve;
    DriveInfo drive;
    bool haveDrive = false;
    QList<audit::AuditTarget> targets; // audit targets on this drive (or all, if unmatched)
    bool targetsMatched = false;
    QList<audit::Finding> findings; // audit findings for those targets
    QList<audit::Finding> blockers;
    QList<FsPrediction> predictions;
    Advice advice;
    QStringList doubts; // what lowers the confidence
};

double thresholdFor(const QString &fs, const AdviceThresholds &t)
{
    if (fs == QLatin1String("ext4"))
        return t.ext4ExtraDeleteSeconds;
    if (fs == QLatin1String("xfs"))
        return t.xfsExtraDeleteSeconds;
    return t.otherExtraDeleteSeconds;
}

QString fsDisplay(const QString &fs)
{
    return fs == QLatin1String("xfs") ? QStringLiteral("XFS") : fs;
}

QString bytesDisplay(double bytes)
{
    if (bytes < kMiB)
        return QStringLiteral("%1 KiB").arg(formatFixed(bytes / 1024.0, 1));
    return QStringLiteral("%1 MiB").arg(formatFixed(bytes / kMiB, 1));
}

bool findingConcerns(const audit::Finding &finding, const audit::AuditTarget &target)
{
    if (finding.subject == target.subject)
        return true;
    return std::any_of(
        target.stack.layers.cbegin(), target.stack.layers.cend(),
        [&](const audit::StackLayer &l) { return l.devicePath() == finding.subject; });
}

void matchAudit(Context &c)
{
    if (!c.input.audit)
        return;
    const audit::AuditReport &report = *c.input.audit;
    for (const audit::AuditTarget &target : report.targets) {
        const auto disks = target.stack.disks();
        const bool onDrive =
            c.haveDrive && std::any_of(disks.cbegin(), disks.cend(), [&](const auto *disk) {
                return disk->name == c.drive.name;
            });
        if (onDrive)
            c.targets.append(target);
    }
    c.targetsMatched = !c.targets.isEmpty();
    if (!c.targetsMatched) {
        c.targets = report.targets;
        if (c.haveDrive && !report.targets.isEmpty())
            c.doubts.append(AdviceText::tr("the audit found no filesystem on the measured drive, "
                                           "so its findings are for this machine's other drives"));
    }
    for (const audit::Finding &finding : report.findings) {
        // "system", "fstrim.timer", "cron": not a mount point or device, so about every drive.
        const bool system = !finding.subject.startsWith(QLatin1Char('/'));
        const bool concerns =
            system || !c.targetsMatched ||
            std::any_of(c.targets.cbegin(), c.targets.cend(),
                        [&](const audit::AuditTarget &t) { return findingConcerns(finding, t); });
        if (!concerns)
            continue;
        c.findings.append(finding);
        const bool diskNoDiscardButTrims =
            finding.id == QLatin1String("disk-no-discard") && !c.curve.isEmpty();
        if (stackBlockerIds().contains(finding.id) || diskNoDiscardButTrims)
            c.blockers.append(finding);
    }
}

// The filesystems on the measured drive, when the audit found that drive; otherwise the choice
// is still open and ext4 and XFS, the two the literature measured, are compared.
QStringList filesystemsInUse(const Context &c)
{
    QStringList types;
    if (!c.targetsMatched)
        return types;
    for (const audit::AuditTarget &target : c.targets) {
        if (target.kind == audit::AuditTarget::Kind::Filesystem && !types.contains(target.fsType))
            types.append(target.fsType);
    }
    return types;
}

QList<FilesystemDeleteProfile> deleteProfiles(Context &c)
{
    QList<FilesystemDeleteProfile> profiles = c.input.filesystems;
    const QList<FilesystemDeleteProfile> literature = literatureDeleteProfiles();
    QStringList wanted = filesystemsInUse(c);
    if (wanted.isEmpty())
        wanted = {QStringLiteral("ext4"), QStringLiteral("xfs")};
    for (const QString &fs : std::as_const(wanted)) {
        const bool have = std::any_of(profiles.cbegin(), profiles.cend(),
                                      [&](const auto &p) { return p.filesystem == fs; });
        if (have)
            continue;
        auto known = std::find_if(literature.cbegin(), literature.cend(),
                                  [&](const auto &p) { return p.filesystem == fs; });
        FilesystemDeleteProfile profile = known != literature.cend() ? *known : literature.first();
        if (known == literature.cend()) {
            profile.filesystem = fs;
            profile.source = AdviceText::tr("assumed like ext4: no discard figures for %1").arg(fs);
        }
        profiles.append(profile);
    }
    // Only the filesystems in use decide, when the audit says which those are.
    if (!filesystemsInUse(c).isEmpty())
        profiles.removeIf([&](const auto &p) { return !wanted.contains(p.filesystem); });
    return profiles;
}

void addFigure(Context &c, QString id, QString label, double value, QString unit, QString how)
{
    c.advice.numbers.append(
        {std::move(id), std::move(label), value, std::move(unit), std::move(how)});
}

void predict(Context &c)
{
    for (const FilesystemDeleteProfile &profile : deleteProfiles(c)) {
        const auto seconds = predictDeleteSeconds(c.curve, profile);
        if (!seconds)
            continue;
        FsPrediction p;
        p.profile = profile;
        p.trimSeconds = c.curve.secondsAt(profile.averageDiscardBytes).value_or(0);
        p.deleteSeconds = *seconds;
        p.threshold = thresholdFor(profile.filesystem, c.thresholds);
        p.tooSlow = p.deleteSeconds > p.threshold;
        c.predictions.append(p);
        const QString fs = fsDisplay(profile.filesystem);
        addFigure(c, QStringLiteral("trim-at-average-%1").arg(profile.filesystem),
                  // The filesystem first: rows of two filesystems differ at their start,
                  // which stays readable however narrow the column is (issue 15, item 6).
                  AdviceText::tr("%1: one TRIM of %2 (its average discard)")
                      .arg(fs, bytesDisplay(profile.averageDiscardBytes)),
                  p.trimSeconds, QStringLiteral("s"),
                  c.curve.covers(quint64(profile.averageDiscardBytes))
                      ? AdviceText::tr("log-log interpolation between the measured medians")
                      : AdviceText::tr("outside the measured sizes: the nearest measured median, "
                                       "scaled by size above the largest"));
        addFigure(c, QStringLiteral("delete-extra-%1").arg(profile.filesystem),
                  AdviceText::tr("%1: extra time to delete a kernel tree (%2 files, 493 MB) "
                                 "with discard")
                      .arg(fs, formatCount(kKernelTreeFiles)),
                  p.deleteSeconds, QStringLiteral("s"),
                  AdviceText::tr("%1 discards x %2 per discard; %3")
                      .arg(std::llround(profile.kernelTreeDiscardCount()))
                      .arg(formatSeconds(p.trimSeconds), profile.source));
        if (profile.fstrimSeconds)
            addFigure(c, QStringLiteral("fstrim-measured-%1").arg(profile.filesystem),
                      AdviceText::tr("%1: fstrim of the test filesystem").arg(fs),
                      *profile.fstrimSeconds, QStringLiteral("s"),
                      AdviceText::tr("measured by the filesystem experiment"));
    }
}

void predictFstrim(Context &c)
{
    double freeBytes = 0;
    QString how;
    if (c.input.freeBytes) {
        freeBytes = double(*c.input.freeBytes);
        how = AdviceText::tr("the free space given");
    } else if (c.haveDrive && c.drive.sizeBytes > 0) {
        double used = 0.5;
        how = AdviceText::tr("assuming half of the drive is free");
        for (const audit::AuditTarget &t : std::as_const(c.targets)) {
            if (c.targetsMatched && t.usedFraction) {
                used = *t.usedFraction;
                how =
                    AdviceText::tr("the drive's size times the free fraction of %1").arg(t.subject);
                break;
            }
        }
        freeBytes = double(c.drive.sizeBytes) * (1 - used);
    }
    if (!(freeBytes > 0))
        return;
    const auto seconds = c.curve.secondsToDiscard(freeBytes, kFstrimPieceBytes);
    if (!seconds)
        return;
    addFigure(c, QStringLiteral("fstrim-weekly"),
              AdviceText::tr("Weekly fstrim of %1 free space").arg(formatBytes(quint64(freeBytes))),
              *seconds, QStringLiteral("s"),
              AdviceText::tr("%1, trimmed in 128 MiB pieces (ext4's block groups) at the "
                             "measured time per piece; an upper bound when free space is in "
                             "larger extents")
                  .arg(how));
}

void addProbeFigures(Context &c)
{
    if (!c.input.backgroundProbe)
        return;
    const probe::BackgroundProbeResult &probe = *c.input.backgroundProbe;
    if (!probe.detected)
        return;
    addFigure(c, QStringLiteral("background-slowdown"),
              AdviceText::tr("Write slow-down after a large TRIM"), probe.slowdownFactor,
              QStringLiteral("x"),
              AdviceText::tr("median 4 KiB write after the discard (%1) over the median before "
                             "(%2)")
                  .arg(formatSeconds(probe.slowMedianSeconds),
                       formatSeconds(probe.baselineMedianSeconds)));
    addFigure(c, QStringLiteral("background-duration"), AdviceText::tr("Writes stayed slow for"),
              probe.slowForSeconds, QStringLiteral("s"),
              AdviceText::tr("after a %1 discard that returned in %2%3")
                  .arg(formatBytes(probe.discardBytes), formatSeconds(probe.discardSeconds),
                       probe.recovered ? QString()
                                       : AdviceText::tr("; still slow when the probe ended")));
    const double perMiB = probe.deferredSecondsPerMiB();
    addFigure(c, QStringLiteral("background-per-mib"),
              AdviceText::tr("Background work per trimmed MiB"), perMiB, QStringLiteral("s/MiB"),
              AdviceText::tr("slow period / MiB discarded"));
    addFigure(c, QStringLiteral("background-after-delete"),
              AdviceText::tr("Slow writes after deleting a kernel tree with discard"),
              perMiB * kKernelTreeBytes / kMiB, QStringLiteral("s"),
              AdviceText::tr("493 MB x background work per MiB"));
}

// ---- stall ---------------------------------------------------------------------------------

// The small or medium phase whose discards held I/O up longest, when that is over the threshold:
// what online discard would do to the drive in use.
const stall::StallPhaseFigures *onlineStall(const Context &c)
{
    if (!c.input.stall || !c.input.stall->measured())
        return nullptr;
    const stall::StallPhaseFigures *worst = nullptr;
    for (const stall::StallPhase phase : {stall::StallPhase::Small, stall::StallPhase::Medium}) {
        const stall::StallPhaseFigures *f = c.input.stall->phase(phase);
        if (f && f->longestStallSeconds > c.thresholds.stallSeconds &&
            (!worst || f->longestStallSeconds > worst->longestStallSeconds))
            worst = f;
    }
    return worst;
}

void addStallFigures(Context &c)
{
    if (!c.input.stall || !c.input.stall->measured())
        return;
    const stall::StallResult &r = *c.input.stall;
    const stall::StallPhaseFigures *base = r.phase(stall::StallPhase::Baseline);
    for (const stall::StallPhaseFigures &f : r.phases) {
        if (f.phase == stall::StallPhase::Baseline)
            continue;
        const QString name = stall::stallPhaseName(f.phase);
        addFigure(c, QStringLiteral("stall-longest-") + name,
                  AdviceText::tr("Longest I/O stall beside %1 discards")
                      .arg(formatBytes(f.discardBytes)),
                  f.longestStallSeconds, QStringLiteral("s"),
                  AdviceText::tr("QD1 4 KiB reads: the longest read after a discard began "
                                 "(%n discard(s); reads alone: median %1, longest %2)",
                                 nullptr, f.discards)
                      .arg(formatSeconds(base ? base->p50Seconds : 0),
                           formatSeconds(base ? base->maxSeconds : 0)));
        addFigure(c, QStringLiteral("stall-added-") + name,
                  AdviceText::tr("I/O time lost per %1 discard").arg(formatBytes(f.discardBytes)),
                  f.addedPerDiscardSeconds, QStringLiteral("s"),
                  AdviceText::tr("median over the discards of the time the reads around each "
                                 "one took beyond the typical read"));
    }
    addFigure(c, QStringLiteral("stall-worst-latency"),
              AdviceText::tr("Slowest I/O while discards ran"), r.worstLatencySeconds(),
              QStringLiteral("s"),
              AdviceText::tr("%1 against a limit of %2 (Microsoft's TRIM performance criterion)")
                  .arg(r.passed() ? AdviceText::tr("passed") : AdviceText::tr("failed"),
                       formatSeconds(r.plan.maxLatencySeconds)));
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

QString subjectName(const Context &c)
{
    return c.haveDrive ? c.drive.displayName() : AdviceText::tr("this drive");
}

// ---- fixes -----------------------------------------------------------------------------------

bool hasOption(const audit::AuditTarget &t, const QString &option)
{
    return t.mountOptions.contains(option) || t.fstabOptions.contains(option);
}

void addFstabFixes(Context &c, bool wantDiscard)
{
    const QString discard = QStringLiteral("discard");
    bool any = false;
    for (const audit::AuditTarget &t : std::as_const(c.targets)) {
        if (t.kind != audit::AuditTarget::Kind::Filesystem || hasOption(t, discard) == wantDiscard)
            continue;
        any = true;
        Fix fix;
        fix.id = QStringLiteral("%1:%2").arg(wantDiscard ? QStringLiteral("fstab-add-discard")
                                                         : QStringLiteral("fstab-remove-discard"),
                                             t.subject);
        fix.file = QStringLiteral("/etc/fstab");
        if (wantDiscard) {
            fix.title = AdviceText::tr("Mount %1 with discard").arg(t.subject);
            fix.explanation = AdviceText::tr("Replace the line for %1 in /etc/fstab; it takes "
                                             "effect at the next mount (or: mount -o "
                                             "remount,discard %1).")
                                  .arg(t.subject);
        } else {
            fix.title = AdviceText::tr("Mount %1 without discard").arg(t.subject);
            fix.explanation = AdviceText::tr("Replace the line for %1 in /etc/fstab; it takes "
                                             "effect at the next mount (or: mount -o "
                                             "remount,nodiscard %1).")
                                  .arg(t.subject);
        }
        fix.text = t.fstabLine.isEmpty()
                       ? QStringLiteral("mount -o remount,%1 %2")
                             .arg(wantDiscard ? discard : QStringLiteral("nodiscard"), t.subject)
                       : fstabLineWithOption(t.fstabLine, discard, wantDiscard);
        if (t.fstabLine.isEmpty())
            fix.file.clear();
        c.advice.fixes.append(fix);
    }
    if (!any && !c.input.audit) {
        Fix fix;
        fix.id = wantDiscard ? QStringLiteral("fstab-add-discard")
                             : QStringLiteral("fstab-remove-discard");
        fix.file = QStringLiteral("/etc/fstab");
        fix.title = wantDiscard ? AdviceText::tr("Add discard to the mount options")
                                : AdviceText::tr("Remove discard from the mount options");
        fix.text = wantDiscard ? QStringLiteral("UUID=<uuid>  /  ext4  defaults,discard  0  1")
                               : QStringLiteral("UUID=<uuid>  /  ext4  defaults  0  1");
        fix.explanation = AdviceText::tr("The 4th field of each filesystem's line on this "
                                         "drive; run advise with --audit for your exact lines.");
        c.advice.fixes.append(fix);
    }
}

void addTimerFix(Context &c)
{
    if (c.input.audit) {
        const bool disabled =
            std::any_of(c.findings.cbegin(), c.findings.cend(), [](const auto &f) {
                return f.id == QLatin1String("fstrim-timer-disabled");
            });
        if (!disabled)
            return; // the audit found the timer (or a cron job) in place
    }
    Fix fix;
    fix.id = QStringLiteral("enable-fstrim-timer");
    fix.title = AdviceText::tr("Run fstrim weekly");
    fix.text = QStringLiteral("systemctl enable --now fstrim.timer");
    fix.explanation = AdviceText::tr("util-linux's timer trims every mounted filesystem that "
                                     "supports it once a week. Without systemd, a weekly cron "
                                     "job running 'fstrim --all' does the same.");
    c.advice.fixes.append(fix);
}

void addBlockerFixes(Context &c)
{
    for (const audit::Finding &f : std::as_const(c.blockers)) {
        if (f.fix.isEmpty())
            continue;
        Fix fix;
        fix.id = QStringLiteral("audit:%1:%2").arg(f.id, f.subject);
        fix.title = f.title;
        fix.text = f.fix;
        if (f.id == QLatin1String("discards-blocked-crypt"))
            fix.file = QStringLiteral("/etc/crypttab");
        fix.explanation = f.explanation;
        c.advice.fixes.append(fix);
    }
}

// ---- verdicts --------------------------------------------------------------------------------

bool driveLacksTrim(const Context &c)
{
    if (c.input.health && c.input.health->trimSupported == false)
        return true;
    if (!c.curve.isEmpty())
        return false;
    for (const SweepResult &s : c.input.sweeps) {
        if (s.drive.discardMaxBytes == 0 || s.error.code == ErrorCode::NoDiscardSupport)
            return true;
    }
    // Without a sweep, the kernel's word for the disk itself (not a layer above it).
    return !c.input.sweeps.isEmpty()
               ? false
               : std::any_of(c.findings.cbegin(), c.findings.cend(),
                             [](const audit::Finding &f) {
                                 return f.id == QLatin1String("disk-no-discard");
                             }) &&
                     c.blockers.isEmpty();
}

const FsPrediction *worst(const Context &c)
{
    const FsPrediction *worst = nullptr;
    for (const FsPrediction &p : c.predictions) {
        if (!worst || p.deleteSeconds / p.threshold > worst->deleteSeconds / worst->threshold)
            worst = &p;
    }
    return worst;
}

QString predictionsInWords(const Context &c)
{
    QStringList parts;
    for (const FsPrediction &p : c.predictions)
        parts.append(AdviceText::tr("%1 with %2")
                         .arg(formatSeconds(p.deleteSeconds), fsDisplay(p.profile.filesystem)));
    return parts.join(AdviceText::tr(" and "));
}

// What the measured curve alone says, ignoring the stack.
Verdict curveVerdict(const Context &c)
{
    // The strongest reason of all: the drive in use hangs behind the discards online discard
    // sends, whatever they cost themselves.
    if (onlineStall(c))
        return Verdict::PreferPeriodicFstrim;
    if (c.predictions.isEmpty())
        return Verdict::Unknown;
    const bool background = c.input.backgroundProbe && c.input.backgroundProbe->detected;
    const bool slow = std::any_of(c.predictions.cbegin(), c.predictions.cend(),
                                  [](const FsPrediction &p) { return p.tooSlow; });
    return background || slow ? Verdict::PreferPeriodicFstrim : Verdict::OnlineDiscardFine;
}

void changeConditions(Context &c)
{
    if (const stall::StallPhaseFigures *f = onlineStall(c)) {
        c.advice.whatWouldChange.append(
            AdviceText::tr("Only a stall test in which %1 discards hold I/O up for less than %2 "
                           "(measured: %3) would make online discard worth considering.")
                .arg(formatBytes(f->discardBytes), formatSeconds(c.thresholds.stallSeconds),
                     formatSeconds(f->longestStallSeconds)));
        return;
    }
    if (c.input.backgroundProbe && c.input.backgroundProbe->detected) {
        c.advice.whatWouldChange.append(
            AdviceText::tr("Only a background probe without a write slow-down (after a "
                           "firmware update, say) would make online discard worth considering; "
                           "the TRIM times alone cannot show its cost."));
        return;
    }
    for (const FsPrediction &p : std::as_const(c.predictions)) {
        if (p.profile.kernelTreeDiscardCount() <= 0)
            continue;
        const double limit = p.threshold / p.profile.kernelTreeDiscardCount();
        const QString fs = fsDisplay(p.profile.filesystem);
        const QString size = bytesDisplay(p.profile.averageDiscardBytes);
        c.advice.whatWouldChange.append(
            p.tooSlow
                ? AdviceText::tr("With %1, online discard would be acceptable if one %2 TRIM "
                                 "took under %3 (measured: %4), keeping the delete under %5.")
                      .arg(fs, size, formatSeconds(limit), formatSeconds(p.trimSeconds),
                           formatSeconds(p.threshold))
                : AdviceText::tr("With %1, online discard stops being fine if one %2 TRIM took "
                                 "over %3 (measured: %4), making the delete cost over %5.")
                      .arg(fs, size, formatSeconds(limit), formatSeconds(p.trimSeconds),
                           formatSeconds(p.threshold)));
    }
    if (!c.input.stall && curveVerdict(c) == Verdict::OnlineDiscardFine)
        c.advice.whatWouldChange.append(
            AdviceText::tr("A stall test (trimscope-cli stall) in which small discards hold "
                           "other I/O up for over %1 would make it 'prefer fstrim'.")
                .arg(formatSeconds(c.thresholds.stallSeconds)));
    if (!c.input.backgroundProbe && curveVerdict(c) == Verdict::OnlineDiscardFine)
        c.advice.whatWouldChange.append(
            AdviceText::tr("A background probe (trimscope-cli background-probe) that finds the "
                           "drive trimming in the background would make it 'prefer fstrim'."));
    if (std::any_of(c.predictions.cbegin(), c.predictions.cend(),
                    [](const FsPrediction &p) { return !p.profile.measured; }))
        c.advice.whatWouldChange.append(
            AdviceText::tr("Measured discard sizes from the filesystem experiment replace the "
                           "literature figures (from kernel 3.1; newer kernels may batch "
                           "XFS discards into fewer, larger ones)."));
}

void assessConfidence(Context &c)
{
    QStringList &d = c.doubts;
    if (c.curve.points().size() < 3 && !c.curve.isEmpty())
        d.append(AdviceText::tr("the curve has fewer than 3 sizes"));
    for (const SweepResult &s : c.input.sweeps) {
        if (!s.complete()) {
            d.append(
                AdviceText::tr("a sweep stopped early (%1)").arg(stopReasonName(s.stopReason)));
            break;
        }
    }
    for (const FsPrediction &p : std::as_const(c.predictions)) {
        const QString fs = fsDisplay(p.profile.filesystem);
        if (!c.curve.covers(quint64(p.profile.averageDiscardBytes)))
            d.append(AdviceText::tr("%1's discard size lies outside the measured sizes").arg(fs));
        if (!p.profile.measured)
            d.append(AdviceText::tr("%1's discard sizes come from the literature, not from this "
                                    "system")
                         .arg(fs));
        const double ratio = p.deleteSeconds / p.threshold;
        if (ratio > 0.5 && ratio < 2)
            d.append(
                AdviceText::tr("%1's prediction is within a factor of 2 of the threshold").arg(fs));
    }
    for (const CurvePoint &point : c.curve.points()) {
        if (point.ciRelativeHalfWidth > 0.25) {
            d.append(AdviceText::tr("some medians are known only to within ±25 % or worse"));
            break;
        }
    }
    if (!c.input.backgroundProbe && !c.curve.isEmpty())
        d.append(AdviceText::tr("no background probe ran: a drive that trims in the background "
                                "has a curve just like a fast one"));
    // Stack and no-TRIM verdicts rest on the audit and the drive's own word, not on timing.
    if (c.advice.verdict == Verdict::FixStackFirst || c.advice.verdict == Verdict::NoTrim) {
        c.advice.confidence = QStringLiteral("high");
    } else if (c.advice.verdict == Verdict::Unknown) {
        c.advice.confidence = QStringLiteral("low");
    } else {
        c.advice.confidence = d.size() <= 1   ? QStringLiteral("high")
                              : d.size() <= 3 ? QStringLiteral("medium")
                                              : QStringLiteral("low");
    }
    c.advice.confidenceReasons = d;
}

void decide(Context &c)
{
    Advice &a = c.advice;
    const QString drive = subjectName(c);
    if (driveLacksTrim(c)) {
        a.verdict = Verdict::NoTrim;
        a.sentence = AdviceText::tr("%1 does not support TRIM: neither discard nor fstrim can do "
                                    "anything for it; keep it below 80 % full so its own garbage "
                                    "collection has room.")
                         .arg(drive);
        addFstabFixes(c, false);
        a.whatWouldChange.append(AdviceText::tr(
            "A firmware update or a different controller (AHCI instead of IDE mode, another USB "
            "bridge) that exposes TRIM; then run a sweep."));
        return;
    }
    const Verdict fromCurve = curveVerdict(c);
    if (!c.blockers.isEmpty()) {
        a.verdict = Verdict::FixStackFirst;
        QStringList titles;
        for (const audit::Finding &f : std::as_const(c.blockers))
            titles.append(f.title);
        a.sentence = AdviceText::tr("TRIM does not reach %1 through this system's storage stack "
                                    "(%2): fix that first, or neither discard nor fstrim will "
                                    "reach the drive.")
                         .arg(drive, titles.join(QStringLiteral("; ")));
        addBlockerFixes(c);
        if (fromCurve != Verdict::Unknown)
            a.whatWouldChange.append(AdviceText::tr("Once discards pass, the measured curve "
                                                    "says: %1.")
                                         .arg(verdictDisplayName(fromCurve)));
        return;
    }
    a.verdict = fromCurve;
    const bool background = c.input.backgroundProbe && c.input.backgroundProbe->detected;
    const Figure *fstrim = a.figure(QStringLiteral("fstrim-weekly"));
    const QString fstrimWords =
        fstrim ? AdviceText::tr("; a weekly fstrim takes about %1, at a time you choose")
                     .arg(formatSeconds(fstrim->value))
               : QString();
    switch (fromCurve) {
    case Verdict::OnlineDiscardFine:
        a.sentence = AdviceText::tr("On %1 online discard is fine: it would add about %2 to "
                                    "deleting a kernel-sized tree%3.")
                         .arg(drive, predictionsInWords(c), fstrimWords);
        addFstabFixes(c, true);
        break;
    case Verdict::PreferPeriodicFstrim:
        if (const stall::StallPhaseFigures *f = onlineStall(c)) {
            const stall::StallPhaseFigures *base =
                c.input.stall->phase(stall::StallPhase::Baseline);
            a.sentence = AdviceText::tr("Leave discard off on %1 and run fstrim weekly at an "
                                        "idle time: while it trims, the drive holds other I/O "
                                        "up; beside %2 discards, as online discard sends them, "
                                        "reads stalled for up to %3 (alone they take %4), and "
                                        "each discard cost the I/O around it %5%6.")
                             .arg(drive, formatBytes(f->discardBytes),
                                  formatSeconds(f->longestStallSeconds),
                                  formatSeconds(base ? base->p50Seconds : 0),
                                  formatSeconds(f->addedPerDiscardSeconds), fstrimWords);
        } else if (background) {
            const probe::BackgroundProbeResult &p = *c.input.backgroundProbe;
            a.sentence = AdviceText::tr("Leave discard off on %1 and run fstrim weekly: the "
                                        "drive trims in the background, so its quick TRIM times "
                                        "understate the cost; after a %2 TRIM writes were %3x "
                                        "slower for %4.")
                             .arg(drive, formatBytes(p.discardBytes))
                             .arg(formatFixed(p.slowdownFactor, 1), formatSeconds(p.slowForSeconds));
        } else {
            const FsPrediction *w = worst(c);
            a.sentence =
                AdviceText::tr("Leave discard off on %1 and run fstrim weekly: deleting "
                               "a kernel-sized tree with online discard would cost "
                               "about %2 extra with %3 (fine is under %4)%5.")
                    .arg(drive, formatSeconds(w->deleteSeconds), fsDisplay(w->profile.filesystem),
                         formatSeconds(w->threshold), fstrimWords);
        }
        addTimerFix(c);
        addFstabFixes(c, false);
        break;
    default:
        a.verdict = Verdict::Unknown;
        a.sentence = AdviceText::tr("Not enough data for a verdict: run a sweep "
                                    "(trimscope-cli sweep … --json FILE) and pass it with "
                                    "--from FILE.");
        break;
    }
}

} // namespace

std::optional<double> predictDeleteSeconds(const TrimCurve &curve,
                                           const FilesystemDeleteProfile &profile)
{
    const auto one = curve.secondsAt(profile.averageDiscardBytes);
    if (!one || profile.discardCount < 0)
        return std::nullopt;
    return profile.kernelTreeDiscardCount() * *one;
}

Advice adviseTrim(const AdviceInput &input, const AdviceThresholds &thresholds)
{
    Context c{
        input, thresholds, TrimCurve::fromSweeps(input.sweeps), {}, false, {}, false, {}, {}, {},
        {},    {}};
    if (!input.sweeps.isEmpty()) {
        c.drive = input.sweeps.constFirst().drive;
        c.haveDrive = true;
        c.advice.drive = c.drive.displayName();
    } else if (input.stall && !input.stall->drive.model.isEmpty()) {
        c.drive = input.stall->drive;
        c.haveDrive = true;
        c.advice.drive = c.drive.displayName();
    }
    matchAudit(c);
    predict(c);
    predictFstrim(c);
    addProbeFigures(c);
    addStallFigures(c);
    decide(c);
    changeConditions(c);
    assessConfidence(c);

    QList<audit::Finding> findings = c.findings;
    if (input.backgroundProbe && input.backgroundProbe->detected)
        findings.append(makeOwnFinding(
            QStringLiteral("background-trim"), audit::Severity::Warning, subjectName(c),
            AdviceText::tr("The drive trims in the background"), input.backgroundProbe->summary(),
            QStringLiteral("systemctl enable --now fstrim.timer")));
    if (input.stall && input.stall->measured() &&
        (onlineStall(c) || !input.stall->passed()))
        findings.append(makeOwnFinding(
            QStringLiteral("discard-stalls-io"),
            input.stall->passed() ? audit::Severity::Warning : audit::Severity::Problem,
            subjectName(c), AdviceText::tr("Discards stall other I/O on this drive"),
            input.stall->summary(), QStringLiteral("systemctl enable --now fstrim.timer")));
    if (c.advice.verdict == Verdict::NoTrim)
        findings.append(makeOwnFinding(QStringLiteral("no-trim"), audit::Severity::Warning,
                                       subjectName(c), AdviceText::tr("The drive has no TRIM"),
                                       c.advice.sentence));
    std::stable_sort(findings.begin(), findings.end(),
                     [](const auto &a, const auto &b) { return a.severity > b.severity; });
    c.advice.findings = findings;
    return c.advice;
}

} // namespace trimscope::advice
