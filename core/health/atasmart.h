#pragma once

#include "atarules.h"
#include "common/expected.h"
#include "device/ataidentify.h"
#include "drivedb.h"
#include "skpretty.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <array>
#include <optional>

namespace trimscope::health {

// One row of the SMART attribute table, as libatasmart decodes it.
struct AtaAttribute
{
    quint8 id = 0;
    QString name;                // libatasmart's name ("power-on-hours", "attribute-190")
    QString drivedbName;         // smartmontools' name for this drive ("Host_Writes_32MiB")
    QString drivedbFormat;       // and how it reads the raw field ("raw48")
    std::optional<quint8> value; // normalized current value
    std::optional<quint8> worst;
    std::optional<quint8> threshold;
    std::array<quint8, 6> rawBytes{}; // as stored on the drive
    // udisks2 passes on only libatasmart's pretty value, which is the raw field for some units
    // and nothing at all for others: then the raw field is unknown, never zero.
    bool rawKnown = true;
    quint64 prettyValue = 0; // in prettyUnit, vendor quirks applied by libatasmart
    PrettyUnit prettyUnit = PrettyUnit::Unknown;
    bool prefailure = false;     // else old-age
    bool online = false;         // updated during normal operation, else offline only
    std::optional<bool> goodNow; // nullopt when the threshold makes no statement
    std::optional<bool> goodInThePast;
    bool warn = false;

    // The raw field as the little-endian 48-bit number vendors define it on.
    quint64 raw() const;
    // The drive put a filler in the raw field, not a value: it has none yet, or none at all
    // (0xFFFF in Intel's timed workload attributes before their timer ran an hour; all ones).
    // Shown as rawNotAvailableText(); rawHex() still gives the bytes as stored.
    bool rawNotAvailable() const;
    // skdump's spelling: the six bytes in storage order, "0x2d0000000000"; "n/a" when unknown.
    QString rawHex() const;
    QString prettyText() const { return formatSkPretty(prettyValue, prettyUnit); }
    // What the window shows for the raw field, in the reader's language: libatasmart's pretty
    // value, except where libatasmart reads a percentage smartmontools' drive database does not
    // (Intel's timed workload attributes 226 and 227: "-v 226,raw48,Workld_Media_Wear_Indic"):
    // there the database's number, without a unit; "not available" for a filler
    // (rawNotAvailable).
    QString shownValue() const;
    QJsonObject toJson() const;
};

struct AtaSelfTestInfo
{
    QString offlineDataCollectionStatus; // libatasmart's sentence
    quint32 totalOfflineDataCollectionSeconds = 0;
    QString selfTestExecutionStatus;
    quint32 selfTestPercentRemaining = 0;
    bool shortAndExtendedTestAvailable = false;
    bool conveyanceTestAvailable = false;
    bool startTestAvailable = false;
    bool abortTestAvailable = false;
    quint32 shortTestPollingMinutes = 0;
    quint32 extendedTestPollingMinutes = 0;
    quint32 conveyanceTestPollingMinutes = 0;
};

// Everything we read from an ATA drive's IDENTIFY and SMART data. Optional fields are nullopt
// when the drive does not report them (libatasmart said ENOENT): never guessed, never zero.
struct AtaHealth
{
    AtaIdentify identify;
    bool smartAvailable = false;
    std::optional<bool> smartStatusGood; // the drive's own SMART RETURN STATUS
    std::optional<QString> overall;      // libatasmart's verdict: "GOOD", "BAD_SECTOR", ...
    std::optional<quint64> powerOnMilliseconds;
    std::optional<quint64> powerCycles;
    std::optional<quint64> badSectors; // reallocated + pending, as libatasmart counts them
    std::optional<quint64> temperatureMillikelvin;
    std::optional<AtaSelfTestInfo> selfTest;
    QList<AtaAttribute> attributes;
    // What smartmontools' drive database said about this drive, when one was consulted.
    std::optional<DriveDbMatch> driveDb;

    // From the interpretation table (atarules.h), or the drive database's names for a drive it
    // knows.
    std::optional<AtaFigureReading> percentUsed;
    std::optional<AtaFigureReading> hostWritesBytes;
    std::optional<AtaFigureReading> reallocatedSectors;
    std::optional<AtaFigureReading> pendingSectors;

    std::optional<double> powerOnHours() const;
    std::optional<double> temperatureCelsius() const;
    const AtaAttribute *attribute(quint8 id) const;
    QJsonObject toJson() const;
};

// The last step of every reader: the drive database's names for the attributes (when one is
// given) and the figures read from the attribute table (atarules.h).
void interpretAtaHealth(AtaHealth &h, const DriveDatabase *driveDb);

// "not available", in the reader's language: what every view shows for a raw field that holds a
// filler (AtaAttribute::rawNotAvailable).
QString rawNotAvailableText();

// A saved blob (`skdump --save`, sk_disk_get_blob). Pure: no device is touched. With a drive
// database, attributes get its names and, for a drive it knows, its meaning.
Expected<AtaHealth> loadAtaSmartBlob(QByteArrayView blob, const DriveDatabase *driveDb = nullptr);
// Reads IDENTIFY and SMART from a device (needs root), then parses it like a blob, with this
// system's drive database when smartmontools is installed.
Expected<AtaHealth> readAtaHealth(const QString &devicePath);
// The raw blob of a device, for `--save`-style bug reports and for the helper.
Expected<QByteArray> readAtaSmartBlob(const QString &devicePath);

} // namespace trimscope::health
