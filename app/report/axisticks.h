#pragma once

#include <QList>
#include <QString>

namespace trimscope::report {

// A tick on a log axis: its position in log space and its label in human units.
struct AxisTick
{
    double position;
    QString label;
};

// Powers of two from 2^lo to 2^hi (exponents), at most maxTicks of them, labelled "4 KiB"; with
// room for one, the one in the middle.
QList<AxisTick> byteSizeTicks(double lo, double hi, int maxTicks = 12);
// Powers of two of bytes per second, labelled "64 MiB/s".
QList<AxisTick> rateTicks(double lo, double hi, int maxTicks = 9);
// Seconds on a log10 axis: decades, with 2 and 5 in between when the range is narrow; at most
// maxTicks of them (every second or third decade on a short chart).
QList<AxisTick> secondsTicks(double lo, double hi, int maxTicks = 12);
// The nearest 1-2-5 value at or below (above) `v`, all in log10: the ends of a seconds axis, so no
// decade of empty plot sits beyond the data and the ends read "2 ms", not "1.73 ms".
double snapDown125(double v);
double snapUp125(double v);
// "1 µs", "20 ms", "5 s": no needless decimals, unlike formatSeconds.
QString shortSeconds(double seconds);

} // namespace trimscope::report
