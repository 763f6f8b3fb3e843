#include "udiskshealth.h"

#include <QSet>
#include <algorithm>
#include <cmath>
#include <limits>

namespace trimscope::health {

namespace {

// libatasmart's SkSmartAttributeUnit, as udisks passes it on (libblockdev's BDSmartATAAttributeUnit
// in udisks 2.10 and later has the same numbers).
PrettyUnit prettyUnitFromUdisks(qint32 unit)
{
    switch (unit) {
    case 1:
        return PrettyUnit::None;
    case 2:
        return PrettyUnit::Milliseconds;
    case 3:
        return PrettyUnit::Sectors;
    case 4:
        return PrettyUnit::Millikelvin;
    case 5:
        return PrettyUnit::SmallPercent;
    case 6:
        return PrettyUnit::Percent;
    case 7:
        return PrettyUnit::Megabytes;
    default:
        return PrettyUnit::Unknown;
    }
}

// Where libatasmart's pretty value is the raw field itself: its make_pretty() copies the 48-bit
// raw field for the attributes of unit "none", except these, which it rescales. (Of unit
// "sectors" it masks some and zeroes those failing its check, so those are not taken as raw.)
bool prettyIsRaw(const QString &name, PrettyUnit unit)
{
    static const QSet<QString> transformed{
        QStringLiteral("endurance-remaining"), QStringLiteral("available-reserved-space"),
        QStringLiteral("timed-workload-media-wear"), QStringLiteral("timed-workload-host-reads")};
    return unit == PrettyUnit::None && !transformed.contains(name);
}

// 1..253 are values; 0, 254, 255 are not (and udisks sends -1 for "unknown").
std::optional<quint8> normalized(qint32 v)
{
    return v >= 1 && v <= 0xFD ? std::optional<quint8>(quint8(v)) : std::nullopt;
}

std::optional<quint8> thresholdOf(qint32 v)
{
    return v >= 0 && v <= 0xFF && v != 0xFE ? std::optional<quint8>(quint8(v)) : std::nullopt;
}

AtaAttribute attributeFrom(const UdisksAtaAttribute &row)
{
    AtaAttribute a;
    a.id = row.id;
    a.name = row.name;
    a.value = normalized(row.value);
    a.worst = normalized(row.worst);
    a.threshold = thresholdOf(row.threshold);
    a.prefailure = row.flags & 0x1;
    a.online = row.flags & 0x2;
    a.prettyUnit = prettyUnitFromUdisks(row.prettyUnit);
    a.prettyValue = a.prettyUnit == PrettyUnit::Unknown || row.pretty < 0 ? 0 : quint64(row.pretty);
    a.rawKnown = prettyIsRaw(a.name, a.prettyUnit) && a.prettyValue < (1ull << 48);
    if (a.rawKnown) {
        for (size_t i = 0; i < a.rawBytes.size(); ++i)
            a.rawBytes[i] = quint8(a.prettyValue >> (8 * i));
    }
    // libatasmart's find_threshold(): thresholds 0x00 and 0xFE..0xFF make no statement.
    if (a.threshold && *a.threshold >= 1 && *a.threshold <= 0xFD) {
        if (a.worst)
            a.goodInThePast = *a.worst > *a.threshold;
        if (a.value)
            a.goodNow = *a.value > *a.threshold;
    }
    a.warn = (a.goodNow && !*a.goodNow) || (a.goodInThePast && !*a.goodInThePast);
    return a;
}

quint64 log2Floor(quint64 n)
{
    quint64 r = 0;
    while (n > 1) {
        n >>= 1;
        ++r;
    }
    return r;
}

// libatasmart's sk_disk_smart_get_overall(), from what udisks passes on: the drive's own status,
// then many bad sectors (log2(sectors) × 1024), a pre-failure attribute failing now, any bad
// sector, a pre-failure attribute that failed in the past.
QString overallOf(const AtaHealth &h, quint64 sizeBytes)
{
    if (h.smartStatusGood && !*h.smartStatusGood)
        return QStringLiteral("BAD_STATUS");
    const quint64 bad = h.badSectors.value_or(0);
    if (h.badSectors && bad >= log2Floor(sizeBytes / 512) * 1024)
        return QStringLiteral("BAD_SECTOR_MANY");
    bool badNow = false;
    bool badInThePast = false;
    for (const AtaAttribute &a : h.attributes) {
        if (!a.prefailure)
            continue;
        badNow = badNow || (a.goodNow && !*a.goodNow);
        badInThePast = badInThePast || (a.goodInThePast && !*a.goodInThePast);
    }
    if (badNow)
        return QStringLiteral("BAD_ATTRIBUTE_NOW");
    if (bad > 0)
        return QStringLiteral("BAD_SECTOR");
    if (badInThePast)
        return QStringLiteral("BAD_ATTRIBUTE_IN_THE_PAST");
    return QStringLiteral("GOOD");
}

} // namespace

Expected<AtaHealth> ataHealthFromUdisks(const UdisksAtaDrive &drive,
                                        const QList<UdisksAtaAttribute> &attributes,
                                        const DriveDatabase *driveDb)
{
    if (!drive.smartSupported)
        return makeError(
            ErrorCode::Unsupported,
            QStringLiteral("%1 does not offer ATA SMART, says udisks2").arg(drive.model));
    if (!drive.smartEnabled)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("SMART is switched off on %1").arg(drive.model));
    if (drive.smartUpdated == 0)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("udisks2 has read no SMART data from %1").arg(drive.model));
    AtaHealth h;
    h.identify.model = drive.model;
    h.identify.serial = drive.serial;
    h.identify.firmware = drive.revision;
    h.identify.capacityBytes = drive.sizeBytes;
    h.identify.logicalSectorBytes = drive.logicalSectorBytes;
    h.identify.trimSupported = drive.trimSupported.value_or(false);
    // IDENTIFY word 217's encoding: 0 not reported, 1 non-rotating, else rpm.
    h.identify.rotationRate = drive.rotationRate < 0 ? 0
                              : drive.rotationRate == 0
                                  ? 1
                                  : quint16(std::min(drive.rotationRate, 0xFFFE));
    h.smartAvailable = true;
    h.smartStatusGood = !drive.smartFailing;
    if (drive.smartPowerOnSeconds > 0)
        h.powerOnMilliseconds = drive.smartPowerOnSeconds * 1000;
    if (drive.smartTemperatureKelvin > 0 && std::isfinite(drive.smartTemperatureKelvin))
        h.temperatureMillikelvin = quint64(std::llround(drive.smartTemperatureKelvin * 1000));
    if (drive.smartNumBadSectors >= 0)
        h.badSectors = quint64(drive.smartNumBadSectors);
    if (!drive.smartSelftestStatus.isEmpty()) {
        AtaSelfTestInfo test;
        test.selfTestExecutionStatus = drive.smartSelftestStatus;
        test.selfTestPercentRemaining = quint32(std::max(0, drive.smartSelftestPercentRemaining));
        h.selfTest = test;
    }
    for (const UdisksAtaAttribute &row : attributes)
        h.attributes.append(attributeFrom(row));
    // sk_disk_smart_get_power_cycle(): attribute 12's pretty value.
    for (const AtaAttribute &a : std::as_const(h.attributes)) {
        if (a.name == QLatin1String("power-cycle-count") && a.prettyUnit == PrettyUnit::None)
            h.powerCycles = a.prettyValue;
    }
    h.overall = overallOf(h, drive.sizeBytes);
    interpretAtaHealth(h, driveDb);
    return h;
}

