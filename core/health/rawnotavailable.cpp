// Which raw fields hold a filler rather than a value: the one place the Health tab, the CLI's
// table and the health report's JSON (raw_available) and the figures read from the table
// (atarules) learn that an attribute has no value to show.
#include "atasmart.h"
#include "healthwordscontext.h"

namespace trimscope::health {

namespace {

// Intel's timed workload attributes (SSD 320, X25-M G2 and kin): 226 media wear, 227 host reads,
// 228 the workload timer's minutes. The drive holds all three at 0xFFFF until that timer has run
// 60 minutes since it was last reset ("smartctl -t vendor,0x40" resets it, the drive database
// notes). libatasmart names them for the drives it knows; the database names them for the rest.
bool isTimedWorkload(const AtaAttribute &a)
{
    for (const char *name :
         {"timed-workload-media-wear", "timed-workload-host-reads", "workload-timer"})
        if (a.name == QLatin1String(name))
            return true;
    for (const char *name :
         {"Workld_Media_Wear_Indic", "Workld_Host_Reads_Perc", "Workload_Minutes"})
        if (a.drivedbName == QLatin1String(name))
            return true;
    return false;
}

} // namespace

bool AtaAttribute::rawNotAvailable() const
{
    if (!rawKnown)
        return false; // unknown (udisks2 passed no raw field) is another thing: "not reported"
    const quint64 r = raw();
    // Every one of the 48 bits set: a count no drive reaches, the usual "not implemented" filler.
    if (r == 0xFFFFFFFFFFFFull)
        return true;
    if (r == 0xFFFFull && isTimedWorkload(*this))
        return true;
    // No normalized value either (libatasmart takes 0 and 0xFE-0xFF as none), and the low 16 or
    // 32 bits all ones: a slot with nothing in it. Intel's X25-M G1 fills its internal 226-228
    // so ("Intel_Internal" in the drive database), which read as 4,294,967,295 otherwise.
    if (!value && (r == 0xFFFFull || r == 0xFFFFFFFFull))
        return true;
    return false;
}

QString rawNotAvailableText()
{
    return HealthWords::tr("not available");
}

} // namespace trimscope::health
