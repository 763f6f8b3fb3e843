#include "fsresultview.h"

#include "common/units.h"
#include "runstore.h"

#include <QCoreApplication>

namespace trimscope::gui {

using namespace trimscope::fsbench;

namespace {
// A named context lupdate and the runtime agree on (a free tr() wrapper in a namespace gets the
// namespace's name from lupdate, so its strings never matched).
struct FsResultText
{
    Q_DECLARE_TR_FUNCTIONS(FsResultView)
};

QString driveOf(const DriveInfo &drive)
{
    return drive.sizeBytes > 0
               ? FsResultText::tr("%1, %2").arg(drive.displayModel(), formatBytes(drive.sizeBytes))
               : drive.displayModel();
}

QString completeness(StopReason reason)
{
    StoredRun run; // how a saved run's end is said
    run.stopReason = reason;
    return reason == StopReason::Completed
               ? FsResultText::tr("complete")
               : FsResultText::tr("incomplete (%1)").arg(run.outcome());
}

QString variantTitle(const QString &variant)
{
    if (variant == QLatin1String("discard"))
        return FsResultText::tr("discard on");
    if (variant == QLatin1String("nodiscard"))
        return FsResultText::tr("discard off");
    if (variant == QLatin1String("discard-async"))
        return FsResultText::tr("discard=async");
    return variant;
}

QString statusText(RunStatus status, const QString &message, bool simulated)
{
    if (status != RunStatus::Measured)
        return message;
    return simulated ? FsResultText::tr("simulated") : FsResultText::tr("measured");
}

// The phases a delete costs, in the order they run; creating the tree is the same either way.
struct ChartPhase
{
    Phase phase;
    const char *title;
};
const ChartPhase kDeletePhases[] = {
    {Phase::Delete, QT_TRANSLATE_NOOP("FsResultView", "Delete")},
    // Short: a chart's category is elided beyond its slot ("Sync after d…"); it follows Delete.
    {Phase::SyncAfterDelete, QT_TRANSLATE_NOOP("FsResultView", "Sync")},
    {Phase::Settle, QT_TRANSLATE_NOOP("FsResultView", "Settle")},
    {Phase::Fstrim, QT_TRANSLATE_NOOP("FsResultView", "fstrim")},
};
} // namespace

FsResultView fsResultView(const FsBenchResult &result)
{
    FsResultView view;
    view.kind = FsResultView::Kind::DeleteWorkload;
    view.drive = driveOf(result.drive);
    view.summary = FsResultText::tr("Delete workload on %1: a tree of %2 files, %3; %4.")
                       .arg(view.drive)
                       .arg(formatCount(result.plan.tree.files))
                       .arg(formatBytes(result.plan.tree.bytes), completeness(result.stopReason));
    if (result.drive.simulated)
        view.summary += QLatin1Char(' ') +
                        FsResultText::tr("Simulated, not measured: no filesystem was made; the "
                                         "discards each filesystem is recorded to send were "
                                         "replayed against this drive's latency model.");
    view.chart.title = result.drive.simulated
                           ? FsResultText::tr("Deleting a tree (simulated): time per phase")
                           : FsResultText::tr("Deleting a tree: time per phase");
    view.chart.valueTitle = FsResultText::tr("Seconds");
    for (const ChartPhase &phase : kDeletePhases)
        view.chart.categories.append(FsResultText::tr(phase.title));
    view.table.header = {FsResultText::tr("Filesystem"), FsResultText::tr("Mount"),
                         FsResultText::tr("Status"),     FsResultText::tr("Delete cost"),
                         FsResultText::tr("Discards"),   FsResultText::tr("Average discard"),
                         FsResultText::tr("fstrim")};
    for (const DeleteRun &run : result.runs) {
        const bool measured = run.status == RunStatus::Measured;
        const DiscardDelta discards = measured ? run.deleteDiscards() : DiscardDelta{};
        const PhaseResult *fstrim = run.phase(Phase::Fstrim);
        view.table.rows.append({run.filesystem, variantTitle(run.variant),
                                statusText(run.status, run.message, result.drive.simulated),
                                measured ? formatSeconds(run.deleteSeconds()) : QString(),
                                formatCount(qint64(discards.count)),
                                formatBytes(quint64(discards.averageBytes())),
                                fstrim ? formatSeconds(fstrim->seconds) : QString()});
        if (!measured)
            continue;
        BarSetData set{FsResultText::tr("%1, %2").arg(run.filesystem, variantTitle(run.variant)),
                       {}};
        for (const ChartPhase &chartPhase : kDeletePhases) {
            const PhaseResult *phase = run.phase(chartPhase.phase);
            set.values.append(phase ? phase->seconds : 0);
        }
        view.chart.sets.append(set);
    }
    return view;
}

FsResultView fsResultView(const MkfsTimingResult &result)
{
    FsResultView view;
    view.kind = FsResultView::Kind::MkfsTiming;
    view.drive = driveOf(result.drive);
    view.summary = FsResultText::tr("mkfs with and without its whole-device discard on %1; %2.")
                       .arg(view.drive, completeness(result.stopReason));
    view.chart.title = FsResultText::tr("mkfs time with and without discard");
    view.chart.valueTitle = FsResultText::tr("Seconds");
    view.table.header = {FsResultText::tr("Filesystem"), FsResultText::tr("mkfs"),
                         FsResultText::tr("Status"),     FsResultText::tr("Time"),
                         FsResultText::tr("Discards"),   FsResultText::tr("Discarded")};
    BarSetData with{FsResultText::tr("discard on"), {}};
    BarSetData without{FsResultText::tr("discard off"), {}};
    for (const MkfsRun &run : result.runs) {
        const bool measured = run.status == RunStatus::Measured;
        view.table.rows.append({run.filesystem, variantTitle(run.variant),
                                statusText(run.status, run.message, result.drive.simulated),
                                measured ? formatSeconds(run.seconds) : QString(),
                                formatCount(qint64(run.discards.count)),
                                formatBytes(run.discards.bytes)});
        if (!measured)
            continue;
        if (!view.chart.categories.contains(run.filesystem)) {
            view.chart.categories.append(run.filesystem);
            with.values.append(0);
            without.values.append(0);
        }
        const auto index = view.chart.categories.indexOf(run.filesystem);
        (run.variant == QLatin1String("discard") ? with : without).values[index] = run.seconds;
    }
    view.chart.sets = {with, without};
    return view;
}

} // namespace trimscope::gui
