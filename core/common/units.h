#pragma once

#include <QString>
#include <QtGlobal>
#include <optional>

namespace trimscope {

// "4K", "64M", "2G", "512", "4KiB", "1T": binary multiples, as block sizes always are.
std::optional<quint64> parseByteSize(const QString &text);
// 2147483648 -> "2 GiB", 4096 -> "4 KiB", 1536 -> "1.5 KiB".
QString formatBytes(quint64 bytes);
// 0.000123 -> "123 µs", 0.0456 -> "45.6 ms", 2.5 -> "2.50 s".
QString formatSeconds(double seconds);
// 1234567 bytes/s -> "1.18 MiB/s".
QString formatRate(double bytesPerSecond);

constexpr bool isPowerOfTwo(quint64 v)
{
    return v != 0 && (v & (v - 1)) == 0;
}

} // namespace trimscope
