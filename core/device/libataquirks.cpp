#include "libataquirks.h"

#include <fnmatch.h>

namespace trimscope {

namespace {

enum Quirk : unsigned { NoNcqTrim = 1, ZeroAfterTrim = 2, NoTrim = 4 };

struct Entry
{
    const char *model;    // a glob, as the kernel's glob_match reads it
    const char *firmware; // nullptr: any
    unsigned quirks;
};

// The TRIM entries of the kernel's list (Linux 6.12), in its order: the first match decides, so
// "INTEL*SSDSC2MH*" (the Intel 510, whose DRAT/RZAT are buggy) stands before "INTEL*SSD*".
constexpr Entry kEntries[] = {
    {"Micron_M500IT_*", "MU01", NoNcqTrim | ZeroAfterTrim},
    {"Micron_M500_*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"Micron_M5[15]0_*", "MU01", NoNcqTrim | ZeroAfterTrim},
    {"Micron_1100_*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"Crucial_CT*M500*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"Crucial_CT*M550*", "MU01", NoNcqTrim | ZeroAfterTrim},
    {"Crucial_CT*MX100*", "MU01", NoNcqTrim | ZeroAfterTrim},
    {"Samsung SSD 840 EVO*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"Samsung SSD 840*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"Samsung SSD 850*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"Samsung SSD 860*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"Samsung SSD 870*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"SAMSUNG*MZ7LH*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"FCCT*M500*", nullptr, NoNcqTrim | ZeroAfterTrim},
    {"SuperSSpeed S238*", nullptr, NoTrim},
    {"M88V29*", nullptr, NoTrim},
    {"INTEL*SSDSC2MH*", nullptr, 0},
    {"Micron*", nullptr, ZeroAfterTrim},
    {"Crucial*", nullptr, ZeroAfterTrim},
    {"INTEL*SSD*", nullptr, ZeroAfterTrim},
    {"SSD*INTEL*", nullptr, ZeroAfterTrim},
    {"Samsung*SSD*", nullptr, ZeroAfterTrim},
    {"SAMSUNG*SSD*", nullptr, ZeroAfterTrim},
    {"SAMSUNG*MZ7KM*", nullptr, ZeroAfterTrim},
    {"ST[1248][0248]0[FH]*", nullptr, ZeroAfterTrim},
};

} // namespace

LibataTrimQuirks libataTrimQuirks(const QString &model, const QString &firmware)
{
    const QByteArray m = model.trimmed().toLatin1();
    const QByteArray f = firmware.trimmed().toLatin1();
    for (const Entry &entry : kEntries) {
        if (::fnmatch(entry.model, m.constData(), 0) != 0)
            continue;
        if (entry.firmware && ::fnmatch(entry.firmware, f.constData(), 0) != 0)
            continue;
        LibataTrimQuirks quirks;
        quirks.noQueuedTrim = entry.quirks & NoNcqTrim;
        quirks.zeroAfterTrim = entry.quirks & ZeroAfterTrim;
        quirks.noTrim = entry.quirks & NoTrim;
        quirks.pattern = QString::fromLatin1(entry.model);
        return quirks;
    }
    return {};
}

} // namespace trimscope