namespace {

struct WarningWord
{
    const char *word;
    quint8 bit;
};
// udisks' SmartCriticalWarning words and the Critical Warning bits they stand for.
constexpr WarningWord kWarningWords[] = {
    {"spare", NvmeWarnSpareBelowThreshold},         {"temperature", NvmeWarnTemperature},
    {"degraded", NvmeWarnReliabilityDegraded},      {"readonly", NvmeWarnReadOnly},
    {"volatile_mem", NvmeWarnVolatileBackupFailed}, {"pmr_readonly", NvmeWarnPmrReadOnly},
};

// A number of the attribute map, or nullopt when absent; an error when present but no number
// (or out of range for T).
template <typename T>
Expected<std::optional<T>> numberOf(const QVariantMap &attributes, const char *key)
{
    const QVariant v = attributes.value(QLatin1String(key));
    if (!v.isValid())
        return std::optional<T>();
    bool ok = false;
    const qulonglong n = v.toULongLong(&ok);
    const QMetaType type = v.metaType();
    const bool numeric =
        type == QMetaType::fromType<uchar>() || type == QMetaType::fromType<ushort>() ||
        type == QMetaType::fromType<uint>() || type == QMetaType::fromType<qulonglong>() ||
        type == QMetaType::fromType<int>() || type == QMetaType::fromType<qlonglong>();
    if (!numeric || !ok || n > std::numeric_limits<T>::max())
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("udisks2's NVMe attribute %1 is not a number of its "
                                        "documented type: %2")
                             .arg(QLatin1String(key), v.toString()));
    return std::optional<T>(T(n));
}

