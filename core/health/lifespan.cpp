#include "lifespan.h"

#include <cmath>

namespace trimscope::health {

namespace {
constexpr double kDaysPerYear = 365.0;

QJsonValue optional(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}
bool positive(double v)
{
    return std::isfinite(v) && v > 0;
}
} // namespace

QString cellTypeName(CellType type)
{
    switch (type) {
    case CellType::Slc:
        return QStringLiteral("slc");
    case CellType::Mlc:
        return QStringLiteral("mlc");
    case CellType::Tlc:
        return QStringLiteral("tlc");
    case CellType::Qlc:
        return QStringLiteral("qlc");
    }
    return QStringLiteral("tlc");
}

std::optional<CellType> cellTypeFromName(const QString &name)
{
    for (CellType t : {CellType::Slc, CellType::Mlc, CellType::Tlc, CellType::Qlc}) {
        if (name.compare(cellTypeName(t), Qt::CaseInsensitive) == 0)
            return t;
    }
    return std::nullopt;
}

// Typical vendor ratings; real drives vary widely (enterprise MLC 10k+, some QLC 600+).
LifespanAssumptions LifespanAssumptions::forCellType(CellType type)
{
    switch (type) {
    case CellType::Slc:
        return {type, 100000, 3.0};
    case CellType::Mlc:
        return {type, 3000, 3.0};
    case CellType::Tlc:
        return {type, 1000, 3.0};
    case CellType::Qlc:
        return {type, 300, 3.0};
    }
    return {};
}

QString writeRateSourceName(WriteRateSource source)
{
    switch (source) {
    case WriteRateSource::SmartHostWrites:
        return QStringLiteral("smart_host_writes");
    case WriteRateSource::NvmeDataUnitsWritten:
        return QStringLiteral("nvme_data_units_written");
    case WriteRateSource::Ext4LifetimeWrites:
        return QStringLiteral("ext4_lifetime_writes");
    case WriteRateSource::CalendarWindow:
        return QStringLiteral("calendar_window");
    case WriteRateSource::User:
        break;
    }
    return QStringLiteral("user");
}

std::optional<WriteRate> writeRateFromPowerOn(double bytesWritten, double powerOnHours,
                                              WriteRateSource source)
{
    if (!std::isfinite(bytesWritten) || bytesWritten < 0 || !positive(powerOnHours))
        return std::nullopt;
    const double days = powerOnHours / 24.0;
    return WriteRate{bytesWritten / days, source, bytesWritten, days};
}

std::optional<WriteRate> writeRateOverDays(double bytesBefore, double bytesNow, double days)
{
    if (!std::isfinite(bytesBefore) || !std::isfinite(bytesNow) || bytesNow < bytesBefore ||
        bytesBefore < 0 || !positive(days))
        return std::nullopt;
    return WriteRate{(bytesNow - bytesBefore) / days, WriteRateSource::CalendarWindow,
                     bytesNow - bytesBefore, days};
}

std::optional<WriteRate> writeRateFromFilesystem(double bytesWritten, double ageDays)
{
    if (!std::isfinite(bytesWritten) || bytesWritten < 0 || !positive(ageDays))
        return std::nullopt;
    return WriteRate{bytesWritten / ageDays, WriteRateSource::Ext4LifetimeWrites, bytesWritten,
                     ageDays};
}

LifespanEstimate estimateLifespan(const LifespanInput &input)
{
    LifespanEstimate e;
    e.input = input;
    const LifespanAssumptions &a = input.assumptions;
    e.assumptions << QStringLiteral("cell type %1: %2 rated P/E cycles")
                         .arg(cellTypeName(a.cellType).toUpper())
                         .arg(a.ratedCycles, 0, 'f', 0)
                  << QStringLiteral("write amplification %1").arg(a.writeAmplification, 0, 'g', 3);
    if (input.writeRate && input.writeRate->source != WriteRateSource::Ext4LifetimeWrites &&
        input.writeRate->source != WriteRateSource::User &&
        input.writeRate->source != WriteRateSource::CalendarWindow)
        e.assumptions << QStringLiteral(
            "writes per power-on day stand for writes per calendar day");

    if (!positive(input.capacityBytes))
        e.unknownReason = QStringLiteral("capacity unknown");
    else if (!input.writeRate)
        e.unknownReason = QStringLiteral("write rate unknown (no host-write counter or no "
                                         "power-on time)");
    else if (!positive(a.ratedCycles) || !positive(a.writeAmplification))
        e.unknownReason = QStringLiteral("rated cycles and write amplification must be positive");
    else if (!positive(input.writeRate->bytesPerDay))
        e.unknownReason = QStringLiteral("no writes recorded yet");
    if (!e.unknownReason.isEmpty())
        return e;

    const double years = input.capacityBytes * a.ratedCycles /
                         (input.writeRate->bytesPerDay * a.writeAmplification * kDaysPerYear);
    if (std::isfinite(years))
        e.years = years;
    else
        e.unknownReason = QStringLiteral("write rate too small to extrapolate");
    return e;
}

QJsonObject LifespanEstimate::toJson() const
{
    QJsonObject o{
        {QStringLiteral("years"), optional(years)},
        {QStringLiteral("capacity_bytes"), input.capacityBytes},
        {QStringLiteral("cell_type"), cellTypeName(input.assumptions.cellType)},
        {QStringLiteral("rated_cycles"), input.assumptions.ratedCycles},
        {QStringLiteral("write_amplification"), input.assumptions.writeAmplification},
        {QStringLiteral("assumptions"), QJsonValue::fromVariant(assumptions)},
    };
    if (!unknownReason.isEmpty())
        o.insert(QStringLiteral("unknown_reason"), unknownReason);
    if (input.writeRate) {
        o.insert(QStringLiteral("bytes_per_day"), input.writeRate->bytesPerDay);
        o.insert(QStringLiteral("write_rate_source"), writeRateSourceName(input.writeRate->source));
        o.insert(QStringLiteral("write_rate_days"), input.writeRate->days);
    }
    return o;
}

WearExtrapolation extrapolateFromPercentUsed(double percentUsed, std::optional<double> elapsedYears)
{
    WearExtrapolation w;
    w.percentUsed = percentUsed;
    w.elapsedYears = elapsedYears.value_or(0);
    if (!elapsedYears || !positive(*elapsedYears))
        w.unknownReason = QStringLiteral("no power-on time");
    else if (!std::isfinite(percentUsed) || percentUsed < 0)
        w.unknownReason = QStringLiteral("wear figure invalid");
    else if (percentUsed == 0)
        w.unknownReason = QStringLiteral("no measurable wear yet (0 % used)");
    else if (percentUsed >= 100)
        w.remainingYears = 0.0; // rated endurance reached; the drive may still work for a while
    else
        w.remainingYears = (100.0 - percentUsed) / percentUsed * *elapsedYears;
    return w;
}

QJsonObject WearExtrapolation::toJson() const
{
    QJsonObject o{{QStringLiteral("remaining_years"), optional(remainingYears)},
                  {QStringLiteral("percent_used"), percentUsed},
                  {QStringLiteral("elapsed_years"), elapsedYears}};
    if (!unknownReason.isEmpty())
        o.insert(QStringLiteral("unknown_reason"), unknownReason);
    return o;
}

} // namespace trimscope::health
