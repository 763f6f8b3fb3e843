#pragma once

#include <QLocale>
#include <QString>
#include <QtGlobal>
#include <optional>
#include <utility>

namespace trimscope {

// "4K", "64M", "2G", "512", "4KiB", "1T": binary multiples, as block sizes always are.
std::optional<quint64> parseByteSize(const QString &text);

// Every number a person reads goes through the formatters below: a fixed count of significant
// digits, never scientific notation, in one locale. That locale is C (a dot, no grouping) until a
// program chooses another: the GUI sets the user's (German reads "1,5 KiB"), while the CLI's text
// and every file stay in C so scripts can parse them. Setting it sets Qt's default locale too,
// which writes the counts of plural messages ("%Ln"); a program calls it once at start.
void setNumberLocale(const QLocale &locale);
QLocale numberLocale();

// A number and its unit as every formatter below joins them: "64 MiB" with a no-break space, so
// wrapped text never splits them, in C (the CLI's, the files') with a plain one.
QString withUnit(const QString &number, const QString &unit);

// 1010 -> "1010", 2.5 -> "2.5", 0.0456 -> "0.0456", 123456 -> "123456": `significant` digits
// (all integer digits are kept), trailing zeros dropped.
QString formatNumber(double value, int significant = 3);
// 27.77 to 2 digits -> 28, 0.0004567 to 3 -> 0.000457: what formatNumber would show.
double roundSignificant(double value, int significant);
// Exactly `decimals` decimals: (7.46, 1) -> "7.5", (3, 1) -> "3.0".
QString formatFixed(double value, int decimals);
// A count with the locale's grouping: 12345 -> "12,345" (C: "12345").
QString formatCount(qint64 count);
// 42.4 -> "42 %", with `decimals` decimals.
QString formatPercent(double percent, int decimals = 0);

// 2147483648 -> "2 GiB", 4096 -> "4 KiB", 1536 -> "1.5 KiB", 1047552 -> "1023 KiB".
QString formatBytes(quint64 bytes);
// The largest of formatBytes' units at most `bytes`, its size and name, for an axis that counts
// in one unit: 6 × 10^12 -> {2^40, "TiB"}, 1000 -> {1, "B"}; PiB at most.
std::pair<double, QString> byteUnitAtMost(double bytes);
// A measured time, three significant digits: 0.000123 -> "123 µs", 0.0456 -> "45.6 ms",
// 0.5 -> "500 ms", 2.5 -> "2.5 s", 27.77 -> "27.8 s".
QString formatSeconds(double seconds);
// A forecast ("about … left"), two significant digits: 27.77 -> "28 s", 6.64 -> "6.6 s", 0.283 ->
// "280 ms"; from 100 s on as formatDuration.
QString formatEstimate(double seconds);
// A span of time people read at a glance: 42.5 -> "42.5 s" (formatSeconds below 100 s),
// 725 -> "12 min 5 s", 15208 -> "4 h 13 min", 273600 -> "3 d 4 h".
QString formatDuration(double seconds);
// 1234567 bytes/s -> "1.18 MiB/s", 1034240 -> "1010 KiB/s".
QString formatRate(double bytesPerSecond);

constexpr double kSecondsPerDay = 86400;

constexpr bool isPowerOfTwo(quint64 v)
{
    return v != 0 && (v & (v - 1)) == 0;
}

} // namespace trimscope
