#include "atainformationvpd.h"

namespace trimscope {

namespace {
// SAT-5 table 194: 4-byte header, reserved, SAT vendor/product/revision, the device signature,
// the command that filled the page (byte 56), reserved, then the IDENTIFY data (bytes 60-571).
constexpr qsizetype kIdentifyOffset = 60;
constexpr qsizetype kIdentifyBytes = 512;
constexpr quint8 kPageCode = 0x89;
constexpr quint8 kIdentifyDevice = 0xec;
constexpr quint8 kIdentifyPacketDevice = 0xa1;
} // namespace

std::optional<QByteArray> identifyDataFromAtaInformationVpd(QByteArrayView page)
{
    if (page.size() < kIdentifyOffset + kIdentifyBytes)
        return std::nullopt;
    const auto byte = [&](qsizetype i) { return quint8(page[i]); };
    const qsizetype pageLength = (qsizetype(byte(2)) << 8 | byte(3)) + 4;
    if (byte(1) != kPageCode || pageLength < kIdentifyOffset + kIdentifyBytes)
        return std::nullopt;
    // A SATL that could not identify the drive leaves the command code zero.
    if (byte(56) != kIdentifyDevice && byte(56) != kIdentifyPacketDevice)
        return std::nullopt;
    return page.sliced(kIdentifyOffset, kIdentifyBytes).toByteArray();
}

} // namespace trimscope
