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
//
// Margins, and why. Every estimate carries a range: the margin of where its discard figures come
// from (deletescaling.cpp: measured on a kernel-sized tree, extrapolated from two sizes, scaled
// from one, or the literature) plus how well the sweep knows the TRIM time it is multiplied by
// (the median's confidence interval). Only a range wholly below the limit says "discard is fine"
// and only one wholly above it says "fstrim"; a range across the limit is undecided, and
// undecided says fstrim, the choice that is never harmful. A drive whose estimate wanders from
// run to run around the limit therefore always gets the same answer.

namespace {

class AdviceText
{
    Q_DECLARE_TR_FUNCTIONS(TrimAdvice)
};

constexpr double kMiB = 1024.0 * 1024.0;
// ext4 trims free space one block group at a time: 128 MiB with 4 KiB blocks. Pieces of that
// size make the fstrim estimate realistic for ext4 and conservative for XFS.
constexpr quint64 kFstrimPieceBytes = quint64(128) << 20;
// A median known only this well or worse adds no more than this to the margin.
constexpr double kMaxCurveMargin = 0.5;

const QSet<QString> &stackBlockerIds()
{
    static const QSet<QString> ids = {QStringLiteral("discards-blocked-crypt"),
                                      QStringLiteral("discards-blocked-layer"),
                                      QStringLiteral("controller-ide-mode")};
    return ids;
}

// The discards deleting a kernel tree sends on one filesystem, wherever the figures come from.
struct FsEstimate
{
    QString filesystem;
    double discardCount = 0;
    double averageDiscardBytes = 0;
    FigureBasis basis = FigureBasis::Literature;
    QString source; // in words
    std::optional<double> fstrimSeconds;
    std::optional<TreeDelete> largestDelete; // the measured delete the figures rest on
    std::optional<double> deviceSecondsPerDiscard; // see KernelTreeDiscards
};

struct FsPrediction
{
    FsEstimate estimate;
    double trimSeconds = 0;   // one discard: the delete's device time, else the curve's
    bool fromDeviceTime = false;
    double deleteSeconds = 0; // all of them
    double margin = 0;
    double threshold = 0;
    FilesystemVerdict verdict;
};

struct Context
{
    Context(const AdviceInput &in, const AdviceThresholds &limits)
        : input(in), thresholds(limits), curve(TrimCurve::fromSweeps(in.sweeps))
    {
    }

