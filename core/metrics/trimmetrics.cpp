#include "trimmetrics.h"

#include "advice/advice.h"
#include "prometheustext.h"

#include <QJsonArray>
#include <functional>

namespace trimscope::metrics {

namespace {

// HELP texts stay English on purpose: they are metadata of a machine interface, and a fleet whose
// hosts spoke different languages would publish conflicting metadata for one metric.

double flag(bool value)
{
    return value ? 1 : 0;
}

Labels driveLabels(const DriveMetrics &d)
{
    return {{QStringLiteral("device"), d.device}};
}

Labels filesystemLabels(const FilesystemMetrics &f)
{
    return {{QStringLiteral("mountpoint"), f.mountpoint}, {QStringLiteral("fstype"), f.fstype}};
}

// One family with one sample per drive that has the figure; drives without it are left out
// (health_readable says why), never published as zero.
MetricFamily perDrive(const TrimMetrics &m, QString name, MetricType type, QString help,
                      const std::function<std::optional<double>(const DriveMetrics &)> &value)
{
    MetricFamily family{std::move(name), type, std::move(help), {}};
    for (const DriveMetrics &d : m.drives) {
        if (const auto v = value(d))
            family.samples.append({driveLabels(d), *v});
    }
    return family;
}

MetricFamily perFilesystem(const TrimMetrics &m, QString name, QString help,
                           const std::function<bool(const FilesystemMetrics &)> &value)
{
    MetricFamily family{std::move(name), MetricType::Gauge, std::move(help), {}};
    for (const FilesystemMetrics &f : m.filesystems)
        family.samples.append({filesystemLabels(f), flag(value(f))});
    return family;
}

MetricFamily single(QString name, QString help, std::optional<double> value)
{
    MetricFamily family{std::move(name), MetricType::Gauge, std::move(help), {}};
    if (value)
        family.samples.append({{}, *value});
    return family;
}

std::optional<double> secondsSinceEpoch(const std::optional<QDateTime> &when)
{
    return when ? std::optional<double>(double(when->toSecsSinceEpoch())) : std::nullopt;
}

QList<MetricFamily> driveFamilies(const TrimMetrics &m)
{
    QList<MetricFamily> families;
    MetricFamily info{QStringLiteral("trimscope_drive_info"),
                      MetricType::Gauge,
                      QStringLiteral("Identity of a drive; always 1. Join on device for model, "
                                     "serial, firmware and bus."),
                      {}};
    for (const DriveMetrics &d : m.drives)
        info.samples.append({{{QStringLiteral("device"), d.device},
                              {QStringLiteral("model"), d.model},
                              {QStringLiteral("serial"), d.serial},
                              {QStringLiteral("firmware"), d.firmware},
                              {QStringLiteral("bus"), d.bus}},
                             1});
    families.append(info);
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_health_readable"), MetricType::Gauge,
        QStringLiteral("1 if the drive's health (ATA SMART or NVMe health log) was read; 0 lists "
                       "the drive anyway, the reason is in the JSON output and the log."),
        [](const DriveMetrics &d) { return flag(d.healthReadable); }));
    families.append(perDrive(m, QStringLiteral("trimscope_drive_discard_supported"),
                             MetricType::Gauge,
                             QStringLiteral("1 if the kernel passes discards (TRIM) to the drive "
                                            "(queue/discard_max_bytes > 0)."),
                             [](const DriveMetrics &d) { return flag(d.discardSupported); }));
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_trim_supported"), MetricType::Gauge,
        QStringLiteral("1 if the drive itself reports TRIM support (ATA DATA SET MANAGEMENT, "
                       "NVMe Dataset Management)."),
        [](const DriveMetrics &d) -> std::optional<double> {
            return d.trimSupported ? std::optional<double>(flag(*d.trimSupported)) : std::nullopt;
        }));
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_wear_ratio"), MetricType::Gauge,
        QStringLiteral("Share of the rated endurance used, 0 to 1 (NVMe Percentage Used or the "
                       "ATA wear attribute); NVMe drives may report more than 1."),
        [](const DriveMetrics &d) { return d.wearRatio; }));
    families.append(perDrive(m, QStringLiteral("trimscope_drive_written_bytes_total"),
                             MetricType::Counter,
                             QStringLiteral("Bytes the host wrote to the drive over its life."),
                             [](const DriveMetrics &d) { return d.writtenBytes; }));
    families.append(perDrive(m, QStringLiteral("trimscope_drive_power_on_seconds_total"),
                             MetricType::Counter,
                             QStringLiteral("Time the drive has been powered on over its life."),
                             [](const DriveMetrics &d) { return d.powerOnSeconds; }));
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_media_errors_total"), MetricType::Counter,
        QStringLiteral("NVMe media and data integrity errors (unrecovered) over the drive's life."),
        [](const DriveMetrics &d) { return d.mediaErrors; }));
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_bad_sectors"), MetricType::Gauge,
        QStringLiteral("ATA reallocated plus pending sectors, as libatasmart counts them."),
        [](const DriveMetrics &d) { return d.badSectors; }));
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_critical_warnings"), MetricType::Gauge,
        QStringLiteral("Critical warnings the drive raises now: NVMe critical-warning bits set; "
                       "ATA: 1 if its SMART status says it is failing."),
        [](const DriveMetrics &d) -> std::optional<double> {
            return d.criticalWarnings ? std::optional<double>(*d.criticalWarnings) : std::nullopt;
        }));
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_lifespan_seconds"), MetricType::Gauge,
        QStringLiteral("Estimated total life at the drive's average write rate: capacity x rated "
                       "P/E cycles / (bytes written per power-on day x write amplification); "
                       "assumptions in the JSON output."),
        [](const DriveMetrics &d) { return d.lifespanSeconds; }));
    families.append(
        perDrive(m, QStringLiteral("trimscope_drive_life_remaining_seconds"), MetricType::Gauge,
                 QStringLiteral("Remaining life extrapolated from the drive's own wear figure: "
                                "(1 - wear) / wear x power-on time."),
                 [](const DriveMetrics &d) { return d.lifeRemainingSeconds; }));

    MetricFamily advice{
        QStringLiteral("trimscope_drive_advice"),
        MetricType::Gauge,
        QStringLiteral("The advice for the drive from its saved TRIM sweeps (--sweep): 1 for the "
                       "verdict given, 0 for the others. prefer-periodic-fstrim means online "
                       "discard measured slow."),
        {}};
    MetricFamily extra{
        QStringLiteral("trimscope_drive_discard_delete_extra_seconds"),
        MetricType::Gauge,
        QStringLiteral("Extra time deleting a Linux kernel tree (36706 files, 493 MB) takes on a "
                       "filesystem of this type mounted with online discard on this drive, "
                       "predicted from its saved TRIM sweeps (--sweep)."),
        {}};
    for (const DriveMetrics &d : m.drives) {
        if (d.adviceVerdict.isEmpty())
            continue;
        for (const QString &verdict : adviceVerdictNames())
            advice.samples.append(
                {{{QStringLiteral("device"), d.device}, {QStringLiteral("verdict"), verdict}},
                 flag(verdict == d.adviceVerdict)});
        for (auto it = d.discardDeleteExtraSeconds.cbegin();
             it != d.discardDeleteExtraSeconds.cend(); ++it)
            extra.samples.append(
                {{{QStringLiteral("device"), d.device}, {QStringLiteral("fstype"), it.key()}},
                 it.value()});
    }
    families << advice << extra;
    MetricFamily alerts{
        QStringLiteral("trimscope_drive_alert"),
        MetricType::Gauge,
        QStringLiteral("The conditions of one alert rule that stand now for the drive, 0 for "
                       "none: the rules trimscope-cli history record notifies about (SMART "
                       "failing, wear steps, spare, errors grown since the last recorded day, "
                       "temperature, TRIM reach lost, fstrim off, failed or stale)."),
        {}};
    for (const DriveMetrics &d : m.drives) {
        for (auto it = d.alerts.cbegin(); it != d.alerts.cend(); ++it)
            alerts.samples.append(
                {{{QStringLiteral("device"), d.device}, {QStringLiteral("rule"), it.key()}},
                 it.value()});
    }
    families.append(alerts);
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_discards_total"), MetricType::Counter,
        QStringLiteral("Discard requests the drive completed since boot, by the kernel's own "
                       "counters (/sys/class/block/DEVICE/stat): whoever sent them (online "
                       "discard, fstrim, mkfs). What trimscope-cli watch reads."),
        [](const DriveMetrics &d) {
            return d.discards ? std::optional<double>(d.discards->count) : std::nullopt;
        }));
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_discarded_bytes_total"), MetricType::Counter,
        QStringLiteral("Bytes the drive was asked to discard since boot (the kernel's counters)."),
        [](const DriveMetrics &d) {
            return d.discards ? std::optional<double>(d.discards->bytes) : std::nullopt;
        }));
    families.append(perDrive(
        m, QStringLiteral("trimscope_drive_discard_seconds_total"), MetricType::Counter,
        QStringLiteral("Time the drive spent on discards since boot, each request from issue to "
                       "completion (requests queued together each count)."),
        [](const DriveMetrics &d) {
            return d.discards ? std::optional<double>(d.discards->seconds) : std::nullopt;
        }));
    return families;
}

