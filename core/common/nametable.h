#pragma once

#include <QString>
#include <array>
#include <optional>
#include <utility>

namespace trimscope {

// The stable names of an enum's values, for files, D-Bus and the command line: one table per
// enum, read both ways.
template <typename Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, const char *>, N>;

// The value's name; `unknown` for a value the table lacks.
template <typename Enum, std::size_t N>
QString nameOf(const NameTable<Enum, N> &table, Enum value, const char *unknown = "")
{
    for (const auto &[v, name] : table) {
        if (v == value)
            return QLatin1String(name);
    }
    return QLatin1String(unknown);
}

template <typename Enum, std::size_t N>
std::optional<Enum> valueOf(const NameTable<Enum, N> &table, const QString &name)
{
    for (const auto &[v, n] : table) {
        if (name == QLatin1String(n))
            return v;
    }
    return std::nullopt;
}

} // namespace trimscope
