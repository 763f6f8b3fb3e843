#pragma once

#include <QList>
#include <QString>
#include <optional>
#include <span>

namespace trimscope {
struct AtaIdentify;
}

namespace trimscope::health {

struct AtaAttribute;
struct DriveDbMatch;

// What a rule derives from the attribute table.
enum class AtaFigure { PercentUsed, HostWritesBytes, ReallocatedSectors, PendingSectors };

enum class AtaReading {
    UsedFromNormalizedRemaining, // percent used = 100 − normalized value (value in 0..100)
    RawTimesUnit,                // raw × unitBytes; unitBytes 0 = the logical sector size
    PrettySectors,               // libatasmart's pretty value, when its unit is sectors
    RawPercentUsed,              // percent used = raw value
};

// One interpretation rule. For each figure the first rule (in table order) whose attribute is
// present and readable wins, so vendor-specific rules precede generic ones.
struct AtaRule
{
    AtaFigure figure;
    quint8 id;
    const char *modelPattern; // regular expression on the IDENTIFY model, nullptr: any drive
    const char *atasmartName; // name libatasmart must give the attribute, nullptr: any
    bool needsNonRotating;    // only when IDENTIFY word 217 says "non-rotating"
    AtaReading reading;
    quint64 unitBytes;
    const char *why;
};

std::span<const AtaRule> ataRules();

// A figure with the rule and attribute it came from, so every number can be explained.
struct AtaFigureReading
{
    quint64 value = 0;
    quint8 attributeId = 0;
    quint64 rawCount = 0;  // the attribute's raw value (for RawTimesUnit)
    quint64 unitBytes = 0; // the unit actually applied (for RawTimesUnit)
    QString rule;          // the rule's "why"
};

// For a drive the drive database knows (driveDb->entryMatched), wear and host writes come from
// the names it gives the attributes (kDriveDbNameRules: "Host_Writes_32MiB" is raw × 32 MiB),
// never from the id-based table, which guesses across vendors; the other figures, and every
// figure of a drive it does not know, from the table.
std::optional<AtaFigureReading> interpretAtaFigure(AtaFigure figure,
                                                   const QList<AtaAttribute> &attributes,
                                                   const AtaIdentify &identify,
                                                   const DriveDbMatch *driveDb = nullptr);

} // namespace trimscope::health
