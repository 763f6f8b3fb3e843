#include "axisticks.h"

#include "common/units.h"

#include <algorithm>
#include <cmath>

namespace trimscope::report {

namespace {
QList<AxisTick> powerOfTwoTicks(double lo, double hi, int maxTicks, const QString &suffix)
{
    QList<AxisTick> ticks;
    // From the first whole power inside the range, so the smallest size measured is labelled.
    const int first = int(std::ceil(lo - 1e-9));
    const int last = int(std::floor(hi + 1e-9));
    // Room for one label: the size in the middle.
    if (maxTicks <= 1 && first <= last) {
        const int middle = (first + last) / 2;
        return {{double(middle), formatBytes(quint64(1) << std::clamp(middle, 0, 62)) + suffix}};
    }
    const int step = std::max(1, int(std::ceil(double(last - first) / std::max(1, maxTicks - 1))));
    for (int e = first; e <= last; e += step) {
        if (e < 0 || e > 62)
            continue;
        ticks.append({double(e), formatBytes(quint64(1) << e) + suffix});
    }
    return ticks;
}
} // namespace

double snapDown125(double v)
{
    const double decade = std::floor(v);
    double best = decade;
    for (const double m : {2.0, 5.0}) {
        if (decade + std::log10(m) <= v)
            best = decade + std::log10(m);
    }
    return best;
}

double snapUp125(double v)
{
    const double decade = std::floor(v);
    for (const double m : {1.0, 2.0, 5.0}) {
        if (decade + std::log10(m) >= v)
            return decade + std::log10(m);
    }
    return decade + 1;
}

QList<AxisTick> byteSizeTicks(double lo, double hi, int maxTicks)
{
    return powerOfTwoTicks(lo, hi, maxTicks, QString());
}

QList<AxisTick> rateTicks(double lo, double hi, int maxTicks)
{
    return powerOfTwoTicks(lo, hi, maxTicks, QStringLiteral("/s"));
}

QString shortSeconds(double seconds)
{
    struct Unit
    {
        double scale;
        const char *name;
    };
    static const Unit units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}};
    for (const Unit &unit : units) {
        if (seconds >= unit.scale * 0.999 || unit.scale == 1e-9)
            return QStringLiteral("%1 %2").arg(formatNumber(seconds / unit.scale, 3),
                                               QString::fromUtf8(unit.name));
    }
    return QString();
}

QList<AxisTick> secondsTicks(double lo, double hi, int maxTicks)
{
    maxTicks = std::max(maxTicks, 2);
    const int first = int(std::floor(lo));
    const int last = int(std::ceil(hi));
    const bool narrow = last - first <= 3;
    // Within one decade 1-2-5 leaves two ticks (5 ms, 10 ms): every whole mantissa then.
    const bool withinDecade = hi - lo < 1.0;
    const auto ticksWith = [&](bool between, int decadeStep) {
        QList<AxisTick> ticks;
        for (int e = first; e <= last; ++e) {
            for (const double mantissa : {1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0}) {
                const bool oneTwoFive = mantissa == 1.0 || mantissa == 2.0 || mantissa == 5.0;
                if ((mantissa != 1.0 && !between) || (!oneTwoFive && !withinDecade))
                    continue;
                if (mantissa == 1.0 && (e - first) % decadeStep != 0)
                    continue;
                const double position = e + std::log10(mantissa);
                if (position < lo - 1e-9 || position > hi + 1e-9)
                    continue;
                ticks.append({position, shortSeconds(mantissa * std::pow(10.0, e))});
            }
        }
        return ticks;
    };
    // Fewer when they do not fit: decades only, then every second, third ... decade.
    QList<AxisTick> ticks = ticksWith(narrow, 1);
    for (int step = 1; ticks.size() > maxTicks; ++step)
        ticks = ticksWith(false, step);
    // Label the ends too when they are far from a tick, so the scale reads at a glance, where
    // there is room.
    auto labelAt = [](double position) {
        return AxisTick{position, shortSeconds(std::pow(10.0, position))};
    };
    if ((ticks.isEmpty() || ticks.first().position - lo > 0.25) && ticks.size() < maxTicks)
        ticks.prepend(labelAt(lo));
    if (hi - ticks.last().position > 0.25 && ticks.size() < maxTicks)
        ticks.append(labelAt(hi));
    return ticks;
}

} // namespace trimscope::report
