#include "figures.h"

#include "advicetext.h"
#include "common/units.h"
#include "evidence.h"
#include "inusewords.h"

#include <cmath>

namespace trimscope::advice {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
// ext4 trims free space one block group at a time: 128 MiB with 4 KiB blocks. Pieces of that
// size make the fstrim estimate realistic for ext4 and conservative for XFS.
constexpr quint64 kFstrimPieceBytes = quint64(128) << 20;

class FigureList
{
public:
    void add(QString id, QString label, double value, QString unit, QString how)
    {
        m_figures.append({std::move(id), std::move(label), value, std::move(unit), std::move(how)});
    }
    QList<Figure> take() { return std::move(m_figures); }

private:
    QList<Figure> m_figures;
};

// The kernel tree's size in binary units, as every other size the program shows ("470 MiB";
// the table said "493 MB" beside "118 MiB" trees and "55.9 GiB" of free space).
QString kernelTreeSize()
{
    return formatBytes(quint64(kKernelTreeBytes));
}

// A number of a simulated drive's runs says so where it is named, in the table and in the report
// that shows only its name (issue 47 item 13): "… (simulated)", as the replayed delete's.
QString named(const QString &label, bool simulated)
{
    return simulated ? AdviceText::tr("%1 (simulated)").arg(label) : label;
}

QString basisDisplay(FigureBasis basis, bool simulated)
{
    switch (basis) {
    case FigureBasis::Measured:
        return simulated ? AdviceText::tr("simulated on a kernel-sized tree")
                         : AdviceText::tr("measured on a kernel-sized tree");
    case FigureBasis::Extrapolated:
        return simulated ? AdviceText::tr("extrapolated from smaller trees simulated on this drive")
                         : AdviceText::tr("extrapolated from smaller trees measured on this drive");
    case FigureBasis::Scaled:
        return simulated ? AdviceText::tr("scaled from one smaller tree simulated on this drive")
                         : AdviceText::tr("scaled from one smaller tree measured on this drive");
    case FigureBasis::Recorded:
        return AdviceText::tr("recorded on another drive");
    case FigureBasis::Literature:
        break;
    }
    return AdviceText::tr("literature figures (kernel 3.1), history only");
}

// Measured facts first: what the filesystem experiment saw on this drive.
void addMeasuredFigures(FigureList &figures, const FsEstimate &e)
{
    const QString fs = fsDisplay(e.filesystem);
    if (const std::optional<TreeDelete> &d = e.largestDelete) {
        const QString tree = AdviceText::tr("%1 files, %2")
                                 .arg(formatCount(d->files), formatBytes(quint64(d->treeBytes)));
        figures.add(
            QStringLiteral("delete-measured-%1").arg(e.filesystem),
            e.simulated
                ? AdviceText::tr("%1: deleting a tree of %2 with discard (simulated)").arg(fs, tree)
                : AdviceText::tr("%1: deleting a tree of %2 with discard (measured)").arg(fs, tree),
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
        figures.add(QStringLiteral("fstrim-measured-%1").arg(e.filesystem),
                    (e.simulated ? AdviceText::tr("%1: fstrim of the test filesystem (simulated)")
                                 : AdviceText::tr("%1: fstrim of the test filesystem (measured)"))
                        .arg(fs),
                    *e.fstrimSeconds, QStringLiteral("s"),
                    e.simulated ? AdviceText::tr("replayed by the filesystem experiment on a "
                                                 "simulated drive, not measured")
                                : AdviceText::tr("measured by the filesystem experiment"));
}

void addPredictionFigures(FigureList &figures, const FsPrediction &p, const TrimCurve &curve,
                          bool simulated)
{
    const FsEstimate &e = p.estimate;
    const FilesystemVerdict &v = p.verdict;
    const QString fs = fsDisplay(e.filesystem);
    // One figure for one discard, the same that "what would change" quotes (issue 47: the table
    // gave the curve's time for written data, 242 µs, the text the average, 55 µs, both as "one
    // discard of 48 MiB"). The curve's own time stays in how it was computed.
    const bool covered = curve.covers(quint64(e.averageDiscardBytes));
    const QString curveHow =
        simulated
            ? (covered ? AdviceText::tr("log-log interpolation between the simulated medians, "
                                        "averaged over discards of sizes spread around the "
                                        "average")
                       : AdviceText::tr("outside the simulated sizes: the nearest simulated "
                                        "median, scaled by size above the largest, averaged over "
                                        "discards of sizes spread around the average"))
        : covered ? AdviceText::tr("log-log interpolation between the measured medians, averaged "
                                   "over discards of sizes spread around the average")
                  : AdviceText::tr("outside the measured sizes: the nearest measured median, "
                                   "scaled by size above the largest, averaged over discards of "
                                   "sizes spread around the average");
    figures.add(QStringLiteral("trim-at-average-%1").arg(e.filesystem),
                // The filesystem first: rows of two filesystems differ at their start, which
                // stays readable however narrow the column is (issue 15, item 6).
                (simulated || e.simulated
                     ? AdviceText::tr("%1: one discard of the delete, on average (%2, "
                                      "simulated)")
                     : AdviceText::tr("%1: one discard of the delete, on average (%2)"))
                    .arg(fs, bytesDisplay(e.averageDiscardBytes)),
                p.averageSeconds, QStringLiteral("s"),
                AdviceText::tr("the delete's time over its %1 discards: %2 of them trim written "
                               "data at %3 each (%4), the rest free space at %5 each")
                    .arg(formatCount(std::llround(e.discardCount)),
                         formatCount(std::llround(p.writtenDiscards)), formatSeconds(p.trimSeconds),
                         curveHow, formatSeconds(p.emptyTrimSeconds)));
    const QString emptyHow = curve.emptyPoints().isEmpty()
                                 ? AdviceText::tr("no empty-space check: priced like written data")
                                 : AdviceText::tr("the sweep's empty-space check");
    figures.add(QStringLiteral("delete-extra-%1").arg(e.filesystem),
                named(AdviceText::tr("%1: extra time to delete a kernel tree (%2 files, %3) "
                                     "with discard")
                          .arg(fs, formatCount(kKernelTreeFiles), kernelTreeSize()),
                      simulated || e.simulated),
                p.deleteSeconds, QStringLiteral("s"),
                AdviceText::tr("%1 discards: %2 of them trim the tree's data at %3 each (the "
                               "curve), the rest free space trimmed before at %4 each (%5); "
                               "between %6 and %7 (within %8: %9); %10")
                    .arg(formatCount(std::llround(e.discardCount)),
                         formatCount(std::llround(p.writtenDiscards)), formatSeconds(p.trimSeconds),
                         formatSeconds(p.emptyTrimSeconds), emptyHow, formatSeconds(v.lowSeconds),
                         formatSeconds(v.highSeconds), factorDisplay(p.margin),
                         basisDisplay(e.basis, simulated || e.simulated))
                    .arg(e.source));
}

void addFstrimFigure(FigureList &figures, const Evidence &e)
{
    double freeBytes = 0;
    QString how;
    if (e.input.freeBytes) {
        freeBytes = double(*e.input.freeBytes);
        how = AdviceText::tr("the free space given");
    } else if (e.drive && e.drive->sizeBytes > 0) {
        double used = 0.5;
        how = AdviceText::tr("assuming half of the drive is free");
        for (const audit::AuditTarget &t : e.audit.targets) {
            if (e.audit.driveInAudit && !e.audit.matchedByModel && t.usedFraction) {
                used = *t.usedFraction;
                how =
                    AdviceText::tr("the drive's size times the free fraction of %1").arg(t.subject);
                break;
            }
        }
        freeBytes = double(e.drive->sizeBytes) * (1 - used);
    }
    if (!(freeBytes > 0))
        return;
    const auto seconds = e.curve.secondsToDiscard(freeBytes, kFstrimPieceBytes);
    if (!seconds)
        return;
    figures.add(
        QStringLiteral("fstrim-weekly"),
        named(AdviceText::tr("Weekly fstrim of %1 free space").arg(formatBytes(quint64(freeBytes))),
              e.simulated()),
        *seconds, QStringLiteral("s"),
        (e.simulated() ? AdviceText::tr("%1, trimmed in 128 MiB pieces (ext4's block groups) at "
                                        "the simulated time per piece; an upper bound when free "
                                        "space is in larger extents")
                       : AdviceText::tr("%1, trimmed in 128 MiB pieces (ext4's block groups) at "
                                        "the measured time per piece; an upper bound when free "
                                        "space is in larger extents"))
            .arg(how));
}

void addProbeFigures(FigureList &figures, const std::optional<probe::BackgroundProbeResult> &run)
{
    if (!run || !run->detected)
        return;
    const probe::BackgroundProbeResult &probe = *run;
    const bool simulated = probe.drive.simulated;
    figures.add(QStringLiteral("background-slowdown"),
                named(AdviceText::tr("Write slow-down after a large TRIM"), simulated),
                probe.slowdownFactor, QStringLiteral("x"),
                AdviceText::tr("median 4 KiB write after the discard (%1) over the median before "
                               "(%2)")
                    .arg(formatSeconds(probe.slowMedianSeconds),
                         formatSeconds(probe.baselineMedianSeconds)));
    figures.add(QStringLiteral("background-duration"),
                named(AdviceText::tr("Writes stayed slow for"), simulated), probe.slowForSeconds,
                QStringLiteral("s"),
                AdviceText::tr("after a %1 discard that returned in %2%3")
                    .arg(formatBytes(probe.discardBytes), formatSeconds(probe.discardSeconds),
                         probe.recovered ? QString()
                                         : AdviceText::tr("; still slow when the probe ended")));
    const double perMiB = probe.deferredSecondsPerMiB();
    figures.add(QStringLiteral("background-per-mib"),
                named(AdviceText::tr("Background work per trimmed MiB"), simulated), perMiB,
                QStringLiteral("s/MiB"), AdviceText::tr("slow period / MiB discarded"));
    figures.add(
        QStringLiteral("background-after-delete"),
        named(AdviceText::tr("Slow writes after deleting a kernel tree with discard"), simulated),
        perMiB * kKernelTreeBytes / kMiB, QStringLiteral("s"),
        AdviceText::tr("%1 x background work per MiB").arg(kernelTreeSize()));
}

void addStallFigures(FigureList &figures, const std::optional<stall::StallResult> &run)
{
    if (!run || !run->measured())
        return;
    const stall::StallResult &r = *run;
    const stall::StallPhaseFigures *base = r.phase(stall::StallPhase::Baseline);
    for (const stall::StallPhaseFigures &f : r.phases) {
        if (f.phase == stall::StallPhase::Baseline)
            continue;
        const QString name = stall::stallPhaseName(f.phase);
        figures.add(QStringLiteral("stall-longest-") + name,
                    named(AdviceText::tr("Longest I/O stall beside %1 discards")
                              .arg(formatBytes(f.discardBytes)),
                          r.drive.simulated),
                    f.longestStallSeconds, QStringLiteral("s"),
                    AdviceText::tr("QD1 4 KiB reads: the longest read after a discard began "
                                   "(%Ln discard(s); reads alone: median %1, longest %2)",
                                   nullptr, f.discards)
                        .arg(formatSeconds(base ? base->p50Seconds : 0),
                             formatSeconds(base ? base->maxSeconds : 0)));
        figures.add(
            QStringLiteral("stall-added-") + name,
            named(AdviceText::tr("I/O time lost per %1 discard").arg(formatBytes(f.discardBytes)),
                  r.drive.simulated),
            f.addedPerDiscardSeconds, QStringLiteral("s"),
            AdviceText::tr("median over the discards of the time the reads around each "
                           "one took beyond the typical read"));
    }
    figures.add(QStringLiteral("stall-worst-latency"),
                named(AdviceText::tr("Slowest I/O while discards ran"), r.drive.simulated),
                r.worstLatencySeconds(), QStringLiteral("s"),
                AdviceText::tr("%1 against a limit of %2 (Microsoft's TRIM performance criterion)")
                    .arg(r.passed() ? AdviceText::tr("passed") : AdviceText::tr("failed"),
                         formatSeconds(r.plan.maxLatencySeconds)));
}

} // namespace

QList<Figure> adviceFigures(const Evidence &evidence)
{
    FigureList figures;
    for (const FsEstimate &e : evidence.estimates)
        addMeasuredFigures(figures, e);
    for (const FsPrediction &p : evidence.predictions)
        addPredictionFigures(figures, p, evidence.curve, evidence.simulated());
    addFstrimFigure(figures, evidence);
    addProbeFigures(figures, evidence.input.backgroundProbe);
    addStallFigures(figures, evidence.input.stall);
    QList<Figure> all = figures.take();
    // The drive in use measured itself: its figures, whatever decides.
    all += inUseFigureList(evidence.inUse, evidence.thresholds);
    return all;
}

} // namespace trimscope::advice