// One family with one sample per filesystem whose device's counters were read.
MetricFamily perFilesystemCounter(const TrimMetrics &m, QString name, QString help,
                                  double DiscardCounters::*member)
{
    MetricFamily family{std::move(name), MetricType::Counter, std::move(help), {}};
    for (const FilesystemMetrics &f : m.filesystems) {
        if (f.discards)
            family.samples.append(
                {filesystemLabels(f) + Labels{{QStringLiteral("device"), f.device}},
                 (*f.discards).*member});
    }
    return family;
}

QList<MetricFamily> filesystemFamilies(const TrimMetrics &m)
{
    MetricFamily drives{QStringLiteral("trimscope_filesystem_drive_info"),
                        MetricType::Gauge,
                        QStringLiteral("The drives under a filesystem (through partitions, "
                                       "dm-crypt, LVM, RAID); always 1. Joins filesystem and "
                                       "drive series on device."),
                        {}};
    for (const FilesystemMetrics &f : m.filesystems) {
        for (const QString &drive : f.drives)
            drives.samples.append(
                {filesystemLabels(f) + Labels{{QStringLiteral("device"), drive}}, 1});
    }
    return {
        drives,
        perFilesystem(m, QStringLiteral("trimscope_filesystem_discard_reaches_drive"),
                      QStringLiteral("1 if discards from the filesystem pass every layer of the "
                                     "storage stack down to the drives."),
                      [](const FilesystemMetrics &f) { return f.discardReachesDrive; }),
        perFilesystem(m, QStringLiteral("trimscope_filesystem_online_discard"),
                      QStringLiteral("1 if the filesystem is mounted with online discard "
                                     "(discard, discard=async)."),
                      [](const FilesystemMetrics &f) { return f.onlineDiscard; }),
        perFilesystem(m, QStringLiteral("trimscope_filesystem_periodic_trim_wanted"),
                      QStringLiteral("1 if only a periodic fstrim trims the filesystem: discards "
                                     "reach the drive, no online discard, not X-fstrim.notrim."),
                      [](const FilesystemMetrics &f) { return f.periodicTrimWanted; }),
        perFilesystemCounter(m, QStringLiteral("trimscope_filesystem_discards_total"),
                             QStringLiteral("Discard requests the device the filesystem is "
                                            "mounted from completed since boot (the kernel's "
                                            "counters; a device shared by several mounts counts "
                                            "for each)."),
                             &DiscardCounters::count),
        perFilesystemCounter(m, QStringLiteral("trimscope_filesystem_discarded_bytes_total"),
                             QStringLiteral("Bytes that device was asked to discard since boot."),
                             &DiscardCounters::bytes),
        perFilesystemCounter(m, QStringLiteral("trimscope_filesystem_discard_seconds_total"),
                             QStringLiteral("Time that device spent on discards since boot."),
                             &DiscardCounters::seconds),
    };
}

