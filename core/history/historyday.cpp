#include "historyday.h"

#include "health/drivehealth.h"

#include <algorithm>
#include <array>

namespace trimscope::history {

namespace {
using health::AtaAttribute;
using health::AtaHealth;

constexpr std::array<MetricInfo, kMetricCount> kMetrics{{
    {Metric::PowerOnHours, "power_on_hours", Merge::Latest},
    {Metric::HostWritesBytes, "host_writes_bytes", Merge::Latest},
    {Metric::HostReadsBytes, "host_reads_bytes", Merge::Latest},
    {Metric::PercentUsed, "percent_used", Merge::Latest},
    {Metric::AvailableSparePercent, "available_spare", Merge::Latest},
    {Metric::SpareThresholdPercent, "spare_threshold", Merge::Latest},
    {Metric::TemperatureMinCelsius, "temperature_min", Merge::Minimum},
    {Metric::TemperatureMaxCelsius, "temperature_max", Merge::Maximum},
    {Metric::MediaErrors, "media_errors", Merge::Latest},
    {Metric::CrcErrors, "crc_errors", Merge::Latest},
    {Metric::ReallocatedSectors, "reallocated_sectors", Merge::Latest},
    {Metric::PendingSectors, "pending_sectors", Merge::Latest},
    {Metric::CriticalWarningBits, "critical_warning", Merge::Latest},
    {Metric::SmartFailing, "smart_failing", Merge::Latest},
    {Metric::DiscardCount, "discard_count", Merge::Latest},
    {Metric::DiscardBytes, "discard_bytes", Merge::Latest},
    {Metric::DiscardSeconds, "discard_seconds", Merge::Latest},
}};

// A raw counter of the attribute table, only where the raw field is known (udisks2 passes on
// the raw field of some units only).
std::optional<double> rawCounter(const AtaHealth &ata, quint8 id)
{
    const AtaAttribute *a = ata.attribute(id);
    if (!a)
        return std::nullopt;
    // Vendors pack more into the upper bytes of some counters; the low 32 bits are the count.
    if (a->rawKnown)
        return double(a->raw() & 0xffffffffu);
    // Through udisks2 only libatasmart's pretty value arrives. For an attribute it counts in
    // sectors (187 on many drives) that is the same low 32 bits: the count, as read from the
    // blob (tst_historyudisks: a Samsung HD501LJ's 187 was lost through udisksd, not directly).
    if (a->prettyUnit == health::PrettyUnit::Sectors)
        return double(a->prettyValue);
    return std::nullopt;
}

void fillAta(HistoryDay &d, const AtaHealth &ata)
{
    if (ata.reallocatedSectors)
        d.set(Metric::ReallocatedSectors, double(ata.reallocatedSectors->value));
    if (ata.pendingSectors)
        d.set(Metric::PendingSectors, double(ata.pendingSectors->value));
    d.set(Metric::CrcErrors, rawCounter(ata, 199));   // UDMA_CRC_Error_Count
    d.set(Metric::MediaErrors, rawCounter(ata, 187)); // Reported_Uncorrect
    if (const AtaAttribute *reads = ata.attribute(242);
        reads && reads->rawKnown && reads->drivedbName == QLatin1String("Total_LBAs_Read"))
        d.set(Metric::HostReadsBytes, double(reads->raw()) * 512.0);
    if (ata.smartStatusGood)
        d.set(Metric::SmartFailing, *ata.smartStatusGood ? 0.0 : 1.0);
}

void fillNvme(HistoryDay &d, const health::NvmeSmartLog &log)
{
    if (const auto read = log.bytesRead())
        d.set(Metric::HostReadsBytes, read->toDouble());
    d.set(Metric::AvailableSparePercent, double(log.availableSparePercent));
    d.set(Metric::SpareThresholdPercent, double(log.availableSpareThresholdPercent));
    d.set(Metric::MediaErrors, log.mediaErrors.toDouble());
    d.set(Metric::CriticalWarningBits, double(log.criticalWarning));
    d.set(Metric::SmartFailing, log.criticalWarning != 0 ? 1.0 : 0.0);
}
} // namespace

std::span<const MetricInfo> metricInfos()
{
    return kMetrics;
}

const MetricInfo &metricInfo(Metric metric)
{
    return kMetrics[std::size_t(metric)];
}

std::optional<Metric> metricFromColumn(const QString &column)
{
    for (const MetricInfo &m : kMetrics) {
        if (column == QLatin1String(m.column))
            return m.metric;
    }
    return std::nullopt;
}

bool HistoryDay::hasAnyValue() const
{
    return std::any_of(std::begin(values), std::end(values),
                       [](const std::optional<double> &v) { return v.has_value(); });
}

HistoryDay dayFromHealth(const health::DriveHealth &health, QDate day)
{
    HistoryDay d;
    d.day = day;
    d.set(Metric::PowerOnHours, health.powerOnHours);
    d.set(Metric::HostWritesBytes, health.hostWritesBytes);
    d.set(Metric::PercentUsed, health.percentUsed);
    d.set(Metric::TemperatureMinCelsius, health.temperatureCelsius);
    d.set(Metric::TemperatureMaxCelsius, health.temperatureCelsius);
    if (health.ata)
        fillAta(d, *health.ata);
    if (health.nvme)
        fillNvme(d, *health.nvme);
    d.smartStatus = health.overall.value_or(QString());
    return d;
}

HistoryDay mergeDays(const HistoryDay &earlier, const HistoryDay &later)
{
    HistoryDay out = later;
    for (const MetricInfo &m : kMetrics) {
        const auto a = earlier.value(m.metric);
        const auto b = later.value(m.metric);
        if (!a || !b) {
            out.set(m.metric, b ? b : a);
            continue;
        }
        switch (m.merge) {
        case Merge::Latest:
            out.set(m.metric, b);
            break;
        case Merge::Minimum:
            out.set(m.metric, std::min(*a, *b));
            break;
        case Merge::Maximum:
            out.set(m.metric, std::max(*a, *b));
            break;
        }
    }
    if (out.smartStatus.isEmpty())
        out.smartStatus = earlier.smartStatus;
    return out;
}

} // namespace trimscope::history