UInt128 wide(const std::optional<quint64> &v)
{
    return UInt128{v.value_or(0), 0};
}

} // namespace

Expected<NvmeSmartLog> nvmeSmartLogFromUdisks(const UdisksNvmeController &controller,
                                              const QVariantMap &attributes)
{
    if (controller.smartUpdated == 0)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("udisks2 has read no SMART / Health log yet"));
    NvmeSmartLog log;
    for (const QString &word : controller.smartCriticalWarning) {
        bool known = false;
        for (const WarningWord &w : kWarningWords) {
            if (word == QLatin1String(w.word)) {
                log.criticalWarning |= w.bit;
                known = true;
            }
        }
        // A warning word newer than this table still means the drive is not healthy.
        if (!known)
            log.criticalWarning |= 0x80;
    }
    log.compositeTemperatureKelvin = controller.smartTemperatureKelvin;
    log.powerOnHours = UInt128{controller.smartPowerOnHours, 0};
    log.hostCommandsKnown = false;

#define TRIMSCOPE_NVME_NUMBER(type, key)                                                           \
    const Expected<std::optional<type>> key = numberOf<type>(attributes, #key);                    \
    if (!key)                                                                                      \
        return key.error();
    TRIMSCOPE_NVME_NUMBER(quint8, avail_spare)
    TRIMSCOPE_NVME_NUMBER(quint8, spare_thresh)
    TRIMSCOPE_NVME_NUMBER(quint8, percent_used)
    TRIMSCOPE_NVME_NUMBER(quint64, total_data_read)
    TRIMSCOPE_NVME_NUMBER(quint64, total_data_written)
    TRIMSCOPE_NVME_NUMBER(quint64, ctrl_busy_time)
    TRIMSCOPE_NVME_NUMBER(quint64, power_cycles)
    TRIMSCOPE_NVME_NUMBER(quint64, unsafe_shutdowns)
    TRIMSCOPE_NVME_NUMBER(quint64, media_errors)
    TRIMSCOPE_NVME_NUMBER(quint64, num_err_log_entries)
    TRIMSCOPE_NVME_NUMBER(quint32, warning_temp_time)
    TRIMSCOPE_NVME_NUMBER(quint32, critical_temp_time)
#undef TRIMSCOPE_NVME_NUMBER
    log.availableSparePercent = avail_spare->value_or(0);
    log.availableSpareThresholdPercent = spare_thresh->value_or(0);
    log.percentageUsed = percent_used->value_or(0);
    // Bytes, as udisks computes them: data units × 1000 × 512.
    log.dataUnitsRead = wide(total_data_read->value_or(0) / NvmeSmartLog::kDataUnitBytes);
    log.dataUnitsWritten = wide(total_data_written->value_or(0) / NvmeSmartLog::kDataUnitBytes);
    log.controllerBusyMinutes = wide(*ctrl_busy_time);
    log.powerCycles = wide(*power_cycles);
    log.unsafeShutdowns = wide(*unsafe_shutdowns);
    log.mediaErrors = wide(*media_errors);
    log.errorLogEntries = wide(*num_err_log_entries);
    log.warningTemperatureMinutes = warning_temp_time->value_or(0);
    log.criticalTemperatureMinutes = critical_temp_time->value_or(0);
    const QVariant sensors = attributes.value(QStringLiteral("temp_sensors"));
    if (sensors.isValid()) {
        if (!sensors.canConvert<QVariantList>())
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("udisks2's NVMe attribute temp_sensors is no list"));
        for (const QVariant &sensor : sensors.toList()) {
            bool ok = false;
            const uint kelvin = sensor.toUInt(&ok);
            if (!ok || kelvin > 0xFFFF)
                return makeError(ErrorCode::InvalidArgument,
                                 QStringLiteral("udisks2's NVMe temperature sensor reads %1")
                                     .arg(sensor.toString()));
            if (kelvin != 0) // 0: no such sensor
                log.temperatureSensorsKelvin.append(quint16(kelvin));
        }
    }
    return log;
}

} // namespace trimscope::health