QList<MetricFamily> fstrimFamilies(const TrimMetrics &m)
{
    const audit::FstrimStatus &s = m.fstrim;
    return {
        single(QStringLiteral("trimscope_fstrim_timer_enabled"),
               QStringLiteral("1 if fstrim.timer is enabled (and not masked)."),
               flag(s.timerEnabled)),
        single(QStringLiteral("trimscope_fstrim_cron_configured"),
               QStringLiteral("1 if a cron table runs fstrim."), flag(s.cronConfigured())),
        single(QStringLiteral("trimscope_fstrim_last_run_timestamp_seconds"),
               QStringLiteral("When fstrim last ran, as systemd records it (fstrim.service in "
                              "this boot, else fstrim.timer's last trigger or its stamp file)."),
               secondsSinceEpoch(s.lastRun)),
        single(QStringLiteral("trimscope_fstrim_last_run_success"),
               QStringLiteral("1 if the last fstrim.service run succeeded, 0 if it failed; "
                              "absent when systemd has no result (not run in this boot)."),
               s.lastRunSucceeded ? std::optional<double>(flag(*s.lastRunSucceeded))
                                  : std::nullopt),
    };
}

QJsonValue optionalJson(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

// null when the counters were not read.
QJsonValue countersJson(const std::optional<DiscardCounters> &c)
{
    if (!c)
        return QJsonValue();
    return QJsonObject{{QStringLiteral("count"), c->count},
                       {QStringLiteral("bytes"), c->bytes},
                       {QStringLiteral("seconds"), c->seconds}};
}

QJsonObject driveJson(const DriveMetrics &d)
{
    QJsonObject extra;
    for (auto it = d.discardDeleteExtraSeconds.cbegin(); it != d.discardDeleteExtraSeconds.cend();
         ++it)
        extra.insert(it.key(), it.value());
    QJsonObject alertsJson;
    for (auto it = d.alerts.cbegin(); it != d.alerts.cend(); ++it)
        alertsJson.insert(it.key(), it.value());
    return {
        {QStringLiteral("device"), d.device},
        {QStringLiteral("model"), d.model},
        {QStringLiteral("serial"), d.serial},
        {QStringLiteral("firmware"), d.firmware},
        {QStringLiteral("bus"), d.bus},
        {QStringLiteral("discard_supported"), d.discardSupported},
        {QStringLiteral("health_readable"), d.healthReadable},
        {QStringLiteral("health_error_code"), d.healthErrorCode},
        {QStringLiteral("health_error"), d.healthError},
        {QStringLiteral("trim_supported"),
         d.trimSupported ? QJsonValue(*d.trimSupported) : QJsonValue()},
        {QStringLiteral("wear_ratio"), optionalJson(d.wearRatio)},
        {QStringLiteral("written_bytes"), optionalJson(d.writtenBytes)},
        {QStringLiteral("power_on_seconds"), optionalJson(d.powerOnSeconds)},
        {QStringLiteral("media_errors"), optionalJson(d.mediaErrors)},
        {QStringLiteral("bad_sectors"), optionalJson(d.badSectors)},
        {QStringLiteral("critical_warnings"),
         d.criticalWarnings ? QJsonValue(*d.criticalWarnings) : QJsonValue()},
        {QStringLiteral("critical_warning_names"),
         QJsonArray::fromStringList(d.criticalWarningNames)},
        {QStringLiteral("lifespan_seconds"), optionalJson(d.lifespanSeconds)},
        {QStringLiteral("life_remaining_seconds"), optionalJson(d.lifeRemainingSeconds)},
        {QStringLiteral("lifespan_assumptions"), QJsonArray::fromStringList(d.lifespanAssumptions)},
        {QStringLiteral("advice_verdict"),
         d.adviceVerdict.isEmpty() ? QJsonValue() : QJsonValue(d.adviceVerdict)},
        {QStringLiteral("advice_sources"), QJsonArray::fromStringList(d.adviceSources)},
        {QStringLiteral("discard_delete_extra_seconds"), extra},
        {QStringLiteral("discards_since_boot"), countersJson(d.discards)},
        {QStringLiteral("alerts"), alertsJson},
    };
}

QJsonObject filesystemJson(const FilesystemMetrics &f)
{
    return {
        {QStringLiteral("mountpoint"), f.mountpoint},
        {QStringLiteral("fstype"), f.fstype},
        {QStringLiteral("source"), f.source},
        {QStringLiteral("drives"), QJsonArray::fromStringList(f.drives)},
        {QStringLiteral("discard_reaches_drive"), f.discardReachesDrive},
        {QStringLiteral("online_discard"), f.onlineDiscard},
        {QStringLiteral("periodic_trim_wanted"), f.periodicTrimWanted},
        {QStringLiteral("device"), f.device},
        {QStringLiteral("discards_since_boot"), countersJson(f.discards)},
    };
}

} // namespace

