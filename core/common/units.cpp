#include "units.h"

#include <QRegularExpression>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace trimscope {

std::optional<quint64> parseByteSize(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\s*(\\d+)\\s*([KMGTP]?)(i?B)?\\s*$"),
                                            QRegularExpression::CaseInsensitiveOption);
    const auto match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    bool ok = false;
    const quint64 number = match.captured(1).toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    const QString unit = match.captured(2).toUpper();
    int shift = 0;
    if (!unit.isEmpty())
        shift = 10 * (1 + int(QStringLiteral("KMGTP").indexOf(unit)));
    if (shift > 0 && number > (std::numeric_limits<quint64>::max() >> shift))
        return std::nullopt;
    return number << shift;
}

namespace {
QLocale &currentNumberLocale()
{
    static QLocale locale = [] {
        QLocale c = QLocale::c();
        c.setNumberOptions(QLocale::OmitGroupSeparator);
        return c;
    }();
    return locale;
}

// One value with its unit from a 1024-based ladder ("KiB", "MiB/s").
template <std::size_t N>
QString withBinaryUnit(double value, const std::array<const char *, N> &units)
{
    std::size_t unit = 0;
    while (value >= 1024.0 && unit + 1 < units.size()) {
        value /= 1024.0;
        ++unit;
    }
    // Rounding to three digits may reach the next unit's threshold (1023.9 -> "1024").
    if (unit + 1 < units.size() && std::round(value) >= 1024.0) {
        value /= 1024.0;
        ++unit;
    }
    return withUnit(formatNumber(value, 3), QString::fromLatin1(units[unit]));
}
} // namespace

double roundSignificant(double value, int significant)
{
    if (value == 0 || !std::isfinite(value))
        return value;
    const int magnitude = int(std::floor(std::log10(std::fabs(value))));
    const double scale = std::pow(10.0, significant - 1 - magnitude);
    return std::round(value * scale) / scale;
}

void setNumberLocale(const QLocale &locale)
{
    currentNumberLocale() = locale;
    // A count in a plural message, tr("%Ln discard(s)", nullptr, n), is written by Qt with the
    // default locale: the same one, so "9,000 discards" stands beside "7,967 of 9,000".
    QLocale::setDefault(locale);
}

QLocale numberLocale()
{
    return currentNumberLocale();
}

QString withUnit(const QString &number, const QString &unit)
{
    // A no-break space (U+00A0, as wide as a space in every font, so no layout moves): a wrapped
    // line never ends in "64" with "MiB" on the next (issue 47's screenshots). C, the CLI's and
    // the files' locale, keeps the plain space that scripts split on.
    const bool forScripts = numberLocale().language() == QLocale::C;
    return number + (forScripts ? QChar(QLatin1Char(' ')) : QChar(0x00A0)) + unit;
}

QString formatNumber(double value, int significant)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    if (value == 0)
        return numberLocale().toString(0);
    const int magnitude = int(std::floor(std::log10(std::fabs(value))));
    const int decimals = std::clamp(significant - 1 - magnitude, 0, 12);
    QString text = numberLocale().toString(value, 'f', decimals);
    if (decimals > 0) {
        const QString point = numberLocale().decimalPoint();
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

QString formatFixed(double value, int decimals)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    return numberLocale().toString(value, 'f', std::max(0, decimals));
}

QString formatCount(qint64 count)
{
    return numberLocale().toString(count);
}

QString formatPercent(double percent, int decimals)
{
    return withUnit(formatFixed(percent, decimals), QStringLiteral("%"));
}

namespace {
constexpr std::array<const char *, 6> kByteUnits = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
} // namespace

QString formatBytes(quint64 bytes)
{
    return withBinaryUnit(double(bytes), kByteUnits);
}

std::pair<double, QString> byteUnitAtMost(double bytes)
{
    std::size_t unit = 0;
    double size = 1;
    while (size * 1024 <= bytes && unit + 1 < kByteUnits.size()) {
        size *= 1024;
        ++unit;
    }
    return {size, QString::fromLatin1(kByteUnits[unit])};
}

QString formatSeconds(double seconds)
{
    if (seconds < 0 || !std::isfinite(seconds))
        return QStringLiteral("–");
    if (seconds == 0)
        return withUnit(formatNumber(0), QStringLiteral("s"));
    // Three significant digits and no trailing zeros, as every measured figure: "500 ms", not
    // "500.0 ms"; "27.8 s", not "27.77 s" (issue 47). Rounded before the unit is chosen, so
    // 0.9996 s reads "1 s", not "1000 ms".
    const double rounded = roundSignificant(seconds, 3);
    if (rounded < 1e-3)
        return withUnit(formatNumber(rounded * 1e6, 3), QStringLiteral("µs"));
    if (rounded < 1.0)
        return withUnit(formatNumber(rounded * 1e3, 3), QStringLiteral("ms"));
    return withUnit(formatNumber(rounded, 3), QStringLiteral("s"));
}

QString formatEstimate(double seconds)
{
    if (seconds < 0 || !std::isfinite(seconds))
        return QStringLiteral("–");
    // A forecast is good to a few percent at best: two digits ("about 28 s"), whole units above.
    if (seconds < 100)
        return formatSeconds(roundSignificant(seconds, 2));
    return formatDuration(seconds);
}

QString formatDuration(double seconds)
{
    if (seconds < 100 || !std::isfinite(seconds))
        return formatSeconds(seconds);
    const qint64 whole = qint64(std::llround(seconds));
    // "12 min 5 s": each number stays with its unit; the line may break between the two.
    const auto pair = [](qint64 major, const char *majorUnit, qint64 minor, const char *minorUnit) {
        const QString first = withUnit(QString::number(major), QLatin1String(majorUnit));
        return minor > 0 ? first + QLatin1Char(' ') +
                               withUnit(QString::number(minor), QLatin1String(minorUnit))
                         : first;
    };
    if (whole < 3600)
        return pair(whole / 60, "min", whole % 60, "s");
    if (whole < 86400)
        return pair(whole / 3600, "h", whole % 3600 / 60, "min");
    return pair(whole / 86400, "d", whole % 86400 / 3600, "h");
}

QString formatRate(double bytesPerSecond)
{
    if (!(bytesPerSecond > 0) || !std::isfinite(bytesPerSecond))
        return QStringLiteral("–");
    static constexpr std::array<const char *, 6> units = {"B/s",   "KiB/s", "MiB/s",
                                                          "GiB/s", "TiB/s", "PiB/s"};
    return withBinaryUnit(bytesPerSecond, units);
}

} // namespace trimscope
