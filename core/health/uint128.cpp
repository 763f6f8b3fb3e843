#include "uint128.h"

#include <algorithm>

namespace trimscope::health {

namespace {
__extension__ typedef unsigned __int128 u128;

u128 wide(const UInt128 &v)
{
    return (static_cast<u128>(v.high) << 64) | v.low;
}
} // namespace

double UInt128::toDouble() const
{
    return static_cast<double>(high) * 18446744073709551616.0 + static_cast<double>(low);
}

QString UInt128::toDecimal() const
{
    u128 v = wide(*this);
    if (v == 0)
        return QStringLiteral("0");
    QString digits;
    while (v != 0) {
        digits.append(QChar(u'0' + static_cast<char16_t>(v % 10)));
        v /= 10;
    }
    std::reverse(digits.begin(), digits.end());
    return digits;
}

std::optional<UInt128> UInt128::fromDecimal(const QString &digits)
{
    if (digits.isEmpty())
        return std::nullopt;
    u128 v = 0;
    for (const QChar c : digits) {
        if (c < u'0' || c > u'9' || __builtin_mul_overflow(v, u128(10), &v) ||
            __builtin_add_overflow(v, u128(c.unicode() - u'0'), &v))
            return std::nullopt;
    }
    return UInt128{static_cast<quint64>(v), static_cast<quint64>(v >> 64)};
}

std::optional<UInt128> UInt128::multipliedBy(quint64 factor) const
{
    u128 product = 0;
    if (__builtin_mul_overflow(wide(*this), static_cast<u128>(factor), &product))
        return std::nullopt;
    return UInt128{static_cast<quint64>(product), static_cast<quint64>(product >> 64)};
}

UInt128 readUInt128Le(const unsigned char *bytes)
{
    UInt128 v;
    for (int i = 7; i >= 0; --i) {
        v.low = (v.low << 8) | bytes[i];
        v.high = (v.high << 8) | bytes[8 + i];
    }
    return v;
}

} // namespace trimscope::health
