#include "atarules.h"

#include "atasmart.h"
#include "common/units.h"
#include "drivedb.h"

#include <QRegularExpression>

namespace trimscope::health {

namespace {
using enum AtaFigure;
using enum AtaReading;
constexpr quint64 kMiB32 = 32ull << 20;
constexpr quint64 kGiB = 1ull << 30;

// THE interpretation table. Attribute ids above 170 are vendor-defined, so the same id means
// different things on different drives (233 is wear on Intel, power-on time on old Samsungs; 202
// is wear on Crucial, a head-flying figure on disks). Sources: vendor SMART docs as collected in
// smartmontools' drivedb.h; libatasmart's own names where it already applies a quirk.
// Power-on time, power cycles, temperature and bad-sector totals are not here: they come from
// libatasmart's high-level calls (sk_disk_smart_get_*), which carry its quirk list.
constexpr AtaRule kRules[] = {
    // --- wear: percent of rated endurance used ---
    {PercentUsed, 233, "^INTEL SSD", nullptr, false, UsedFromNormalizedRemaining, 0,
     "Intel Media_Wearout_Indicator (233): normalized value falls from 100 to 1 over rated life"},
    {PercentUsed, 233, nullptr, "media-wearout-indicator", false, UsedFromNormalizedRemaining, 0,
     "Media_Wearout_Indicator (233) as libatasmart's quirk list names it: 100 = new"},
    {PercentUsed, 177, nullptr, "wear-leveling-count", false, UsedFromNormalizedRemaining, 0,
     "Samsung Wear_Leveling_Count (177): normalized value is the life left in percent"},
    {PercentUsed, 231, nullptr, nullptr, true, UsedFromNormalizedRemaining, 0,
     "SSD_Life_Left (231, SandForce/Kingston/Transcend): normalized value is the life left"},
    {PercentUsed, 202, nullptr, nullptr, true, UsedFromNormalizedRemaining, 0,
     "Percent_Lifetime_Remain (202, Crucial/Micron): normalized value is the life left"},
    {PercentUsed, 232, nullptr, "endurance-remaining", false, UsedFromNormalizedRemaining, 0,
     "Endurance_Remaining (232): libatasmart's generic name; Intel's 232 (reserved space) is "
     "renamed by its quirks and so not matched"},
    {PercentUsed, 169, nullptr, nullptr, true, UsedFromNormalizedRemaining, 0,
     "Remaining_Lifetime_Perc (169, Toshiba/WD SSDs): normalized value is the life left"},
    {PercentUsed, 173, nullptr, nullptr, true, UsedFromNormalizedRemaining, 0,
     "Wear_Leveling_Count (173, Micron/Kingston/SanDisk): normalized value is the life left"},

    // --- total host writes, in bytes ---
    {HostWritesBytes, 225, "^INTEL SSD", nullptr, false, RawTimesUnit, kMiB32,
     "Intel Host_Writes_32MiB (225): raw counts 32 MiB units"},
    {HostWritesBytes, 241, "^INTEL SSD", nullptr, false, RawTimesUnit, kMiB32,
     "Intel Host_Writes_32MiB (241): raw counts 32 MiB units"},
    {HostWritesBytes, 241,
     "^(KINGSTON S(V300|H103|KC300|MS200)|OCZ-(AGILITY3|VERTEX3|SOLID3)|Corsair Force (3|GT)|"
     "SanDisk SDSSDX|ADATA SP900)",
     nullptr, false, RawTimesUnit, kGiB,
     "SandForce SF-2xxx Lifetime_Writes_GiB (241): raw counts GiB"},
    {HostWritesBytes, 246, nullptr, nullptr, true, RawTimesUnit, 0,
     "Total_Host_Sector_Write (246, Crucial/Micron): raw counts logical sectors"},
    {HostWritesBytes, 241, nullptr, nullptr, false, RawTimesUnit, 0,
     "Total_LBAs_Written (241, Samsung/Seagate/most others): raw counts logical sectors"},

    // --- media defects ---
    {ReallocatedSectors, 5, nullptr, nullptr, false, PrettySectors, 0,
     "Reallocated_Sector_Ct (5), in sectors as libatasmart decodes it"},
    {PendingSectors, 197, nullptr, nullptr, false, PrettySectors, 0,
     "Current_Pending_Sector (197), in sectors as libatasmart decodes it"},
};

// What smartmontools' attribute names mean, for a drive its database knows: the name carries
// the unit ("Host_Writes_32MiB") or the direction ("..._Remain", "..._Used"). Names that leave
// either open (Host_Writes, NAND/flash writes, which are not host writes) are not here.
struct AtaNameRule
{
    AtaFigure figure;
    const char *name;
    AtaReading reading;
    quint64 unitBytes;
};
constexpr AtaNameRule kDriveDbNameRules[] = {
    {PercentUsed, "Media_Wearout_Indicator", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "Percent_Lifetime_Remain", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "Perc_Rated_Life_Remain", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "Remaining_Lifetime_Perc", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "Percent_Life_Remaining", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "PCT_Life_Remaining", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "SSD_Life_Left", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "SSD_Life_Left_Perc", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "SSD_LifeLeft", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "Lifetime_Left", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "Lifetime_Remaining%", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "Remaining_Life", UsedFromNormalizedRemaining, 0},
    {PercentUsed, "Percent_Lifetime_Used", RawPercentUsed, 0},
    {PercentUsed, "Perc_Rated_Life_Used", RawPercentUsed, 0},
    {PercentUsed, "Percent_Life_Used", RawPercentUsed, 0},
    {PercentUsed, "Wear_Leveling_Count", UsedFromNormalizedRemaining, 0},
    {HostWritesBytes, "Host_Writes_32MiB", RawTimesUnit, kMiB32},
    {HostWritesBytes, "Host_Writes_MiB", RawTimesUnit, 1ull << 20},
    {HostWritesBytes, "Host_Writes_GiB", RawTimesUnit, kGiB},
    {HostWritesBytes, "Lifetime_Writes_GiB", RawTimesUnit, kGiB},
    {HostWritesBytes, "Total_Writes_GiB", RawTimesUnit, kGiB},
    {HostWritesBytes, "Total_Writes_GB", RawTimesUnit, 1000000000ull},
    {HostWritesBytes, "Lifetime_Wts_Frm_Hst_GB", RawTimesUnit, 1000000000ull},
    {HostWritesBytes, "Total_LBAs_Written", RawTimesUnit, 0},
};

std::optional<AtaFigureReading> apply(AtaReading reading, quint64 unitBytes, QString why,
                                      const AtaAttribute &a, const AtaIdentify &identify)
{
    AtaFigureReading r;
    r.attributeId = a.id;
    r.rule = std::move(why);
    switch (reading) {
    case UsedFromNormalizedRemaining:
        // 0 and >100 are "unset" or vendor scales we do not understand: not a percentage.
        if (!a.value || *a.value == 0 || *a.value > 100)
            return std::nullopt;
        r.value = 100u - *a.value;
        return r;
    case RawTimesUnit: {
        if (!a.rawKnown)
            return std::nullopt;
        r.rawCount = a.raw();
        r.unitBytes = unitBytes ? unitBytes : identify.logicalSectorBytes;
        if (a.rawNotAvailable() || r.unitBytes == 0)
            return std::nullopt;
        if (__builtin_mul_overflow(r.rawCount, r.unitBytes, &r.value))
            return std::nullopt;
        return r;
    }
    case PrettySectors:
        if (a.prettyUnit != PrettyUnit::Sectors)
            return std::nullopt;
        r.value = a.prettyValue;
        return r;
    case RawPercentUsed:
        // Used can pass 100 (drives run past their rating); beyond 1000 it is no percentage.
        if (!a.rawKnown || a.rawNotAvailable() || a.raw() > 1000)
            return std::nullopt;
        r.value = a.raw();
        return r;
    }
    return std::nullopt;
}

std::optional<AtaFigureReading> interpretByDriveDbName(AtaFigure figure,
                                                       const QList<AtaAttribute> &attributes,
                                                       const AtaIdentify &identify,
                                                       const DriveDbMatch &driveDb)
{
    for (const AtaNameRule &rule : kDriveDbNameRules) {
        if (rule.figure != figure)
            continue;
        for (const AtaAttribute &a : attributes) {
            if (a.drivedbName != QLatin1String(rule.name))
                continue;
            // A counter in another byte layout (raw24/raw24, hex56 halves) is not one number.
            if (rule.reading != UsedFromNormalizedRemaining &&
                a.drivedbFormat != QLatin1String("raw48"))
                continue;
            const QString unit =
                rule.reading == RawTimesUnit
                    ? (rule.unitBytes ? QStringLiteral("raw × %1").arg(formatBytes(rule.unitBytes))
                                      : QStringLiteral("raw × the logical sector size"))
                : rule.reading == RawPercentUsed ? QStringLiteral("raw value is the percent used")
                                                 : QStringLiteral("normalized value is the life "
                                                                  "left in percent");
            const QString why =
                QStringLiteral("smartmontools drive database %1, \"%2\": %3 (%4), %5")
                    .arg(driveDb.version, driveDb.family, a.drivedbName)
                    .arg(a.id)
                    .arg(unit);
            if (auto reading = apply(rule.reading, rule.unitBytes, why, a, identify))
                return reading;
        }
    }
    return std::nullopt;
}
} // namespace

std::span<const AtaRule> ataRules()
{
    return kRules;
}

std::optional<AtaFigureReading> interpretAtaFigure(AtaFigure figure,
                                                   const QList<AtaAttribute> &attributes,
                                                   const AtaIdentify &identify,
                                                   const DriveDbMatch *driveDb)
{
    if (driveDb && driveDb->entryMatched &&
        (figure == AtaFigure::PercentUsed || figure == AtaFigure::HostWritesBytes))
        return interpretByDriveDbName(figure, attributes, identify, *driveDb);
    for (const AtaRule &rule : kRules) {
        if (rule.figure != figure)
            continue;
        if (rule.needsNonRotating && identify.nonRotating() != true)
            continue;
        if (rule.modelPattern) {
            const QRegularExpression re(QString::fromLatin1(rule.modelPattern));
            if (!re.match(identify.model).hasMatch())
                continue;
        }
        for (const AtaAttribute &a : attributes) {
            if (a.id != rule.id)
                continue;
            if (rule.atasmartName && a.name != QLatin1String(rule.atasmartName))
                continue;
            if (auto reading =
                    apply(rule.reading, rule.unitBytes, QString::fromLatin1(rule.why), a, identify))
                return reading;
        }
    }
    return std::nullopt;
}

} // namespace trimscope::health
