#include "nvmesmartlog.h"

#include <QJsonArray>
#include <QtEndian>

namespace trimscope::health {

namespace {
struct WarningName
{
    quint8 bit;
    const char *name;
};
constexpr WarningName kWarnings[] = {
    {NvmeWarnSpareBelowThreshold, "spare_below_threshold"},
    {NvmeWarnTemperature, "temperature"},
    {NvmeWarnReliabilityDegraded, "reliability_degraded"},
    {NvmeWarnReadOnly, "read_only"},
    {NvmeWarnVolatileBackupFailed, "volatile_backup_failed"},
    {NvmeWarnPmrReadOnly, "pmr_read_only"},
};
} // namespace

Expected<NvmeSmartLog> parseNvmeSmartLog(QByteArrayView log)
{
    if (log.size() != kNvmeSmartLogBytes)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("NVMe SMART log is %1 bytes, not 512").arg(log.size()));
    const auto *b = reinterpret_cast<const unsigned char *>(log.data());
    NvmeSmartLog s;
    s.criticalWarning = b[0];
    s.compositeTemperatureKelvin = qFromLittleEndian<quint16>(b + 1);
    s.availableSparePercent = b[3];
    s.availableSpareThresholdPercent = b[4];
    s.percentageUsed = b[5];
    s.enduranceGroupCriticalWarning = b[6];
    s.dataUnitsRead = readUInt128Le(b + 32);
    s.dataUnitsWritten = readUInt128Le(b + 48);
    s.hostReadCommands = readUInt128Le(b + 64);
    s.hostWriteCommands = readUInt128Le(b + 80);
    s.controllerBusyMinutes = readUInt128Le(b + 96);
    s.powerCycles = readUInt128Le(b + 112);
    s.powerOnHours = readUInt128Le(b + 128);
    s.unsafeShutdowns = readUInt128Le(b + 144);
    s.mediaErrors = readUInt128Le(b + 160);
    s.errorLogEntries = readUInt128Le(b + 176);
    s.warningTemperatureMinutes = qFromLittleEndian<quint32>(b + 192);
    s.criticalTemperatureMinutes = qFromLittleEndian<quint32>(b + 196);
    for (int i = 0; i < 8; ++i) {
        const quint16 k = qFromLittleEndian<quint16>(b + 200 + 2 * i);
        if (k != 0)
            s.temperatureSensorsKelvin.append(k);
    }
    return s;
}

std::optional<double> NvmeSmartLog::compositeTemperatureCelsius() const
{
    if (compositeTemperatureKelvin == 0)
        return std::nullopt;
    return double(compositeTemperatureKelvin) - 273.15;
}

QStringList NvmeSmartLog::criticalWarnings() const
{
    QStringList names;
    for (const WarningName &w : kWarnings) {
        if (criticalWarning & w.bit)
            names.append(QString::fromLatin1(w.name));
    }
    if (criticalWarning & 0xc0) // reserved bits: report rather than drop
        names.append(
            QStringLiteral("reserved_0x%1").arg(criticalWarning & 0xc0, 2, 16, QLatin1Char('0')));
    return names;
}

QJsonObject NvmeSmartLog::toJson() const
{
    const auto opt128 = [](const std::optional<UInt128> &v) {
        return v ? QJsonValue(v->toDecimal()) : QJsonValue();
    };
    QJsonArray sensors;
    for (quint16 k : temperatureSensorsKelvin)
        sensors.append(double(k) - 273.15);
    const auto temp = compositeTemperatureCelsius();
    // 128-bit counters as decimal strings: exact, whatever their size.
    return QJsonObject{
        {QStringLiteral("critical_warning"), int(criticalWarning)},
        {QStringLiteral("critical_warnings"), QJsonArray::fromStringList(criticalWarnings())},
        {QStringLiteral("composite_temperature_c"), temp ? QJsonValue(*temp) : QJsonValue()},
        {QStringLiteral("available_spare_percent"), int(availableSparePercent)},
        {QStringLiteral("available_spare_threshold_percent"), int(availableSpareThresholdPercent)},
        {QStringLiteral("percentage_used"), int(percentageUsed)},
        {QStringLiteral("endurance_group_critical_warning"), int(enduranceGroupCriticalWarning)},
        {QStringLiteral("data_units_read"), dataUnitsRead.toDecimal()},
        {QStringLiteral("data_units_written"), dataUnitsWritten.toDecimal()},
        {QStringLiteral("bytes_read"), opt128(bytesRead())},
        {QStringLiteral("bytes_written"), opt128(bytesWritten())},
        {QStringLiteral("host_read_commands"),
         hostCommandsKnown ? QJsonValue(hostReadCommands.toDecimal()) : QJsonValue()},
        {QStringLiteral("host_write_commands"),
         hostCommandsKnown ? QJsonValue(hostWriteCommands.toDecimal()) : QJsonValue()},
        {QStringLiteral("controller_busy_minutes"), controllerBusyMinutes.toDecimal()},
        {QStringLiteral("power_cycles"), powerCycles.toDecimal()},
        {QStringLiteral("power_on_hours"), powerOnHours.toDecimal()},
        {QStringLiteral("unsafe_shutdowns"), unsafeShutdowns.toDecimal()},
        {QStringLiteral("media_errors"), mediaErrors.toDecimal()},
        {QStringLiteral("error_log_entries"), errorLogEntries.toDecimal()},
        {QStringLiteral("warning_temperature_minutes"), double(warningTemperatureMinutes)},
        {QStringLiteral("critical_temperature_minutes"), double(criticalTemperatureMinutes)},
        {QStringLiteral("temperature_sensors_c"), sensors},
    };
}

} // namespace trimscope::health
