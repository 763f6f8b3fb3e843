#pragma once

#include <QDate>
#include <QList>
#include <QString>
#include <optional>
#include <span>

namespace trimscope::health {
struct DriveHealth;
}

// One drive's day in the history: what its health said that day, and the discards it served.
// Every figure is optional: a figure the drive (or udisks2) did not report is unknown, never 0,
// and a day nothing was recorded on has no row at all (a gap, never an invented value).
namespace trimscope::history {

// The figures of a day, one per column of the `days` table. A view asks for a series of one
// of them (HistoryStore::series); the table below says how two readings of one day combine.
enum class Metric {
    PowerOnHours,
    HostWritesBytes,
    HostReadsBytes,
    PercentUsed,
    AvailableSparePercent,
    SpareThresholdPercent,
    TemperatureMinCelsius,
    TemperatureMaxCelsius,
    MediaErrors,
    CrcErrors,
    ReallocatedSectors,
    PendingSectors,
    CriticalWarningBits, // NVMe critical-warning byte
    SmartFailing,        // 1: the drive's own SMART status says failing; 0: passing
    DiscardCount,        // discards the drive served that day (/sys/block/X/stat field 12)
    DiscardBytes,        // field 14 × 512
    DiscardSeconds,      // field 15, device time
};

// How a second reading of the same day merges with the first: counters keep the latest,
// temperature keeps the day's extremes. The discards served are kept as they are and grow by
// what the kernel's counters add between readings (HistoryStore::record), so a reading taken
// twice counts them once.
enum class Merge { Latest, Minimum, Maximum };

inline constexpr int kMetricCount = int(Metric::DiscardSeconds) + 1;

struct MetricInfo
{
    Metric metric;
    const char *column; // SQL column, also the JSON key
    Merge merge;
};

std::span<const MetricInfo> metricInfos();
const MetricInfo &metricInfo(Metric metric);
std::optional<Metric> metricFromColumn(const QString &column);

struct HistoryDay
{
    QDate day;
    std::optional<double> values[kMetricCount]; // indexed by Metric
    QString smartStatus;                        // libatasmart's / our overall verdict ("GOOD", ...)

    std::optional<double> value(Metric m) const { return values[int(m)]; }
    void set(Metric m, std::optional<double> v) { values[int(m)] = v; }
    bool hasAnyValue() const;
};

// The day's figures from a health reading (ATA through libatasmart or udisks2, NVMe).
HistoryDay dayFromHealth(const health::DriveHealth &health, QDate day);

// Two readings of one day combined by each metric's Merge rule (`later` read after `earlier`).
HistoryDay mergeDays(const HistoryDay &earlier, const HistoryDay &later);

} // namespace trimscope::history
