// The health report's body, written and read back (the figures; report/ adds the envelope).
#include "common/checkednumber.h"
#include "common/jsonfields.h"
#include "drivehealth.h"

#include <cmath>

namespace trimscope::health {

// The readers of the whole health tree live here, beside DriveHealth's writer; the per-struct
// writers they invert are in atasmart.cpp, ataidentify.cpp, nvmesmartlog.cpp, nvmeidentify.cpp.
namespace {

std::optional<quint8> optionalByte(const JsonFields &f, const char *key)
{
    const std::optional<double> v = f.optionalNumber(key);
    return v ? checkedInteger<quint8>(*v) : std::nullopt;
}

std::optional<quint64> optionalCount(const JsonFields &f, const char *key)
{
    const std::optional<double> v = f.optionalNumber(key);
    return v ? checkedInteger<quint64>(*v) : std::nullopt;
}

UInt128 wideCount(const JsonFields &f, const char *key)
{
    return UInt128::fromDecimal(f.text(key)).value_or(UInt128{});
}

AtaAttribute attributeFromJson(const JsonFields &f)
{
    AtaAttribute a;
    a.id = quint8(f.integer("id"));
    a.name = f.text("name");
    a.drivedbName = f.text("drivedb_name");
    a.value = optionalByte(f, "value");
    a.worst = optionalByte(f, "worst");
    a.threshold = optionalByte(f, "threshold");
    const std::optional<quint64> known = optionalCount(f, "raw");
    a.rawKnown = known.has_value();
    const quint64 raw = known.value_or(0);
    for (size_t i = 0; i < a.rawBytes.size(); ++i)
        a.rawBytes[i] = quint8(raw >> (8 * i));
    a.prettyValue = f.count("pretty_value");
    a.prettyUnit = prettyUnitFromName(f.text("pretty_unit"));
    a.prefailure = f.text("type") == QLatin1String("prefail");
    a.online = f.text("updates") == QLatin1String("online");
    a.goodNow = f.optionalFlag("good_now");
    a.goodInThePast = f.optionalFlag("good_in_the_past");
    return a;
}

std::optional<AtaFigureReading> figureFromJson(const JsonFields &parent, const char *key)
{
    if (!parent.object(key).contains(QStringLiteral("value")))
        return std::nullopt;
    const JsonFields f(parent.object(key));
    return AtaFigureReading{f.count("value"), quint8(f.integer("attribute")), f.count("raw_count"),
                            f.count("unit_bytes"), f.text("rule")};
}

AtaIdentify identifyFromJson(const JsonFields &f)
{
    AtaIdentify id;
    id.model = f.text("model");
    id.serial = f.text("serial");
    id.firmware = f.text("firmware");
    id.trimSupported = f.flag("trim_supported");
    id.deterministicReadAfterTrim = f.flag("deterministic_read_after_trim");
    id.readZeroesAfterTrim = f.flag("read_zeroes_after_trim");
    id.ncqSupported = f.flag("ncq_supported");
    id.ncqSendReceiveSupported = f.flag("ncq_send_receive_supported");
    id.rotationRate = quint16(f.integer("rotation_rate"));
    id.logicalSectorBytes =
        checkedInteger<quint32>(f.number("logical_sector_bytes", 512)).value_or(512);
    id.capacityBytes = f.count("capacity_bytes");
    return id;
}

// "ata" holds everything but the attributes, which the report lists at its top level.
AtaHealth ataFromJson(const JsonFields &f, const QJsonArray &attributes)
{
    AtaHealth ata;
    ata.identify = identifyFromJson(JsonFields(f.object("identify")));
    ata.smartAvailable = f.flag("smart_available");
    ata.smartStatusGood = f.optionalFlag("smart_status_good");
    ata.overall = f.optionalText("overall");
    ata.powerOnMilliseconds = optionalCount(f, "power_on_ms");
    ata.powerCycles = optionalCount(f, "power_cycles");
    ata.badSectors = optionalCount(f, "bad_sectors");
    if (const std::optional<double> celsius = f.optionalNumber("temperature_c"))
        ata.temperatureMillikelvin = quint64(std::llround(*celsius * 1000.0 + 273150.0));
    for (const QJsonValue &v : attributes)
        ata.attributes.append(attributeFromJson(JsonFields(v.toObject())));
    ata.percentUsed = figureFromJson(f, "percent_used");
    ata.hostWritesBytes = figureFromJson(f, "host_writes");
    ata.reallocatedSectors = figureFromJson(f, "reallocated_sectors");
    ata.pendingSectors = figureFromJson(f, "pending_sectors");
    if (f.has("drive_database")) {
        const JsonFields db(f.object("drive_database"));
        ata.driveDb = DriveDbMatch{db.text("version"),
                                   db.flag("entry_matched"),
                                   db.text("family"),
                                   db.text("warning"),
                                   {}};
    }
    return ata;
}

NvmeSmartLog nvmeFromJson(const JsonFields &f)
{
    NvmeSmartLog log;
    log.criticalWarning = quint8(f.integer("critical_warning"));
    if (const std::optional<double> celsius = f.optionalNumber("composite_temperature_c"))
        log.compositeTemperatureKelvin = quint16(std::lround(*celsius + 273.15));
    log.availableSparePercent = quint8(f.integer("available_spare_percent"));
    log.availableSpareThresholdPercent = quint8(f.integer("available_spare_threshold_percent"));
    log.percentageUsed = quint8(f.integer("percentage_used"));
    log.enduranceGroupCriticalWarning = quint8(f.integer("endurance_group_critical_warning"));
    log.dataUnitsRead = wideCount(f, "data_units_read");
    log.dataUnitsWritten = wideCount(f, "data_units_written");
    log.hostCommandsKnown = f.optionalText("host_read_commands").has_value();
    log.hostReadCommands = wideCount(f, "host_read_commands");
    log.hostWriteCommands = wideCount(f, "host_write_commands");
    log.controllerBusyMinutes = wideCount(f, "controller_busy_minutes");
    log.powerCycles = wideCount(f, "power_cycles");
    log.powerOnHours = wideCount(f, "power_on_hours");
    log.unsafeShutdowns = wideCount(f, "unsafe_shutdowns");
    log.mediaErrors = wideCount(f, "media_errors");
    log.errorLogEntries = wideCount(f, "error_log_entries");
    log.warningTemperatureMinutes =
        checkedInteger<quint32>(f.number("warning_temperature_minutes")).value_or(0);
    log.criticalTemperatureMinutes =
        checkedInteger<quint32>(f.number("critical_temperature_minutes")).value_or(0);
    for (const QJsonValue &v : f.array("temperature_sensors_c"))
        log.temperatureSensorsKelvin.append(quint16(std::lround(v.toDouble() + 273.15)));
    return log;
}

NvmeIdentifyController nvmeIdentifyFromJson(const JsonFields &f)
{
    NvmeIdentifyController id;
    id.model = f.text("model");
    id.serial = f.text("serial");
    id.firmware = f.text("firmware");
    id.oncs = quint16(f.integer("oncs"));
    id.totalCapacityBytes = wideCount(f, "total_capacity_bytes");
    return id;
}

} // namespace

QJsonObject DriveHealth::toJson() const
{
    QJsonObject o{
        {QStringLiteral("source"), source},
        {QStringLiteral("kind"),
         kind == DeviceKind::Nvme ? QStringLiteral("nvme") : QStringLiteral("ata")},
        {QStringLiteral("model"), model},
        {QStringLiteral("trim_supported"), jsonOrNull(trimSupported)},
        {QStringLiteral("overall"), jsonOrNull(overall)},
        {QStringLiteral("power_on_hours"), jsonOrNull(powerOnHours)},
        {QStringLiteral("temperature_c"), jsonOrNull(temperatureCelsius)},
        {QStringLiteral("percent_used"), jsonOrNull(percentUsed)},
        {QStringLiteral("host_writes_bytes"), jsonOrNull(hostWritesBytes)},
        {QStringLiteral("capacity_bytes"), capacityBytes},
        {QStringLiteral("lifespan"), lifespan.toJson()},
    };
    if (wearExtrapolation)
        o.insert(QStringLiteral("wear_extrapolation"), wearExtrapolation->toJson());
    if (ata) {
        QJsonObject a = ata->toJson();
        o.insert(QStringLiteral("attributes"), a.take(QStringLiteral("attributes")));
        o.insert(QStringLiteral("ata"), a);
    }
    if (nvme)
        o.insert(QStringLiteral("nvme"), nvme->toJson());
    if (nvmeIdentify)
        o.insert(QStringLiteral("nvme_identify"), nvmeIdentify->toJson());
    if (nvmeNamespace)
        o.insert(QStringLiteral("nvme_namespace"), nvmeNamespace->toJson());
    return o;
}

Expected<DriveHealth> DriveHealth::fromJson(const QJsonObject &json,
                                            const LifespanAssumptions &assumptions)
{
    const JsonFields f(json);
    DriveHealth h;
    h.kind = f.text("kind") == QLatin1String("nvme") ? DeviceKind::Nvme : DeviceKind::Ata;
    h.source = f.text("source");
    h.model = f.text("model");
    h.trimSupported = f.optionalFlag("trim_supported");
    h.overall = f.optionalText("overall");
    h.powerOnHours = f.optionalNumber("power_on_hours");
    h.temperatureCelsius = f.optionalNumber("temperature_c");
    h.percentUsed = f.optionalNumber("percent_used");
    h.hostWritesBytes = f.optionalNumber("host_writes_bytes");
    h.capacityBytes = f.number("capacity_bytes");
    if (f.has("ata"))
        h.ata = ataFromJson(JsonFields(f.object("ata")), f.array("attributes"));
    if (f.has("nvme"))
        h.nvme = nvmeFromJson(JsonFields(f.object("nvme")));
    if (f.has("nvme_identify"))
        h.nvmeIdentify = nvmeIdentifyFromJson(JsonFields(f.object("nvme_identify")));
    // The words beside the byte are recomputed from it; a byte out of range is none at all.
    if (const int dlfeat = JsonFields(f.object("nvme_namespace")).integer("dlfeat", -1);
        f.has("nvme_namespace") && dlfeat >= 0 && dlfeat <= 0xff)
        h.nvmeNamespace = NvmeIdentifyNamespace{quint8(dlfeat)};
    if (!(h.capacityBytes >= 0))
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("a negative capacity"));
    if (h.kind == DeviceKind::Nvme && !h.nvme)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("an NVMe health report without its SMART log"));
    h.recomputeLifespan(assumptions);
    return h;
}

} // namespace trimscope::health
