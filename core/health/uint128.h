#pragma once

#include <QString>
#include <QtGlobal>
#include <optional>

namespace trimscope::health {

// NVMe counters are 128 bits wide. A plain pair keeps headers free of the non-standard __int128
// (which -Wpedantic rejects); arithmetic on it lives in uint128.cpp.
struct UInt128
{
    quint64 low = 0;
    quint64 high = 0;

    bool fitsIn64() const { return high == 0; }
    double toDouble() const;
    // Exact decimal digits, for JSON (doubles lose precision above 2^53).
    QString toDecimal() const;
    // Inverse of toDecimal; nullopt for anything but digits that fit in 128 bits.
    static std::optional<UInt128> fromDecimal(const QString &digits);
    // this × factor, or nullopt if the product needs more than 128 bits.
    std::optional<UInt128> multipliedBy(quint64 factor) const;

    friend bool operator==(const UInt128 &, const UInt128 &) = default;
};

// Little-endian, as every NVMe structure is.
UInt128 readUInt128Le(const unsigned char *bytes);

} // namespace trimscope::health
