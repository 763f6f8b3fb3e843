#pragma once

#include <QString>
#include <QtGlobal>

namespace trimscope::health {

// libatasmart's SkSmartAttributeUnit, mirrored so headers need not include <atasmart.h>.
enum class PrettyUnit {
    Unknown,
    None,
    Milliseconds,
    Sectors,
    Millikelvin,
    SmallPercent,
    Percent,
    Megabytes
};

// The pretty value as libatasmart/skdump print it ("1.9 days", "27.514 GB", "0 sectors"), so the
// CLI output can be checked line by line against `skdump`.
QString formatSkPretty(quint64 value, PrettyUnit unit);
// The same value in the reader's language and number format, for the window: "1,9 Tage",
// "0 Sektoren", "36 °C", "25,6 GiB" (sizes in binary units, as every other size there).
QString prettyValueText(quint64 value, PrettyUnit unit);
// Stable machine name of a unit for JSON ("ms", "sectors", "mK", ...).
QString prettyUnitName(PrettyUnit unit);
// Inverse of prettyUnitName; Unknown for anything else.
PrettyUnit prettyUnitFromName(const QString &name);

} // namespace trimscope::health
