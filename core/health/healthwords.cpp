#include "healthwords.h"

#include "common/units.h"
#include "healthwordscontext.h"

#include <QCoreApplication>
#include <cmath>

namespace trimscope::health {

namespace {
bool knownAndPositive(double v)
{
    return std::isfinite(v) && v > 0;
}
} // namespace

QString overallText(const QString &overall)
{
    if (overall == QLatin1String("GOOD"))
        return HealthWords::tr("good");
    if (overall == QLatin1String("BAD_ATTRIBUTE_IN_THE_PAST"))
        return HealthWords::tr("an attribute was below its threshold in the past");
    if (overall == QLatin1String("BAD_SECTOR"))
        return HealthWords::tr("bad sectors");
    if (overall == QLatin1String("BAD_ATTRIBUTE_NOW"))
        return HealthWords::tr("an attribute is below its threshold now");
    if (overall == QLatin1String("BAD_SECTOR_MANY"))
        return HealthWords::tr("many bad sectors");
    if (overall == QLatin1String("BAD_STATUS"))
        return HealthWords::tr("the drive reports that it is failing");
    if (overall == QLatin1String("CRITICAL_WARNING"))
        return HealthWords::tr("the drive reports a critical warning");
    return overall.isEmpty() ? HealthWords::tr("unknown") : overall;
}

QStringList lifespanAssumptionTexts(const LifespanEstimate &estimate)
{
    const LifespanAssumptions &a = estimate.input.assumptions;
    QStringList texts{
        HealthWords::tr("cell type %1: %2 rated program/erase cycles")
            .arg(cellTypeName(a.cellType).toUpper(), formatCount(std::llround(a.ratedCycles))),
        HealthWords::tr("write amplification %1").arg(formatNumber(a.writeAmplification, 3))};
    const auto &rate = estimate.input.writeRate;
    if (rate && rate->source != WriteRateSource::Ext4LifetimeWrites &&
        rate->source != WriteRateSource::User && rate->source != WriteRateSource::CalendarWindow)
        texts.append(HealthWords::tr("writes per power-on day stand for writes per calendar day"));
    return texts;
}

QString lifespanUnknownText(const LifespanEstimate &estimate)
{
    if (estimate.years)
        return QString();
    const LifespanInput &in = estimate.input;
    if (!knownAndPositive(in.capacityBytes))
        return HealthWords::tr("the capacity is unknown");
    if (!in.writeRate)
        return HealthWords::tr("the write rate is unknown (no host-write counter or no power-on "
                               "time)");
    if (!knownAndPositive(in.assumptions.ratedCycles) ||
        !knownAndPositive(in.assumptions.writeAmplification))
        return HealthWords::tr("rated cycles and write amplification must be positive");
    if (!knownAndPositive(in.writeRate->bytesPerDay))
        return HealthWords::tr("no writes recorded yet");
    return HealthWords::tr("the write rate is too small to extrapolate");
}

// The same tests as extrapolateFromPercentUsed, in its order.
QString wearUnknownText(const WearExtrapolation &wear)
{
    if (wear.remainingYears)
        return QString();
    if (!knownAndPositive(wear.elapsedYears))
        return HealthWords::tr("no power-on time");
    if (!std::isfinite(wear.percentUsed) || wear.percentUsed < 0)
        return HealthWords::tr("the wear figure is invalid");
    return HealthWords::tr("no measurable wear yet (%1 used)").arg(formatPercent(wear.percentUsed));
}

} // namespace trimscope::health
