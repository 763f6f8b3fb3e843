#pragma once

#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>

namespace trimscope {

// JSON carries every number as a double, and the files we read back are untrusted. Casting a
// double to an integer type is undefined when it is NaN, infinite or outside the type's range
// (UBSan flags it; in practice it wraps or saturates, so a negative "bytes" can turn into a huge
// count that later checks accept). The one checked conversion: the value truncated toward zero
// when it is finite and within T's range (for an unsigned T: not negative), else nullopt.
template <class T> std::optional<T> checkedInteger(double value)
{
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>);
    if (!std::isfinite(value))
        return std::nullopt;
    const double truncated = std::trunc(value);
    // 2^digits is exactly representable; T's largest value may not be (2^64 - 1 is not).
    const double above = std::ldexp(1.0, std::numeric_limits<T>::digits);
    const double lowest = std::is_signed_v<T> ? -above : 0.0;
    if (value < 0 && std::is_unsigned_v<T>)
        return std::nullopt;
    if (truncated < lowest || truncated >= above)
        return std::nullopt;
    return static_cast<T>(truncated);
}

} // namespace trimscope
