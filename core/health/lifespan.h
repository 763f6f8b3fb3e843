#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope::health {

enum class CellType { Slc, Mlc, Tlc, Qlc };
QString cellTypeName(CellType type);
std::optional<CellType> cellTypeFromName(const QString &name);

// Every number the estimate rests on that SMART cannot tell us. Defaults are typical ratings, not
// the drive's: the CLI and GUI let the user change each of them.
struct LifespanAssumptions
{
    CellType cellType = CellType::Tlc;
    double ratedCycles = 1000;       // program/erase cycles per cell
    double writeAmplification = 3.0; // NAND writes per host write (the article's figure)

    static LifespanAssumptions forCellType(CellType type);
};

// CalendarWindow: the growth of the host-write counter between two recorded days (the drive
// history), per calendar day; the others are averages since new.
enum class WriteRateSource {
    SmartHostWrites,
    NvmeDataUnitsWritten,
    Ext4LifetimeWrites,
    User,
    CalendarWindow
};
QString writeRateSourceName(WriteRateSource source);

struct WriteRate
{
    double bytesPerDay = 0;
    WriteRateSource source = WriteRateSource::User;
    double bytesWritten = 0; // what the rate was derived from
    double days = 0;         // over this many days (power-on days for SMART sources)
};

// Host writes over power-on time. Power-on hours, not calendar time: a machine that is off half
// the day writes half as much per calendar day, so this errs towards a shorter life.
std::optional<WriteRate> writeRateFromPowerOn(double bytesWritten, double powerOnHours,
                                              WriteRateSource source);
// The host-write counter's growth between two days `days` apart (the history's last 30 or 90
// days): the drive's recent pace, where the average since new hides a change of use. A counter
// that went back (another drive, a reset) gives nothing.
std::optional<WriteRate> writeRateOverDays(double bytesBefore, double bytesNow, double days);
// An ext4 filesystem's lifetime writes over its age (mkfs time to now).
std::optional<WriteRate> writeRateFromFilesystem(double bytesWritten, double ageDays);

struct LifespanInput
{
    double capacityBytes = 0;
    std::optional<WriteRate> writeRate;
    LifespanAssumptions assumptions;
};

// years = capacity × rated cycles / (bytes written per day × write amplification × 365)
struct LifespanEstimate
{
    std::optional<double> years; // total rated life at this write rate; nullopt = unknown
    QString unknownReason;       // why years is unknown
    LifespanInput input;
    QStringList assumptions; // human-readable: every input that was assumed, not measured
    QJsonObject toJson() const;
};

LifespanEstimate estimateLifespan(const LifespanInput &input);

// NVMe: remaining = (100 − used) / used × elapsed, straight from the drive's own wear figure.
struct WearExtrapolation
{
    std::optional<double> remainingYears;
    QString unknownReason;
    double percentUsed = 0;
    double elapsedYears = 0;
    QJsonObject toJson() const;
};

WearExtrapolation extrapolateFromPercentUsed(double percentUsed,
                                             std::optional<double> elapsedYears);

} // namespace trimscope::health