    const AdviceInput &input;
    const AdviceThresholds &thresholds;
    TrimCurve curve;
    DriveInfo drive;
    bool haveDrive = false;
    // The audited filesystems the verdict applies to: on the measured drive or on a drive of the
    // same model; without a measured drive, all of them (advice on this computer alone).
    QList<audit::AuditTarget> targets;
    bool targetsMatched = false;
    bool matchedByModel = false;
    QList<audit::Finding> findings; // audit findings for those targets
    QList<audit::Finding> computerFindings;
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
    return formatBytes(quint64(std::llround(std::max(bytes, 0.0))));
}

// A margin of 0.5 as "1.5x": the range runs from the estimate divided by it to times it.
QString factorDisplay(double margin)
{
    return AdviceText::tr("%1x").arg(formatFixed(1 + margin, 1));
}

bool findingConcerns(const audit::Finding &finding, const audit::AuditTarget &target)
{
    if (finding.subject == target.subject)
        return true;
    return std::any_of(
        target.stack.layers.cbegin(), target.stack.layers.cend(),
        [&](const audit::StackLayer &l) { return l.devicePath() == finding.subject; });
}

// sysfs holds the first 16 characters of an ATA model ("Samsung SSD 870 "), the drive's own
// identity the whole one: one is a prefix of the other.
bool sameModel(const QString &diskModel, const QString &driveModel)
{
    const QString a = diskModel.simplified().toLower();
    const QString b = driveModel.simplified().toLower();
    if (a.size() < 4 || b.size() < 4)
        return false;
    return a.startsWith(b) || b.startsWith(a);
}

// Which audited filesystems live on the measured drive: the same disk (by its kernel name) or a
// disk of the same model. A simulated drive lives in no computer. Findings about other drives
// are this computer's own business: kept apart, never turned into fixes by this verdict.
void matchAudit(Context &c)
{
    if (!c.input.audit)
        return;
    const audit::AuditReport &report = *c.input.audit;
    if (!c.haveDrive) {
        // No measured drive: the advice is about this computer alone.
        c.targets = report.targets;
        c.findings = report.findings;
        for (const audit::Finding &finding : report.findings) {
            if (stackBlockerIds().contains(finding.id))
                c.blockers.append(finding);
        }
        return;
    }
    for (const audit::AuditTarget &target : report.targets) {
        if (c.drive.simulated)
            break;
        const auto disks = target.stack.disks();
        const bool sameDisk = std::any_of(disks.cbegin(), disks.cend(), [&](const auto *disk) {
            return disk->name == c.drive.name;
        });
        const bool model = std::any_of(disks.cbegin(), disks.cend(), [&](const auto *disk) {
            return sameModel(disk->model, c.drive.model);
        });
        if (sameDisk || model) {
            c.targets.append(target);
            c.matchedByModel = c.matchedByModel || (model && !sameDisk);
        }
    }
    c.targetsMatched = !c.targets.isEmpty();
    for (const audit::Finding &finding : report.findings) {
        // "system", "fstrim.timer", "cron": not a mount point or device, so about every drive
        // this computer trims, the measured one among them once it is in it.
        const bool system = !finding.subject.startsWith(QLatin1Char('/'));
        const bool concerns =
            c.targetsMatched &&
            (system || std::any_of(c.targets.cbegin(), c.targets.cend(),
                                   [&](const auto &t) { return findingConcerns(finding, t); }));
        if (!concerns) {
            c.computerFindings.append(finding);
            continue;
        }
        c.findings.append(finding);
        const bool diskNoDiscardButTrims =
            finding.id == QLatin1String("disk-no-discard") && !c.curve.isEmpty();
        if (stackBlockerIds().contains(finding.id) || diskNoDiscardButTrims)
            c.blockers.append(finding);
    }
}

// The filesystems on the measured drive, when the audit found it in this computer.
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

// ---- estimates -------------------------------------------------------------------------------

FsEstimate fromDeletes(const QString &fs, const QList<TreeDelete> &deletes,
                       const KernelTreeDiscards &k, const QString &drive)
{
    FsEstimate e;
    e.filesystem = fs;
    e.discardCount = k.discardCount;
    e.averageDiscardBytes = k.averageDiscardBytes();
    e.basis = k.basis;
    e.deviceSecondsPerDiscard = k.deviceSecondsPerDiscard;
    const TreeDelete *largest = nullptr;
    for (const TreeDelete &d : deletes) {
        if (!largest || d.treeBytes > largest->treeBytes)
            largest = &d;
        if (d.fstrimSeconds && (!e.fstrimSeconds || d.treeBytes >= largest->treeBytes))
            e.fstrimSeconds = d.fstrimSeconds;
    }
    e.largestDelete = *largest;
    const QString onDrive = drive.isEmpty() ? QString() : AdviceText::tr(" on %1").arg(drive);
    switch (k.basis) {
    case FigureBasis::Measured:
        e.source = AdviceText::tr("measured: a tree of %1 files, %2 deleted%3")
                       .arg(largest->files)
                       .arg(formatBytes(quint64(largest->treeBytes)), onDrive);
        break;
    case FigureBasis::Extrapolated:
        e.source = AdviceText::tr("extrapolated from trees of %n size(s) deleted%1 (largest %2 "
                                  "files, %3): commands grow with the tree to the power %4, "
                                  "bytes in proportion",
                                  nullptr, k.sizes)
                       .arg(onDrive)
                       .arg(largest->files)
                       .arg(formatBytes(quint64(largest->treeBytes)))
                       .arg(k.countExponent, 0, 'f', 2);
        break;
    case FigureBasis::Scaled:
    case FigureBasis::Literature:
        e.source = AdviceText::tr("scaled from one tree of %1 files, %2, deleted%3")
                       .arg(largest->files)
                       .arg(formatBytes(quint64(largest->treeBytes)), onDrive);
        break;
    }
    return e;
}

FsEstimate fromProfile(const FilesystemDeleteProfile &profile)
{
    FsEstimate e;
    e.filesystem = profile.filesystem;
    e.discardCount = profile.kernelTreeDiscardCount();
    e.averageDiscardBytes = profile.averageDiscardBytes;
    e.basis = !profile.measured                                ? FigureBasis::Literature
              : profile.deletedBytes >= 0.8 * kKernelTreeBytes ? FigureBasis::Measured
                                                               : FigureBasis::Scaled;
    e.source = profile.source;
    e.fstrimSeconds = profile.fstrimSeconds;
    return e;
}

QList<FsEstimate> estimates(Context &c)
{
    QStringList names;
    for (const TreeDelete &d : c.input.treeDeletes) {
        if (!names.contains(d.filesystem))
            names.append(d.filesystem);
    }
    for (const FilesystemDeleteProfile &p : c.input.filesystems) {
        if (!names.contains(p.filesystem))
            names.append(p.filesystem);
    }
    const QStringList inUse = filesystemsInUse(c);
    const QStringList wanted =
        !inUse.isEmpty() ? inUse : QStringList{QStringLiteral("ext4"), QStringLiteral("xfs")};
    for (const QString &fs : wanted) {
        if (!names.contains(fs))
            names.append(fs);
    }
    const QList<FilesystemDeleteProfile> literature = literatureDeleteProfiles();
    QList<FsEstimate> result;
    for (const QString &fs : std::as_const(names)) {
        if (!inUse.isEmpty() && !inUse.contains(fs))
            continue; // only the filesystems in use decide, when the audit says which
        QList<TreeDelete> deletes;
        for (const TreeDelete &d : c.input.treeDeletes) {
            if (d.filesystem == fs)
                deletes.append(d);
        }
        if (const auto k = kernelTreeDiscards(deletes)) {
            result.append(
                fromDeletes(fs, deletes, *k, c.haveDrive ? c.drive.displayName() : QString()));
            continue;
        }
        const auto profile =
            std::find_if(c.input.filesystems.cbegin(), c.input.filesystems.cend(),
                         [&](const FilesystemDeleteProfile &p) { return p.filesystem == fs; });
        if (profile != c.input.filesystems.cend()) {
            result.append(fromProfile(*profile));
            continue;
        }
        auto known = std::find_if(literature.cbegin(), literature.cend(),
                                  [&](const auto &p) { return p.filesystem == fs; });
        FsEstimate e = fromProfile(known != literature.cend() ? *known : literature.first());
        e.basis = FigureBasis::Literature;
        if (known == literature.cend()) {
            e.filesystem = fs;
            e.source = AdviceText::tr("assumed like ext4: no discard figures for %1").arg(fs);
        }
        result.append(e);
    }
    return result;
}

void addFigure(Context &c, QString id, QString label, double value, QString unit, QString how)
{
    c.advice.numbers.append(
        {std::move(id), std::move(label), value, std::move(unit), std::move(how)});
}

// How well the sweep knows the median nearest to `bytes`.
double curveMargin(const TrimCurve &curve, double bytes)
{
    const CurvePoint *nearest = nullptr;
    for (const CurvePoint &p : curve.points()) {
        if (!nearest || std::abs(std::log(double(p.bytes) / bytes)) <
                            std::abs(std::log(double(nearest->bytes) / bytes)))
            nearest = &p;
    }
    return nearest ? std::min(nearest->ciRelativeHalfWidth, kMaxCurveMargin) : 0;
}

QString basisDisplay(FigureBasis basis)
{
    switch (basis) {
    case FigureBasis::Measured:
        return AdviceText::tr("measured on a kernel-sized tree");
    case FigureBasis::Extrapolated:
        return AdviceText::tr("extrapolated from smaller trees");
    case FigureBasis::Scaled:
        return AdviceText::tr("scaled from one smaller tree");
    case FigureBasis::Literature:
        break;
    }
    return AdviceText::tr("literature figures, a fallback");
}

// Measured facts first: what the filesystem experiment saw on this drive.
void addMeasuredFigures(Context &c, const FsEstimate &e)
{
    const QString fs = fsDisplay(e.filesystem);
    if (const std::optional<TreeDelete> &d = e.largestDelete) {
        const QString tree =
            AdviceText::tr("%1 files, %2").arg(d->files).arg(formatBytes(quint64(d->treeBytes)));
        addFigure(
            c, QStringLiteral("delete-measured-%1").arg(e.filesystem),
            AdviceText::tr("%1: deleting a tree of %2 with discard (measured)").arg(fs, tree),
            d->withDiscardSeconds, QStringLiteral("s"),
            d->withoutDiscardSeconds
                ? AdviceText::tr("%1 without discard; %2 discard commands reached the drive, "
                                 "%3 in total")
                      .arg(formatSeconds(*d->withoutDiscardSeconds))
                      .arg(std::llround(d->discardCount))
                      .arg(bytesDisplay(d->discardBytes))
                : AdviceText::tr("%1 discard commands reached the drive, %2 in total")
                      .arg(std::llround(d->discardCount))
                      .arg(bytesDisplay(d->discardBytes)));
    }
    if (e.fstrimSeconds)
        addFigure(c, QStringLiteral("fstrim-measured-%1").arg(e.filesystem),
                  AdviceText::tr("%1: fstrim of the test filesystem").arg(fs),
                  *e.fstrimSeconds, QStringLiteral("s"),
                  AdviceText::tr("measured by the filesystem experiment"));
}

void predict(Context &c)
{
    const QList<FsEstimate> all = estimates(c);
    for (const FsEstimate &e : all)
        addMeasuredFigures(c, e);
    for (const FsEstimate &e : all) {
        // What one of its discards costs: the device time the measured deletes' own discards
        // took, where there is one; else one TRIM of the average size on the sweep's curve.
        const auto curveSeconds = c.curve.secondsAt(e.averageDiscardBytes);
        const std::optional<double> one =
            e.deviceSecondsPerDiscard ? e.deviceSecondsPerDiscard : curveSeconds;
        if (!one || e.discardCount < 0)
            continue;
        FsPrediction p;
        p.estimate = e;
        p.trimSeconds = *one;
        p.fromDeviceTime = e.deviceSecondsPerDiscard.has_value();
        p.deleteSeconds = e.discardCount * *one;
        p.margin = figureBasisMargin(e.basis) +
                   (p.fromDeviceTime ? 0 : curveMargin(c.curve, e.averageDiscardBytes));
        p.threshold = thresholdFor(e.filesystem, c.thresholds);
        FilesystemVerdict &v = p.verdict;
        v.filesystem = e.filesystem;
        v.extraSeconds = p.deleteSeconds;
        v.lowSeconds = p.deleteSeconds / (1 + p.margin);
        v.highSeconds = p.deleteSeconds * (1 + p.margin);
        v.limitSeconds = p.threshold;
        v.discardCount = e.discardCount;
        v.averageDiscardBytes = e.averageDiscardBytes;
        v.basis = e.basis;
        v.undecided = v.lowSeconds <= p.threshold && v.highSeconds > p.threshold;
        v.verdict = v.highSeconds <= p.threshold ? Verdict::OnlineDiscardFine
                                                 : Verdict::PreferPeriodicFstrim;
        c.predictions.append(p);
        const QString fs = fsDisplay(e.filesystem);
        if (curveSeconds)
            addFigure(c, QStringLiteral("trim-at-average-%1").arg(e.filesystem),
                      // The filesystem first: rows of two filesystems differ at their start,
                      // which stays readable however narrow the column is (issue 15, item 6).
                      AdviceText::tr("%1: one TRIM of %2 (its average discard)")
                          .arg(fs, bytesDisplay(e.averageDiscardBytes)),
                      *curveSeconds, QStringLiteral("s"),
                      c.curve.covers(quint64(e.averageDiscardBytes))
                          ? AdviceText::tr("log-log interpolation between the measured medians")
                          : AdviceText::tr("outside the measured sizes: the nearest measured "
                                           "median, scaled by size above the largest"));
        const QString perDiscard =
            p.fromDeviceTime
                ? AdviceText::tr("the device's time per discard while the filesystem deleted "
                                 "(measured)")
                : AdviceText::tr("one TRIM of the average size on the curve");
        addFigure(c, QStringLiteral("delete-extra-%1").arg(e.filesystem),
                  AdviceText::tr("%1: extra time to delete a kernel tree (%2 files, 493 MB) "
                                 "with discard")
                      .arg(fs, formatCount(kKernelTreeFiles)),
                  p.deleteSeconds, QStringLiteral("s"),
                  AdviceText::tr("%1 discards x %2 per discard (%3), between %4 and %5 (within "
                                 "%6: %7); %8")
                      .arg(formatCount(std::llround(e.discardCount)))
                      .arg(formatSeconds(p.trimSeconds), perDiscard, formatSeconds(v.lowSeconds),
                           formatSeconds(v.highSeconds), factorDisplay(p.margin),
                           basisDisplay(e.basis), e.source));
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
            if (c.targetsMatched && !c.matchedByModel && t.usedFraction) {
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

bool backgroundTrimming(const Context &c)
{
    return c.input.backgroundProbe && c.input.backgroundProbe->detected;
}

// ---- fixes -----------------------------------------------------------------------------------

bool hasOption(const audit::AuditTarget &t, const QString &option)
{
    return t.mountOptions.contains(option) || t.fstabOptions.contains(option);
}

// What the verdict says for one filesystem type: discard wanted, not wanted, or not known.
std::optional<bool> wantsDiscard(const Context &c, const QString &fs)
{
    if (c.advice.verdict == Verdict::NoTrim)
        return false;
    for (const FsPrediction &p : c.predictions) {
        if (p.verdict.filesystem == fs)
            return p.verdict.verdict == Verdict::OnlineDiscardFine;
    }
    if (c.advice.verdict == Verdict::OnlineDiscardFine)
        return true;
    if (c.advice.verdict == Verdict::PreferPeriodicFstrim)
        return false;
    return std::nullopt;
}

// Exact fstab lines for the filesystems on the measured drive (or the same model).
void addFstabFixes(Context &c)
{
    const QString discard = QStringLiteral("discard");
    for (const audit::AuditTarget &t : std::as_const(c.targets)) {
        if (t.kind != audit::AuditTarget::Kind::Filesystem)
            continue;
        const std::optional<bool> want = wantsDiscard(c, t.fsType);
        if (!want || hasOption(t, discard) == *want)
            continue;
        const bool wantDiscard = *want;
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
        if (c.matchedByModel)
            fix.explanation +=
                QLatin1Char(' ') + AdviceText::tr("%1 is on a drive of the same model as the "
                                                  "measured one.")
                                       .arg(t.subject);
        fix.text = t.fstabLine.isEmpty()
                       ? QStringLiteral("mount -o remount,%1 %2")
                             .arg(wantDiscard ? discard : QStringLiteral("nodiscard"), t.subject)
                       : fstabLineWithOption(t.fstabLine, discard, wantDiscard);
        if (t.fstabLine.isEmpty())
            fix.file.clear();
        c.advice.fixes.append(fix);
    }
}

// The /etc/fstab line for filesystems put on the measured drive, with or without discard.
Fix fstabFixForDrive(const QString &fs, const QString &drive, bool discard)
{
    Fix fix;
    fix.id = QStringLiteral("%1:%2")
                 .arg(discard ? QStringLiteral("fstab-add-discard")
                              : QStringLiteral("fstab-remove-discard"),
                      fs);
    fix.scope = FixScope::MeasuredDrive;
    fix.file = QStringLiteral("/etc/fstab");
    fix.title = discard ? AdviceText::tr("Mount %1 filesystems on %2 with discard")
                              .arg(fsDisplay(fs), drive)
                        : AdviceText::tr("Mount %1 filesystems on %2 without discard")
                              .arg(fsDisplay(fs), drive);
    fix.text = QStringLiteral("UUID=<uuid>  <mount point>  %1  %2  0  2")
                   .arg(fs, discard ? QStringLiteral("defaults,discard")
                                    : QStringLiteral("defaults"));
    fix.explanation = discard ? AdviceText::tr("The 4th field of the line of each %1 filesystem "
                                               "you put on this drive, in the /etc/fstab of the "
                                               "computer it is in.")
                                    .arg(fsDisplay(fs))
                              : AdviceText::tr("The 4th field of the line of each %1 filesystem "
                                               "you put on this drive, in the /etc/fstab of the "
                                               "computer it is in: no discard option.")
                                    .arg(fsDisplay(fs));
    return fix;
}

// How to mount filesystems on the measured drive wherever it is used: placeholders, never a line
// of this computer's.
void addDriveGuidance(Context &c)
{
    const QString drive = subjectName(c);
    QStringList with, without;
    for (const FsPrediction &p : std::as_const(c.predictions)) {
        (p.verdict.verdict == Verdict::OnlineDiscardFine ? with : without)
            .append(p.estimate.filesystem);
    }
    if (c.predictions.isEmpty()) {
        if (c.advice.verdict == Verdict::OnlineDiscardFine)
            with.append(QStringLiteral("ext4"));
        else if (c.advice.verdict == Verdict::PreferPeriodicFstrim ||
                 c.advice.verdict == Verdict::NoTrim)
            without.append(QStringLiteral("ext4"));
    }
    if (c.advice.verdict == Verdict::NoTrim) {
        without = {QStringLiteral("ext4")};
        with.clear();
    }
    for (const QString &fs : std::as_const(with))
        c.advice.fixes.append(fstabFixForDrive(fs, drive, true));
    for (const QString &fs : std::as_const(without))
        c.advice.fixes.append(fstabFixForDrive(fs, drive, false));
}

Fix timerFix(FixScope scope)
{
    Fix fix;
    fix.id = QStringLiteral("enable-fstrim-timer");
    fix.scope = scope;
    fix.title = AdviceText::tr("Run fstrim weekly");
    fix.text = QStringLiteral("systemctl enable --now fstrim.timer");
    fix.explanation = AdviceText::tr("util-linux's timer trims every mounted filesystem that "
                                     "supports it once a week. Without systemd, a weekly cron "
                                     "job running 'fstrim --all' does the same.");
    return fix;
}

bool anyWantsFstrim(const Context &c)
{
    if (c.advice.verdict == Verdict::PreferPeriodicFstrim)
        return true;
    return std::any_of(c.predictions.cbegin(), c.predictions.cend(), [](const FsPrediction &p) {
        return p.verdict.verdict == Verdict::PreferPeriodicFstrim;
    });
}

void addTimerFix(Context &c)
{
    if (!anyWantsFstrim(c))
        return;
    if (!c.targetsMatched) {
        c.advice.fixes.append(timerFix(FixScope::MeasuredDrive));
        return;
    }
    const bool disabled = std::any_of(c.findings.cbegin(), c.findings.cend(), [](const auto &f) {
        return f.id == QLatin1String("fstrim-timer-disabled");
    });
    if (disabled) // else the audit found the timer (or a cron job) in place
        c.advice.fixes.append(timerFix(FixScope::ThisComputer));
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

// The fixes of a fine or fstrim verdict: exact ones for this computer's filesystems on the drive,
// or guidance for the drive wherever it goes.
void addVerdictFixes(Context &c)
{
    if (c.targetsMatched || (!c.haveDrive && c.input.audit))
        addFstabFixes(c);
    else
        addDriveGuidance(c);
    addTimerFix(c);
}

void describeConfiguration(Context &c)
{
    Configuration &config = c.advice.configuration;
    config.audited = c.input.audit.has_value();
    config.driveInAudit = c.targetsMatched;
    for (const audit::AuditTarget &t : std::as_const(c.targets)) {
        if (c.targetsMatched)
            config.subjects.append(t.subject);
    }
    const QString drive = subjectName(c);
    if (!c.haveDrive) {
        config.summary = config.audited
                             ? AdviceText::tr("No drive was measured: the advice is about this "
                                              "computer's audit alone.")
                             : QString();
    } else if (!config.audited) {
        config.summary = AdviceText::tr("No audit of this computer was given: the lines below are "
                                        "for filesystems on %1, with placeholders.")
                             .arg(drive);
    } else if (!c.targetsMatched) {
        config.summary =
            (c.drive.simulated
                 ? AdviceText::tr("%1 is simulated: no filesystem of this computer is on it, so "
                                  "nothing on this computer changes because of its verdict.")
                 : AdviceText::tr("None of this computer's filesystems is on %1 or on a drive "
                                  "of the same model, so nothing on this computer changes "
                                  "because of its verdict."))
                .arg(drive) +
            QLatin1Char(' ') +
            AdviceText::tr("The lines below are for filesystems you put on it. This computer's "
                           "own audit findings (%n) are listed apart.",
                           nullptr, int(c.computerFindings.size()));
    } else {
        config.summary =
            (c.matchedByModel
                 ? AdviceText::tr("On this computer the verdict applies to %1: on "
                                  "%2 or on a drive of the same model.")
                 : AdviceText::tr("On this computer the verdict applies to %1, on %2."))
                .arg(config.subjects.join(QStringLiteral(", ")), drive);
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

QString filesystemSentence(const FilesystemVerdict &v);

const FsPrediction *worst(const Context &c, bool fine)
{
    const FsPrediction *worst = nullptr;
    for (const FsPrediction &p : c.predictions) {
        if ((p.verdict.verdict == Verdict::OnlineDiscardFine) != fine)
            continue;
        if (!worst || p.deleteSeconds / p.threshold > worst->deleteSeconds / worst->threshold)
            worst = &p;
    }
    return worst;
}

QString predictionsInWords(const Context &c, bool fine)
{
    QStringList parts;
    for (const FsPrediction &p : c.predictions) {
        if ((p.verdict.verdict == Verdict::OnlineDiscardFine) == fine)
            parts.append(
                AdviceText::tr("%1 with %2")
                    .arg(formatSeconds(p.deleteSeconds), fsDisplay(p.estimate.filesystem)));
    }
    return parts.join(AdviceText::tr(" and "));
}

// What the measured curve alone says, ignoring the stack.
Verdict curveVerdict(const Context &c)
{
    // The strongest reasons of all, whatever the TRIM times say: the drive in use hangs behind
    // the discards online discard sends, or it trims in the background (its quick answers hide
    // the cost).
    if (onlineStall(c) || backgroundTrimming(c))
        return Verdict::PreferPeriodicFstrim;
    if (c.predictions.isEmpty())
        return Verdict::Unknown;
    const bool slow = std::any_of(c.predictions.cbegin(), c.predictions.cend(), [](const auto &p) {
        return p.verdict.verdict == Verdict::PreferPeriodicFstrim;
    });
    return backgroundTrimming(c) || slow ? Verdict::PreferPeriodicFstrim
                                         : Verdict::OnlineDiscardFine;
}

void applyBackgroundTrimming(Context &c)
{
    if (!backgroundTrimming(c))
        return;
    for (FsPrediction &p : c.predictions) {
        p.verdict.verdict = Verdict::PreferPeriodicFstrim;
        p.verdict.backgroundTrim = true;
        p.verdict.undecided = false;
    }
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
    if (backgroundTrimming(c)) {
        c.advice.whatWouldChange.append(
            AdviceText::tr("Only a background probe without a write slow-down (after a "
                           "firmware update, say) would make online discard worth considering; "
                           "the TRIM times alone cannot show its cost."));
        return;
    }
    for (const FsPrediction &p : std::as_const(c.predictions)) {
        if (p.estimate.discardCount <= 0)
            continue;
        const double limit = p.threshold / p.estimate.discardCount;
        const QString fs = fsDisplay(p.estimate.filesystem);
        const QString size = bytesDisplay(p.estimate.averageDiscardBytes);
        const QString bound = formatSeconds(limit / (1 + p.margin));
        const QString measured = formatSeconds(p.trimSeconds);
        const QString threshold = formatSeconds(p.threshold);
        const bool fstrim = p.verdict.verdict == Verdict::PreferPeriodicFstrim;
        if (p.fromDeviceTime)
            c.advice.whatWouldChange.append(
                fstrim ? AdviceText::tr("With %1, online discard would be acceptable if each of "
                                        "its discards (%2 on average) took the drive under %3 "
                                        "(measured while deleting: %4), keeping the delete under "
                                        "%5 with its margin.")
                             .arg(fs, size, bound, measured, threshold)
                       : AdviceText::tr("With %1, online discard stops being fine if each of its "
                                        "discards (%2 on average) took the drive over %3 "
                                        "(measured while deleting: %4), bringing the delete with "
                                        "its margin over %5.")
                             .arg(fs, size, bound, measured, threshold));
        else
            c.advice.whatWouldChange.append(
                fstrim ? AdviceText::tr("With %1, online discard would be acceptable if one %2 "
                                        "TRIM took under %3 (measured: %4), keeping the delete "
                                        "under %5 with its margin.")
                             .arg(fs, size, bound, measured, threshold)
                       : AdviceText::tr("With %1, online discard stops being fine if one %2 TRIM "
                                        "took over %3 (measured: %4), bringing the delete with its "
                                        "margin over %5.")
                             .arg(fs, size, bound, measured, threshold));
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
    if (std::any_of(c.predictions.cbegin(), c.predictions.cend(), [](const FsPrediction &p) {
            return p.estimate.basis == FigureBasis::Literature;
        }))
        c.advice.whatWouldChange.append(
            AdviceText::tr("Measured discard sizes from the filesystem experiment replace the "
                           "literature figures (from kernel 3.1; newer kernels merge XFS's "
                           "discards into fewer, larger ones)."));
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
        const QString fs = fsDisplay(p.estimate.filesystem);
        if (!c.curve.covers(quint64(p.estimate.averageDiscardBytes)))
            d.append(AdviceText::tr("%1's discard size lies outside the measured sizes").arg(fs));
        if (p.estimate.basis == FigureBasis::Literature)
            d.append(AdviceText::tr("%1's discard sizes come from the literature, not from this "
                                    "system")
                         .arg(fs));
        if (p.verdict.undecided && !p.verdict.backgroundTrim)
            d.append(AdviceText::tr("%1's estimate is too close to its limit to call, so it "
                                    "says fstrim")
                         .arg(fs));
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

QString fineOthersInWords(const Context &c)
{
    const QString fine = predictionsInWords(c, true);
    return fine.isEmpty()
               ? QString()
               : QLatin1Char(' ') + AdviceText::tr("With the other filesystems online discard is "
                                                   "fine: it would add about %1.")
                                        .arg(fine);
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
        a.whatWouldChange.append(AdviceText::tr(
            "A firmware update or a different controller (AHCI instead of IDE mode, another USB "
            "bridge) that exposes TRIM; then run a sweep."));
        if (c.targetsMatched || (!c.haveDrive && c.input.audit))
            addFstabFixes(c);
        else if (c.haveDrive)
            addDriveGuidance(c);
        return;
    }
    applyBackgroundTrimming(c);
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
    const Figure *fstrim = a.figure(QStringLiteral("fstrim-weekly"));
    const QString fstrimWords =
        fstrim ? AdviceText::tr("; a weekly fstrim takes about %1, at a time you choose")
                     .arg(formatSeconds(fstrim->value))
               : QString();
    switch (fromCurve) {
    case Verdict::OnlineDiscardFine:
        a.sentence = AdviceText::tr("On %1 online discard is fine: it would add about %2 to "
                                    "deleting a kernel-sized tree%3.")
                         .arg(drive, predictionsInWords(c, true), fstrimWords);
        addVerdictFixes(c);
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
        } else if (backgroundTrimming(c)) {
            const probe::BackgroundProbeResult &p = *c.input.backgroundProbe;
            a.sentence = AdviceText::tr("Leave discard off on %1 and run fstrim weekly: the "
                                        "drive trims in the background, so its quick TRIM times "
                                        "understate the cost; after a %2 TRIM writes were %3x "
                                        "slower for %4.")
                             .arg(drive, formatBytes(p.discardBytes))
                             .arg(formatFixed(p.slowdownFactor, 1), formatSeconds(p.slowForSeconds));
        } else {
            const FsPrediction *w = worst(c, false);
            a.sentence =
                w->verdict.undecided
                    ? AdviceText::tr("Leave discard off on %1 and run fstrim weekly: with %2, "
                                     "deleting a kernel-sized tree with online discard would "
                                     "cost about %3 extra, somewhere between %4 and %5: too "
                                     "close to the %6 limit to call (the estimate is good to "
                                     "within %7), so fstrim, the safe choice%8.")
                          .arg(drive, fsDisplay(w->estimate.filesystem),
                               formatSeconds(w->deleteSeconds),
                               formatSeconds(w->verdict.lowSeconds),
                               formatSeconds(w->verdict.highSeconds), formatSeconds(w->threshold),
                               factorDisplay(w->margin), fstrimWords)
                    : AdviceText::tr("Leave discard off on %1 and run fstrim weekly: deleting "
                                     "a kernel-sized tree with online discard would cost "
                                     "about %2 extra with %3 (fine is under %4)%5.")
                          .arg(drive, formatSeconds(w->deleteSeconds),
                               fsDisplay(w->estimate.filesystem), formatSeconds(w->threshold),
                               fstrimWords);
            a.sentence += fineOthersInWords(c);
        }
        addVerdictFixes(c);
        break;
    default:
        a.verdict = Verdict::Unknown;
        a.sentence = AdviceText::tr("Not enough data for a verdict: run a sweep "
                                    "(trimscope-cli sweep … --json FILE) and pass it with "
                                    "--from FILE.");
        break;
    }
}

QString filesystemSentence(const FilesystemVerdict &v)
{
    const QString fs = fsDisplay(v.filesystem);
    if (v.backgroundTrim)
        return AdviceText::tr("%1: prefer fstrim: the drive trims in the background, so the TRIM "
                              "times understate what discards cost.")
            .arg(fs);
    const QString range = AdviceText::tr("%1 (%2 – %3)")
                              .arg(formatSeconds(v.extraSeconds), formatSeconds(v.lowSeconds),
                                   formatSeconds(v.highSeconds));
    if (v.undecided)
        return AdviceText::tr("%1: undecided, so prefer fstrim: about %2 extra per kernel-sized "
                              "delete, around the %3 limit.")
            .arg(fs, range, formatSeconds(v.limitSeconds));
    if (v.verdict == Verdict::OnlineDiscardFine)
        return AdviceText::tr("%1: online discard is fine: about %2 extra per kernel-sized "
                              "delete, under the %3 limit.")
            .arg(fs, range, formatSeconds(v.limitSeconds));
    return AdviceText::tr("%1: prefer fstrim: about %2 extra per kernel-sized delete, over the %3 "
                          "limit.")
        .arg(fs, range, formatSeconds(v.limitSeconds));
}

} // namespace

QString filesystemVerdictSentence(const FilesystemVerdict &verdict)
{
    return filesystemSentence(verdict);
}

std::optional<double> predictDeleteSeconds(const TrimCurve &curve,
                                           const FilesystemDeleteProfile &profile)
{
    const auto one = curve.secondsAt(profile.averageDiscardBytes);
    if (!one || profile.discardCount < 0)
        return std::nullopt;
    return profile.kernelTreeDiscardCount() * *one;
}

Advice adviseTrim(const AdviceInput &given, const AdviceThresholds &thresholds)
{
    // A probe on a drive that never became idle says nothing either way: it is left out, so the
    // verdict rests on what else was measured, as if no probe had run.
    AdviceInput input = given;
    const bool inconclusiveProbe = input.backgroundProbe && !input.backgroundProbe->conclusive();
    if (inconclusiveProbe)
        input.backgroundProbe.reset();
    Context c(input, thresholds);
    if (!input.sweeps.isEmpty() || input.drive) {
        c.drive = input.sweeps.isEmpty() ? *input.drive : input.sweeps.constFirst().drive;
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
    if (inconclusiveProbe)
        c.advice.confidenceReasons.append(
            AdviceText::tr("the background probe could not tell: the drive was not idle"));
    describeConfiguration(c);
    for (FsPrediction &p : c.predictions) {
        p.verdict.sentence = filesystemSentence(p.verdict);
        c.advice.filesystems.append(p.verdict);
    }

    QList<audit::Finding> findings = c.findings;
    if (backgroundTrimming(c))
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
    c.advice.computerFindings = c.computerFindings;
    return c.advice;
}

} // namespace trimscope::advice
