#pragma once

#include "audit/fstrimstatus.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

// The facts `trimscope-cli metrics` publishes, as one typed model with two pure writers: the
// Prometheus text format (for node_exporter's textfile collector) and JSON (for other
// collectors). Both say the same; neither reads anything.
namespace trimscope::metrics {

inline constexpr auto kMetricsSchemaId = "io.github.trimscope.metrics";
inline constexpr int kMetricsSchemaVersion = 1;

// Discards a block device served since boot, from its stat counters.
struct DiscardCounters
{
    double count = 0;
    double bytes = 0;
    double seconds = 0; // device time, as the kernel accounts it
};

struct DriveMetrics
{
    QString device; // kernel name ("sda", "nvme0n1"): the one label every drive series carries
    QString model;  // identity: only on the _info series, never on every series
    QString serial;
    QString firmware;
    QString bus;                   // "sata", "nvme", "usb", "virtio", ...
    bool discardSupported = false; // the kernel passes discards to it (discard_max_bytes > 0)

    // Health: a drive whose health could not be read is still listed, with the reason.
    bool healthReadable = false;
    QString healthErrorCode;           // errorCodeName(): "PermissionDenied", "Unsupported", ...
    QString healthError;               // in words
    std::optional<bool> trimSupported; // the drive's own word (ATA IDENTIFY, NVMe ONCS)
    std::optional<double> wearRatio;   // 0..1 of rated endurance used; NVMe may pass 1
    std::optional<double> writtenBytes;
    std::optional<double> powerOnSeconds;
    std::optional<double> mediaErrors;   // NVMe media and data integrity errors
    std::optional<double> badSectors;    // ATA: reallocated + pending sectors
    std::optional<int> criticalWarnings; // NVMe critical-warning bits set; ATA: SMART failing
    QStringList criticalWarningNames;
    std::optional<double> lifespanSeconds;      // total life at the average write rate
    std::optional<double> lifeRemainingSeconds; // from the drive's own wear figure
    QStringList lifespanAssumptions;

    // The discards the drive served since boot, by the kernel's own counters
    // (/sys/class/block/DEVICE/stat fields 12-15): what trimscope-cli watch reads.
    std::optional<DiscardCounters> discards;

    // The alert rules' conditions for the drive (core/history's rules, which the history
    // collector delivers as notifications; filled by the caller, this layer only writes them):
    // rule name ("wear_crossed") -> how many of its conditions stand now, 0 for none
    // (trim_reach_lost counts mount points). Empty: the rules were not evaluated.
    QMap<QString, double> alerts;

    // From saved sweeps of this drive, when the user named them (--sweep).
    QString adviceVerdict; // advice::verdictName(); empty without a sweep
    QStringList adviceSources;
    QMap<QString, double> discardDeleteExtraSeconds; // by filesystem type
};

// A mounted filesystem on a solid-state or discard-capable device, as the TRIM audit sees it.
struct FilesystemMetrics
{
    QString mountpoint;
    QString fstype;
    QString source;
    QStringList drives; // kernel names of the disks under it
    bool discardReachesDrive = false;
    bool onlineDiscard = false;
    bool periodicTrimWanted = false;
    QString device;                          // the block device it is mounted from ("sda2", "dm-0")
    std::optional<DiscardCounters> discards; // that device's, since boot
};

struct TrimMetrics
{
    QString toolVersion;
    QDateTime generatedAt; // also the tool's last-success time: only a finished run is written
    QList<DriveMetrics> drives;
    QList<FilesystemMetrics> filesystems;
    audit::FstrimStatus fstrim;
    QStringList notes; // what could not be read, and why, in words
};

QByteArray toPrometheusText(const TrimMetrics &metrics);
QJsonObject toJson(const TrimMetrics &metrics);

// Every verdict name the advice can give, for the state-set series.
QStringList adviceVerdictNames();

} // namespace trimscope::metrics
