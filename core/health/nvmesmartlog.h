#pragma once

#include "common/expected.h"
#include "uint128.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QList>
#include <optional>

namespace trimscope::health {

// Critical Warning (byte 0) bits, NVMe Base Specification 2.0, Figure 207.
enum NvmeCriticalWarning : quint8 {
    NvmeWarnSpareBelowThreshold = 1u << 0,
    NvmeWarnTemperature = 1u << 1,
    NvmeWarnReliabilityDegraded = 1u << 2,
    NvmeWarnReadOnly = 1u << 3,
    NvmeWarnVolatileBackupFailed = 1u << 4,
    NvmeWarnPmrReadOnly = 1u << 5,
};

// The SMART / Health Information log page (02h), 512 bytes.
struct NvmeSmartLog
{
    quint8 criticalWarning = 0;
    quint16 compositeTemperatureKelvin = 0;
    quint8 availableSparePercent = 0;
    quint8 availableSpareThresholdPercent = 0;
    quint8 percentageUsed = 0; // may exceed 100 once rated endurance is passed
    quint8 enduranceGroupCriticalWarning = 0;
    UInt128 dataUnitsRead; // thousands of 512-byte units
    UInt128 dataUnitsWritten;
    UInt128 hostReadCommands;
    UInt128 hostWriteCommands;
    // udisks2's NVMe.Controller passes on no command counts: unknown then, never zero.
    bool hostCommandsKnown = true;
    UInt128 controllerBusyMinutes;
    UInt128 powerCycles;
    UInt128 powerOnHours;
    UInt128 unsafeShutdowns;
    UInt128 mediaErrors;
    UInt128 errorLogEntries;
    quint32 warningTemperatureMinutes = 0;
    quint32 criticalTemperatureMinutes = 0;
    QList<quint16> temperatureSensorsKelvin; // the implemented ones (non-zero) of sensors 1..8

    // One data unit is 1000 × 512 bytes, per the specification.
    static constexpr quint64 kDataUnitBytes = 512000;
    std::optional<UInt128> bytesRead() const { return dataUnitsRead.multipliedBy(kDataUnitBytes); }
    std::optional<UInt128> bytesWritten() const
    {
        return dataUnitsWritten.multipliedBy(kDataUnitBytes);
    }
    // 0 K means "not reported".
    std::optional<double> compositeTemperatureCelsius() const;
    // Names of the set critical-warning bits ("spare_below_threshold", ...).
    QStringList criticalWarnings() const;
    QJsonObject toJson() const;
};

constexpr qsizetype kNvmeSmartLogBytes = 512;

// Pure parser: log must be exactly 512 bytes.
Expected<NvmeSmartLog> parseNvmeSmartLog(QByteArrayView log);

} // namespace trimscope::health
