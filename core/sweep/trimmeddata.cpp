#include "trimmeddata.h"

#include "common/units.h"

#include <QCoreApplication>

namespace trimscope {

namespace {
struct TrimmedDataText
{
    Q_DECLARE_TR_FUNCTIONS(TrimmedData)
};

QString ratioText(double ratio)
{
    return TrimmedDataText::tr("%1×").arg(formatNumber(ratio, 2));
}
} // namespace

QString prewritePlanText(const ResolvedPlan &plan, const DriveInfo &drive)
{
    if (!plan.plan.prewrite)
        return TrimmedDataText::tr("writes nothing first: the TRIMs meet whatever the regions "
                                   "hold (on a new or erased drive: empty space, which many "
                                   "drives answer at once)");
    // SimulatedDiscardTarget::prewrite marks the range written and writes nothing.
    if (drive.simulated)
        return TrimmedDataText::tr("writes nothing (a simulated drive): each region counts as "
                                   "written just before its TRIM, so the model times TRIM of "
                                   "written data");
    const quint64 planned = plan.plannedPrewriteBytes();
    if (!plan.plan.adaptive || plan.maxPrewriteBytes() == planned)
        return TrimmedDataText::tr("writes %1 first: each region just before its TRIM, outside "
                                   "the timed window")
            .arg(formatBytes(planned));
    return TrimmedDataText::tr("writes about %1 first (at most %2 if every size needs all its "
                               "samples): each region just before its TRIM, outside the timed "
                               "window")
        .arg(formatBytes(planned), formatBytes(plan.maxPrewriteBytes()));
}

QString trimmedDataText(const SweepResult &result)
{
    if (!result.plan.plan.prewrite)
        return TrimmedDataText::tr("whatever the regions held: nothing was written first, so on "
                                   "a new or erased drive these are TRIMs of empty space");
    if (result.drive.simulated)
        return TrimmedDataText::tr("written data, as modelled: each region counted as written "
                                   "just before its TRIM (a simulated drive holds no data)");
    const quint64 bytes = result.prewriteBytes();
    // Writes too quick to time (a cache that took them all): no rate to speak of.
    constexpr double kShortestMeasuredWrite = 1e-3;
    const QString rate = result.prewriteSeconds >= kShortestMeasuredWrite
                             ? formatRate(double(bytes) / result.prewriteSeconds)
                             : QString();
    if (rate.isEmpty())
        return TrimmedDataText::tr("written data: %1 written first, each region just before its "
                                   "TRIM, outside the timed window")
            .arg(formatBytes(bytes));
    return TrimmedDataText::tr("written data: %1 written first in %2 (%3), each region just "
                               "before its TRIM, outside the timed window")
        .arg(formatBytes(bytes), formatSeconds(result.prewriteSeconds), rate);
}

QString trimmedDataShortText(const SweepResult &result)
{
    if (!result.plan.plan.prewrite)
        return TrimmedDataText::tr("TRIM of whatever the regions held (not written first)");
    if (result.emptyCheck.outcome() == EmptyTrimCheck::Outcome::EmptyFaster)
        return TrimmedDataText::tr("TRIM of written data; empty space answered %1 faster")
            .arg(ratioText(result.emptyCheck.decisive()->ratio()));
    return TrimmedDataText::tr("TRIM of written data");
}

QString emptyTrimCheckText(const SweepResult &result)
{
    if (!result.emptyCheckPresent)
        return {};
    const EmptyTrimCheck &check = result.emptyCheck;
    const std::optional<EmptyTrimCheck::Size> size = check.decisive();
    switch (check.outcome()) {
    case EmptyTrimCheck::Outcome::EmptyFaster:
        return TrimmedDataText::tr("This drive answers TRIM of empty space %1 faster than TRIM "
                                   "of written data (%2: %3 against %4): a sweep of regions "
                                   "nothing wrote would time next to nothing.")
            .arg(ratioText(size->ratio()), formatBytes(size->bytes),
                 formatSeconds(size->emptyMedian()), formatSeconds(size->comparedWrittenMedian()));
    case EmptyTrimCheck::Outcome::Same:
        return TrimmedDataText::tr("TRIM of empty space costs about what TRIM of written data "
                                   "does (%1: %2 against %3).")
            .arg(formatBytes(size->bytes), formatSeconds(size->emptyMedian()),
                 formatSeconds(size->comparedWrittenMedian()));
    case EmptyTrimCheck::Outcome::NotChecked:
        break;
    }
    if (check.notCheckedReason == QLatin1String("no-prewrite"))
        return TrimmedDataText::tr("Not checked whether this drive answers TRIM of empty space "
                                   "faster: nothing was written first.");
    if (check.notCheckedReason == QLatin1String("stopped"))
        return TrimmedDataText::tr("Not checked whether this drive answers TRIM of empty space "
                                   "faster: the sweep stopped first.");
    return TrimmedDataText::tr("Not checked whether this drive answers TRIM of empty space "
                               "faster: too few sizes were measured often enough.");
}

} // namespace trimscope