QStringList adviceVerdictNames()
{
    using advice::Verdict;
    QStringList names;
    for (Verdict v : {Verdict::OnlineDiscardFine, Verdict::PreferPeriodicFstrim, Verdict::Undecided,
                      Verdict::FixStackFirst, Verdict::NoTrim, Verdict::Unknown})
        names.append(advice::verdictName(v));
    return names;
}

QByteArray toPrometheusText(const TrimMetrics &metrics)
{
    QList<MetricFamily> families = driveFamilies(metrics);
    families += filesystemFamilies(metrics);
    families += fstrimFamilies(metrics);
    families.append(single(QStringLiteral("trimscope_metrics_last_success_timestamp_seconds"),
                           QStringLiteral("When trimscope-cli metrics last gathered these "
                                          "metrics successfully."),
                           secondsSinceEpoch(metrics.generatedAt.isValid()
                                                 ? std::optional<QDateTime>(metrics.generatedAt)
                                                 : std::nullopt)));
    return writePrometheusText(families);
}

QJsonObject toJson(const TrimMetrics &metrics)
{
    QJsonArray drives;
    for (const DriveMetrics &d : metrics.drives)
        drives.append(driveJson(d));
    QJsonArray filesystems;
    for (const FilesystemMetrics &f : metrics.filesystems)
        filesystems.append(filesystemJson(f));
    return {
        {QStringLiteral("schema"), QLatin1String(kMetricsSchemaId)},
        {QStringLiteral("schema_version"), kMetricsSchemaVersion},
        {QStringLiteral("tool_version"), metrics.toolVersion},
        {QStringLiteral("generated_at"), metrics.generatedAt.toUTC().toString(Qt::ISODate)},
        {QStringLiteral("drives"), drives},
        {QStringLiteral("filesystems"), filesystems},
        {QStringLiteral("fstrim"), metrics.fstrim.toJson()},
        {QStringLiteral("notes"), QJsonArray::fromStringList(metrics.notes)},
    };
}

} // namespace trimscope::metrics
