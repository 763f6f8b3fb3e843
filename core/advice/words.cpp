#include "words.h"

#include "advicetext.h"
#include "common/units.h"
#include "evidence.h"
#include "inusewords.h"

#include <algorithm>

namespace trimscope::advice {

namespace {

QString predictionsInWords(const Evidence &e, Verdict verdict)
{
    QStringList parts;
    for (const FsPrediction &p : e.predictions) {
        if (p.verdict.verdict == verdict)
            parts.append(
                AdviceText::tr("%1 with %2")
                    .arg(formatSeconds(p.deleteSeconds), fsDisplay(p.estimate.filesystem)));
    }
    return parts.join(AdviceText::tr(" and "));
}

QString fineOthersInWords(const Evidence &e)
{
    const QString fine = predictionsInWords(e, Verdict::OnlineDiscardFine);
    return fine.isEmpty()
               ? QString()
               : QLatin1Char(' ') + AdviceText::tr("With the other filesystems online discard is "
                                                   "fine: it would add about %1.")
                                        .arg(fine);
}

QString stallSentence(const Evidence &e, const QString &fstrimWords)
{
    const stall::StallPhaseFigures *f = e.onlineStall();
    const stall::StallPhaseFigures *base = e.input.stall->phase(stall::StallPhase::Baseline);
    return AdviceText::tr("Leave discard off on %1 and run fstrim weekly at an idle time: while "
                          "it trims, the drive holds other I/O up; beside %2 discards, as online "
                          "discard sends them, reads stalled for up to %3 (alone they take %4), "
                          "and each discard cost the I/O around it %5%6.")
        .arg(e.driveName(), formatBytes(f->discardBytes), formatSeconds(f->longestStallSeconds),
             formatSeconds(base ? base->p50Seconds : 0), formatSeconds(f->addedPerDiscardSeconds),
             fstrimWords);
}

QString backgroundSentence(const Evidence &e)
{
    const probe::BackgroundProbeResult &p = *e.input.backgroundProbe;
    return AdviceText::tr("Leave discard off on %1 and run fstrim weekly: the drive trims in the "
                          "background, so its quick TRIM times understate the cost; after a %2 "
                          "TRIM writes were %3x slower for %4.")
        .arg(e.driveName(), formatBytes(p.discardBytes))
        .arg(formatFixed(p.slowdownFactor, 1), formatSeconds(p.slowForSeconds));
}

QString estimatesFstrimSentence(const Evidence &e, const QString &fstrimWords)
{
    const FsPrediction *w = e.worstPrediction(Verdict::PreferPeriodicFstrim);
    return AdviceText::tr("Leave discard off on %1 and run fstrim weekly: deleting a "
                          "kernel-sized tree with online discard would cost about %2 extra "
                          "with %3 (fine is under %4)%5.")
               .arg(e.driveName(), formatSeconds(w->deleteSeconds),
                    fsDisplay(w->estimate.filesystem), formatSeconds(w->threshold), fstrimWords) +
           fineOthersInWords(e);
}

// Which run would settle an estimate of this basis.
QString decidingRun(FigureBasis basis, bool simulated)
{
    switch (basis) {
    case FigureBasis::Measured:
        return simulated ? AdviceText::tr("The delete was simulated at full size, so only the "
                                          "TRIM times' spread is left: a longer sweep narrows it.")
                         : AdviceText::tr("The delete was measured at full size, so only the "
                                          "TRIM times' spread is left: a longer sweep narrows it.");
    case FigureBasis::Extrapolated:
    case FigureBasis::Scaled:
        return AdviceText::tr("Deleting a kernel-sized tree on the drive decides it: the "
                              "filesystem experiment's kernel preset, or a diagnosis with time "
                              "for it.");
    case FigureBasis::Recorded:
    case FigureBasis::Literature:
        break;
    }
    return AdviceText::tr("The filesystem experiment on the drive decides it (its kernel "
                          "preset, or the diagnosis): the figures now are recorded on another "
                          "drive.");
}

// Undecided because the background probe could not tell: what the TRIM times say, why they do
// not settle it, and the run that would.
QString backgroundUnknownSentence(const Evidence &e, const QString &fstrimWords)
{
    return AdviceText::tr("Undecided for %1: by its TRIM times online discard would add about %2 "
                          "to deleting a kernel-sized tree, under the limits, but the background "
                          "probe could not tell whether the drive trims in the background (the "
                          "computer was busy), and a drive that does answers TRIMs just as "
                          "quickly while the work waits. A background probe on an idle computer "
                          "decides it: without background TRIM online discard is fine, with it "
                          "fstrim. Until then, leave discard off and run fstrim weekly%3: that "
                          "is never harmful.")
        .arg(e.driveName(), predictionsInWords(e, Verdict::Undecided), fstrimWords);
}

// Undecided: both costs in numbers, why the figures cannot tell, and the run that would.
QString undecidedSentence(const Evidence &e, const QString &fstrimWords)
{
    // An estimate across its limit says more than one that waits for the probe.
    const FsPrediction *w = e.worstPrediction(Verdict::Undecided);
    if (!w)
        return backgroundUnknownSentence(e, fstrimWords);
    return AdviceText::tr("Undecided for %1: with %2, deleting a kernel-sized tree with online "
                          "discard would cost about %3 extra, somewhere between %4 and %5, "
                          "across the %6 limit (the estimate is good to within %7)%8. %9 "
                          "Until then, leave discard off and run fstrim weekly: that is never "
                          "harmful.")
               .arg(e.driveName(), fsDisplay(w->estimate.filesystem),
                    formatSeconds(w->deleteSeconds), formatSeconds(w->verdict.lowSeconds),
                    formatSeconds(w->verdict.highSeconds), formatSeconds(w->threshold),
                    factorDisplay(w->margin), fstrimWords,
                    decidingRun(w->estimate.basis, e.simulated())) +
           fineOthersInWords(e);
}

// What the measured figures would have to be for each filesystem's verdict to flip.
void addEstimateConditions(QStringList &changes, const FsPrediction &p, bool simulated)
{
    if (p.estimate.discardCount <= 0)
        return;
    const QString fs = fsDisplay(p.estimate.filesystem);
    const QString threshold = formatSeconds(p.threshold);
    if (p.verdict.backgroundUnknown) {
        changes.append(AdviceText::tr("With %1, a background probe on an idle computer settles "
                                      "it: without background TRIM online discard is fine (about "
                                      "%2 extra, under the %3 limit); with it, fstrim.")
                           .arg(fs, formatSeconds(p.deleteSeconds), threshold));
        return;
    }
    if (p.verdict.verdict == Verdict::Undecided) {
        changes.append((simulated ? AdviceText::tr("With %1, a kernel-sized delete simulated on "
                                                   "the drive settles it: under %2 extra, online "
                                                   "discard is fine; over it, fstrim.")
                                  : AdviceText::tr("With %1, a kernel-sized delete measured on "
                                                   "the drive settles it: under %2 extra, online "
                                                   "discard is fine; over it, fstrim."))
                           .arg(fs, threshold));
        return;
    }
    // The numbers' "one discard, on average" figure (trim-at-average-FS), shown the same.
    const double measured = p.averageSeconds;
    const QString bound = formatSeconds(p.threshold / p.estimate.discardCount / (1 + p.margin));
    const QString size = bytesDisplay(p.estimate.averageDiscardBytes);
    // A simulated drive's figure is the model's (issue 47 item 13).
    const QString figure = simulated ? AdviceText::tr("simulated: %1").arg(formatSeconds(measured))
                                     : AdviceText::tr("measured: %1").arg(formatSeconds(measured));
    changes.append(p.verdict.verdict == Verdict::PreferPeriodicFstrim
                       ? AdviceText::tr("With %1, online discard would be acceptable if its "
                                        "discards (%2 on average) took the drive under %3 each "
                                        "(%4), keeping the delete under %5 with its margin.")
                             .arg(fs, size, bound, figure, threshold)
                       : AdviceText::tr("With %1, online discard stops being fine if its "
                                        "discards (%2 on average) took the drive over %3 each "
                                        "(%4), bringing the delete with its margin over %5.")
                             .arg(fs, size, bound, figure, threshold));
}

// What the verdict's own ground would need to change.
void addGroundCondition(QStringList &changes, const Decision &d)
{
    if (d.ground == Ground::NoTrim)
        changes.append(AdviceText::tr(
            "A firmware update or a different controller (AHCI instead of IDE mode, another USB "
            "bridge) that exposes TRIM; then run a sweep."));
    else if (d.ground == Ground::StackBlocked && d.fromCurve != Verdict::Unknown)
        changes.append(AdviceText::tr("Once discards pass, the measured curve says: %1.")
                           .arg(verdictDisplayName(d.fromCurve)));
}

// What the measurements would have to show.
void addMeasurementConditions(QStringList &changes, const Evidence &e)
{
    if (const stall::StallPhaseFigures *f = e.onlineStall()) {
        // A simulated drive's stall test is its model's (issue 47 item 13).
        const QString longest = formatSeconds(f->longestStallSeconds);
        changes.append(
            AdviceText::tr("Only a stall test in which %1 discards hold I/O up for less than %2 "
                           "(%3) would make online discard worth considering.")
                .arg(formatBytes(f->discardBytes), formatSeconds(e.thresholds.stallSeconds),
                     e.input.stall->drive.simulated ? AdviceText::tr("simulated: %1").arg(longest)
                                                    : AdviceText::tr("measured: %1").arg(longest)));
        return;
    }
    if (e.backgroundTrimming()) {
        changes.append(
            AdviceText::tr("Only a background probe without a write slow-down (after a "
                           "firmware update, say) would make online discard worth considering; "
                           "the TRIM times alone cannot show its cost."));
        return;
    }
    for (const FsPrediction &p : e.predictions)
        addEstimateConditions(changes, p, e.simulated());
    const bool fine = e.curveVerdict() == Verdict::OnlineDiscardFine;
    if (!e.input.stall && fine)
        changes.append(
            AdviceText::tr("A stall test (trimscope-cli stall) in which small discards hold "
                           "other I/O up for over %1 would make it 'prefer fstrim'.")
                .arg(formatSeconds(e.thresholds.stallSeconds)));
    if (!e.input.backgroundProbe && fine)
        changes.append(
            AdviceText::tr("A background probe (trimscope-cli background-probe) that finds the "
                           "drive trimming in the background would make it 'prefer fstrim'."));
    if (std::any_of(e.predictions.cbegin(), e.predictions.cend(), [](const FsPrediction &p) {
            return p.estimate.basis == FigureBasis::Recorded;
        }))
        changes.append(
            AdviceText::tr("The filesystem experiment on this drive replaces the discard "
                           "figures recorded on another drive with its own."));
}

QStringList doubts(const Evidence &e)
{
    QStringList d;
    if (e.curve.points().size() < 3 && !e.curve.isEmpty())
        d.append(AdviceText::tr("the curve has fewer than 3 sizes"));
    for (const SweepResult &s : e.input.sweeps) {
        if (!s.complete()) {
            d.append(
                AdviceText::tr("a sweep stopped early (%1)").arg(stopReasonName(s.stopReason)));
            break;
        }
    }
    for (const FsPrediction &p : e.predictions) {
        const QString fs = fsDisplay(p.estimate.filesystem);
        if (!e.curve.covers(quint64(p.estimate.averageDiscardBytes)))
            d.append((e.simulated()
                          ? AdviceText::tr("%1's discard size lies outside the simulated sizes")
                          : AdviceText::tr("%1's discard size lies outside the measured sizes"))
                         .arg(fs));
        if (p.estimate.basis == FigureBasis::Recorded ||
            p.estimate.basis == FigureBasis::Literature)
            d.append(AdviceText::tr("%1's discard figures were recorded on another drive, not "
                                    "measured on this one")
                         .arg(fs));
        if (p.verdict.verdict == Verdict::Undecided && !p.verdict.backgroundUnknown)
            d.append(AdviceText::tr("%1's estimate is too close to its limit to call").arg(fs));
    }
    for (const CurvePoint &point : e.curve.points()) {
        if (point.ciRelativeHalfWidth > 0.25) {
            d.append(AdviceText::tr("some medians are known only to within ±25 % or worse"));
            break;
        }
    }
    if (e.unqueuedTrimUnmeasured())
        d.append(AdviceText::tr("the kernel sends this drive's TRIM unqueued (libata quirk "
                                "NO_NCQ_TRIM for \"%1\"): every discard holds other I/O up, "
                                "which TRIM times do not show and no stall test measured")
                     .arg(e.kernelQuirks.pattern));
    if (e.probeInconclusive)
        d.append(AdviceText::tr("background TRIM: not known (the computer was busy)"));
    else if (!e.input.backgroundProbe && !e.curve.isEmpty())
        d.append(AdviceText::tr("no background probe ran: a drive that trims in the background "
                                "has a curve just like a fast one"));
    return d;
}

} // namespace

QString verdictSentence(const Evidence &e, const Decision &d, const QList<Figure> &figures)
{
    const QString drive = e.driveName();
    const auto fstrim = std::find_if(figures.cbegin(), figures.cend(), [](const Figure &f) {
        return f.id == QLatin1String("fstrim-weekly");
    });
    const QString fstrimWords =
        fstrim != figures.cend()
            ? AdviceText::tr("; a weekly fstrim takes about %1, at a time you choose")
                  .arg(formatSeconds(fstrim->value))
            : QString();
    switch (d.ground) {
    case Ground::NoTrim:
        return AdviceText::tr("%1 does not support TRIM: neither discard nor fstrim can do "
                              "anything for it; keep it below 80 % full so its own garbage "
                              "collection has room.")
            .arg(drive);
    case Ground::StackBlocked: {
        QStringList titles;
        for (const audit::Finding &f : e.audit.blockers)
            titles.append(f.title);
        return AdviceText::tr("TRIM does not reach %1 through this system's storage stack "
                              "(%2): fix that first, or neither discard nor fstrim will "
                              "reach the drive.")
            .arg(drive, titles.join(QStringLiteral("; ")));
    }
    case Ground::Stall:
        return stallSentence(e, fstrimWords);
    case Ground::BackgroundTrim:
        return backgroundSentence(e);
    case Ground::Estimates:
        if (d.verdict == Verdict::Undecided)
            return undecidedSentence(e, fstrimWords);
        if (d.verdict == Verdict::OnlineDiscardFine)
            return AdviceText::tr("On %1 online discard is fine: it would add about %2 to "
                                  "deleting a kernel-sized tree%3.")
                .arg(drive, predictionsInWords(e, Verdict::OnlineDiscardFine), fstrimWords);
        return estimatesFstrimSentence(e, fstrimWords);
    case Ground::InUse:
        return inUseSentence(e.inUse, e.thresholds, d.verdict, drive);
    case Ground::NothingMeasured:
        break;
    }
    // A filesystem experiment alone counts the discards a delete sends; only the drive's TRIM
    // times price them. Said as what there is and what comes next, not "nothing measured"
    // (issue 47: a simulated drive's replay read as if no drive had been looked at).
    if (!e.input.treeDeletes.isEmpty())
        return (e.simulated()
                    ? AdviceText::tr("Not enough data for a verdict: the filesystem experiment on "
                                     "%1 was simulated, not measured. It shows how many discards "
                                     "a delete sends; what they cost follows from the drive's "
                                     "TRIM times: run the TRIM benchmark (a sweep) next.")
                    : AdviceText::tr("Not enough data for a verdict: the filesystem experiment on "
                                     "%1 counted the discards a delete sends; what they cost "
                                     "follows from the drive's TRIM times: run the TRIM "
                                     "benchmark (a sweep) next, or the diagnosis, which runs "
                                     "both."))
            .arg(drive);
    // Words for every front end: the CLI says on its own how to pass a result (--from FILE).
    return AdviceText::tr("Not enough data for a verdict: measure the drive first, with a TRIM "
                          "sweep or, better, the diagnosis.");
}

QStringList whatWouldChange(const Evidence &evidence, const Decision &decision)
{
    QStringList changes;
    addGroundCondition(changes, decision);
    addMeasurementConditions(changes, evidence);
    return changes;
}

Confidence assessConfidence(const Evidence &evidence, Verdict verdict)
{
    Confidence c;
    c.reasons = doubts(evidence);
    const qsizetype n = c.reasons.size();
    if (verdict == Verdict::FixStackFirst || verdict == Verdict::NoTrim)
        c.level = QStringLiteral("high");
    else if (verdict == Verdict::Unknown)
        c.level = QStringLiteral("low");
    else
        c.level = n <= 1   ? QStringLiteral("high")
                  : n <= 3 ? QStringLiteral("medium")
                           : QStringLiteral("low");
    // Discards on a drive whose TRIM the kernel sends unqueued are what that verdict puts on it:
    // without a stall test it cannot be sure of them, however well the TRIM times are known.
    if (verdict == Verdict::OnlineDiscardFine && evidence.unqueuedTrimUnmeasured() &&
        c.level == QLatin1String("high"))
        c.level = QStringLiteral("medium");
    return c;
}

Configuration describeConfiguration(const Evidence &e)
{
    Configuration config;
    config.audited = e.input.audit.has_value();
    config.driveInAudit = e.audit.driveInAudit;
    for (const audit::AuditTarget &t : e.audit.targets) {
        if (e.audit.driveInAudit)
            config.subjects.append(t.subject);
    }
    const QString drive = e.driveName();
    if (!e.drive) {
        config.summary = config.audited
                             ? AdviceText::tr("No drive was measured: the advice is about this "
                                              "computer's audit alone.")
                             : QString();
    } else if (!config.audited) {
        config.summary = AdviceText::tr("No audit of this computer was given: the lines below are "
                                        "for filesystems on %1, with placeholders.")
                             .arg(drive);
    } else if (!e.audit.driveInAudit) {
        config.summary =
            (e.drive->simulated
                 ? AdviceText::tr("%1 is simulated: no filesystem of this computer is on it, so "
                                  "nothing on this computer changes because of its verdict.")
                 : AdviceText::tr("None of this computer's filesystems is on %1 or on a drive "
                                  "of the same model, so nothing on this computer changes "
                                  "because of its verdict."))
                .arg(drive) +
            QLatin1Char(' ') +
            AdviceText::tr("The lines below are for filesystems you put on it. This computer's "
                           "own audit findings (%Ln) are listed apart.",
                           nullptr, int(e.audit.computerFindings.size()));
    } else {
        config.summary =
            (e.audit.matchedByModel
                 ? AdviceText::tr("On this computer the verdict applies to %1: on "
                                  "%2 or on a drive of the same model.")
                 : AdviceText::tr("On this computer the verdict applies to %1, on %2."))
                .arg(config.subjects.join(QStringLiteral(", ")), drive);
    }
    return config;
}

QString filesystemVerdictSentence(const FilesystemVerdict &v)
{
    const QString fs = fsDisplay(v.filesystem);
    if (v.backgroundTrim)
        return AdviceText::tr("%1: prefer fstrim: the drive trims in the background, so the TRIM "
                              "times understate what discards cost.")
            .arg(fs);
    if (v.stall)
        return AdviceText::tr("%1: prefer fstrim: the drive's discards hold other I/O up, so "
                              "online discard would make it hang while in use.")
            .arg(fs);
    const QString range = AdviceText::tr("%1 (%2 – %3)")
                              .arg(formatSeconds(v.extraSeconds), formatSeconds(v.lowSeconds),
                                   formatSeconds(v.highSeconds));
    if (v.backgroundUnknown)
        return AdviceText::tr("%1: undecided: about %2 extra per kernel-sized delete, under the "
                              "%3 limit, but whether the drive trims in the background is not "
                              "known.")
            .arg(fs, range, formatSeconds(v.limitSeconds));
    if (v.verdict == Verdict::Undecided)
        return AdviceText::tr("%1: undecided: about %2 extra per kernel-sized delete, across the "
                              "%3 limit.")
            .arg(fs, range, formatSeconds(v.limitSeconds));
    if (v.verdict == Verdict::OnlineDiscardFine)
        return AdviceText::tr("%1: online discard is fine: about %2 extra per kernel-sized "
                              "delete, under the %3 limit.")
            .arg(fs, range, formatSeconds(v.limitSeconds));
    return AdviceText::tr("%1: prefer fstrim: about %2 extra per kernel-sized delete, over the %3 "
                          "limit.")
        .arg(fs, range, formatSeconds(v.limitSeconds));
}

QString verdictHeadline(const Advice &advice)
{
    // Only where one filesystem should be mounted with discard and another not: undecided and
    // fstrim both leave it off, and read as the verdict's own name.
    const auto withDiscard = [](const FilesystemVerdict &fs) {
        return fs.verdict == Verdict::OnlineDiscardFine;
    };
    const bool measured = advice.verdict == Verdict::OnlineDiscardFine ||
                          advice.verdict == Verdict::PreferPeriodicFstrim ||
                          advice.verdict == Verdict::Undecided;
    const bool split =
        std::any_of(advice.filesystems.cbegin(), advice.filesystems.cend(), withDiscard) &&
        !std::all_of(advice.filesystems.cbegin(), advice.filesystems.cend(), withDiscard);
    if (!measured || !split)
        return verdictDisplayName(advice.verdict);
    QStringList parts;
    for (const FilesystemVerdict &fs : advice.filesystems) {
        const QString action = fs.verdict == Verdict::OnlineDiscardFine
                                   ? AdviceText::tr("mount with discard")
                               : fs.verdict == Verdict::Undecided
                                   ? AdviceText::tr("undecided, leave discard off for now")
                                   : AdviceText::tr("leave discard off, run fstrim weekly");
        parts.append(AdviceText::tr("%1: %2").arg(fsDisplay(fs.filesystem), action));
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace trimscope::advice
