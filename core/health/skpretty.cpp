#include "skpretty.h"

#include "common/units.h"
#include "healthwordscontext.h"

#include <QCoreApplication>
#include <array>
#include <climits>

namespace trimscope::health {

namespace {

// libatasmart's print_value() for a duration: the largest of these a value reaches, shown with
// one decimal; months are 30 days, years 365.
struct DurationStep
{
    quint64 milliseconds;
    const char *skdumpSuffix;
    const char *words; // translated, in HealthWords; null: the reader's seconds
};
constexpr quint64 kSecond = 1000, kMinute = 60 * kSecond, kHour = 60 * kMinute, kDay = 24 * kHour;
constexpr std::array kDurationSteps = {
    DurationStep{365 * kDay, " years", QT_TRANSLATE_NOOP("HealthWords", "%1 years")},
    DurationStep{30 * kDay, " months", QT_TRANSLATE_NOOP("HealthWords", "%1 months")},
    DurationStep{kDay, " days", QT_TRANSLATE_NOOP("HealthWords", "%1 days")},
    DurationStep{kHour, " h", QT_TRANSLATE_NOOP("HealthWords", "%1 h")},
    DurationStep{kMinute, " min", QT_TRANSLATE_NOOP("HealthWords", "%1 min")},
    DurationStep{kSecond, " s", nullptr},
};

const DurationStep *durationStep(quint64 milliseconds)
{
    for (const DurationStep &step : kDurationSteps) {
        if (milliseconds >= step.milliseconds)
            return &step;
    }
    return nullptr;
}

double celsius(double millikelvin)
{
    return (millikelvin - 273150.0) / 1000.0;
}

QString fixed(double v, int decimals, const char *suffix)
{
    return QString::number(v, 'f', decimals) + QLatin1String(suffix);
}

} // namespace

QString formatSkPretty(quint64 v, PrettyUnit unit)
{
    const double d = static_cast<double>(v);
    switch (unit) {
    case PrettyUnit::Milliseconds:
        if (const DurationStep *step = durationStep(v))
            return fixed(d / double(step->milliseconds), 1, step->skdumpSuffix);
        return QString::number(v) + QLatin1String(" ms");
    case PrettyUnit::Millikelvin:
        return fixed(celsius(d), 1, " C");
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

QString prettyValueText(quint64 value, PrettyUnit unit)
{
    const double v = static_cast<double>(value);
    switch (unit) {
    case PrettyUnit::Milliseconds:
        if (const DurationStep *step = durationStep(value); step && step->words)
            return QCoreApplication::translate("HealthWords", step->words)
                .arg(formatFixed(v / double(step->milliseconds), 1));
        return formatSeconds(v / double(kSecond));
    case PrettyUnit::Millikelvin:
        return HealthWords::tr("%1 °C").arg(formatFixed(celsius(v), 1));
    case PrettyUnit::Sectors:
        return HealthWords::tr("%Ln sector(s)", nullptr, int(std::min<quint64>(value, INT_MAX)));
    case PrettyUnit::Percent:
        return formatPercent(v);
    case PrettyUnit::SmallPercent:
        return formatPercent(v, 3);
    case PrettyUnit::Megabytes:
        return formatBytes(value * 1000000);
    case PrettyUnit::None:
        return formatCount(qint64(value));
    case PrettyUnit::Unknown:
        break;
    }
    return HealthWords::tr("not reported");
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
