#include "skpretty.h"

namespace trimscope::health {

namespace {
QString fixed(double v, int decimals, const char *suffix)
{
    return QString::number(v, 'f', decimals) + QLatin1String(suffix);
}
} // namespace

// The thresholds and precisions are libatasmart's print_value(); months are 30 days, years 365.
QString formatSkPretty(quint64 v, PrettyUnit unit)
{
    const double d = static_cast<double>(v);
    switch (unit) {
    case PrettyUnit::Milliseconds: {
        constexpr quint64 s = 1000, min = 60 * s, h = 60 * min, day = 24 * h;
        if (v >= 365 * day)
            return fixed(d / double(365 * day), 1, " years");
        if (v >= 30 * day)
            return fixed(d / double(30 * day), 1, " months");
        if (v >= day)
            return fixed(d / double(day), 1, " days");
        if (v >= h)
            return fixed(d / double(h), 1, " h");
        if (v >= min)
            return fixed(d / double(min), 1, " min");
        if (v >= s)
            return fixed(d / double(s), 1, " s");
        return QString::number(v) + QLatin1String(" ms");
    }
    case PrettyUnit::Millikelvin:
        return fixed((d - 273150.0) / 1000.0, 1, " C");
    case PrettyUnit::Sectors:
        return QString::number(v) + QLatin1String(" sectors");
    case PrettyUnit::Percent:
        return QString::number(v) + QLatin1Char('%');
    case PrettyUnit::SmallPercent:
        return fixed(d, 3, "%");
    case PrettyUnit::Megabytes:
        if (v >= 1000000)
            return fixed(d / 1000000.0, 3, " TB");
        if (v >= 1000)
            return fixed(d / 1000.0, 3, " GB");
        return QString::number(v) + QLatin1String(" MB");
    case PrettyUnit::None:
        return QString::number(v);
    case PrettyUnit::Unknown:
        break;
    }
    return QStringLiteral("n/a");
}

QString prettyUnitName(PrettyUnit unit)
{
    switch (unit) {
    case PrettyUnit::None:
        return QStringLiteral("none");
    case PrettyUnit::Milliseconds:
        return QStringLiteral("ms");
    case PrettyUnit::Sectors:
        return QStringLiteral("sectors");
    case PrettyUnit::Millikelvin:
        return QStringLiteral("mK");
    case PrettyUnit::SmallPercent:
        return QStringLiteral("small_percent");
    case PrettyUnit::Percent:
        return QStringLiteral("percent");
    case PrettyUnit::Megabytes:
        return QStringLiteral("MB");
    case PrettyUnit::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

PrettyUnit prettyUnitFromName(const QString &name)
{
    for (PrettyUnit unit :
         {PrettyUnit::None, PrettyUnit::Milliseconds, PrettyUnit::Sectors, PrettyUnit::Millikelvin,
          PrettyUnit::SmallPercent, PrettyUnit::Percent, PrettyUnit::Megabytes})
        if (prettyUnitName(unit) == name)
            return unit;
    return PrettyUnit::Unknown;
}

} // namespace trimscope::health
