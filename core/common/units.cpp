#include "units.h"

#include <QRegularExpression>
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

QString formatBytes(quint64 bytes)
{
    static constexpr std::array units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = double(bytes);
    std::size_t unit = 0;
    while (value >= 1024.0 && unit + 1 < units.size()) {
        value /= 1024.0;
        ++unit;
    }
    const bool whole = std::fabs(value - std::round(value)) < 1e-9;
    return QStringLiteral("%1 %2").arg(whole ? QString::number(qint64(std::round(value)))
                                             : QString::number(value, 'g', 3),
                                       QString::fromLatin1(units[unit]));
}

QString formatSeconds(double seconds)
{
    if (seconds < 0 || !std::isfinite(seconds))
        return QStringLiteral("–");
    if (seconds < 1e-3)
        return QStringLiteral("%1 µs").arg(seconds * 1e6, 0, 'f', seconds < 1e-5 ? 1 : 0);
    if (seconds < 1.0)
        return QStringLiteral("%1 ms").arg(seconds * 1e3, 0, 'f', seconds < 1e-2 ? 2 : 1);
    return QStringLiteral("%1 s").arg(seconds, 0, 'f', 2);
}

QString formatRate(double bytesPerSecond)
{
    if (!(bytesPerSecond > 0) || !std::isfinite(bytesPerSecond))
        return QStringLiteral("–");
    static constexpr std::array units = {"B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s", "PiB/s"};
    double value = bytesPerSecond;
    std::size_t unit = 0;
    while (value >= 1024.0 && unit + 1 < units.size()) {
        value /= 1024.0;
        ++unit;
    }
    return QStringLiteral("%1 %2").arg(value, 0, 'g', 3).arg(QString::fromLatin1(units[unit]));
}

} // namespace trimscope
