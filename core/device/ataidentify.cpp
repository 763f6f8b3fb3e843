#include "ataidentify.h"

#include <QtEndian>

namespace trimscope {

namespace {
// ATA strings store two characters per word, the first in the high byte.
QString ataString(QByteArrayView id, int firstWord, int wordCount)
{
    QByteArray text;
    for (int w = firstWord; w < firstWord + wordCount; ++w) {
        text.append(id[2 * w + 1]);
        text.append(id[2 * w]);
    }
    for (char &c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e)
            c = ' ';
    }
    return QString::fromLatin1(text).trimmed();
}
} // namespace

std::optional<bool> AtaIdentify::nonRotating() const
{
    if (rotationRate == 1)
        return true;
    // ACS: 0401h..FFFEh is a nominal rpm; other values are reserved or "not reported".
    if (rotationRate >= 0x0401 && rotationRate <= 0xfffe)
        return false;
    return std::nullopt;
}

Expected<AtaIdentify> parseAtaIdentify(QByteArrayView id)
{
    if (id.size() != 512)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("IDENTIFY data is %1 bytes, not 512").arg(id.size()));
    const auto word = [&](int w) { return qFromLittleEndian<quint16>(id.data() + 2 * w); };
    const auto bit = [&](int w, int b) { return (word(w) >> b) & 1u; };
    // A word of all ones or all zeros means "not implemented", so feature bits in it are void.
    const auto valid = [&](int w) { return word(w) != 0xffff; };

    AtaIdentify out;
    out.serial = ataString(id, 10, 10);
    out.firmware = ataString(id, 23, 4);
    out.model = ataString(id, 27, 20);
    out.trimSupported = valid(169) && bit(169, 0);
    // DRAT/RZAT are only meaningful with TRIM, and word 69 is valid only as a whole.
    out.deterministicReadAfterTrim = out.trimSupported && valid(69) && bit(69, 14);
    out.readZeroesAfterTrim = out.trimSupported && valid(69) && bit(69, 5);
    out.ncqSupported = valid(76) && bit(76, 8);
    out.ncqSendReceiveSupported = out.ncqSupported && valid(77) && bit(77, 6);
    out.rotationRate = word(217);

    // Word 106 is valid when bit 14 is one and bit 15 zero.
    const quint16 w106 = word(106);
    if ((w106 & 0xc000) == 0x4000 && (w106 & (1u << 12))) {
        const quint32 words = quint32(word(117)) | (quint32(word(118)) << 16);
        if (words >= 256)
            out.logicalSectorBytes = 2 * words;
    }
    quint64 sectors = quint64(word(60)) | (quint64(word(61)) << 16);
    if (valid(83) && bit(83, 10)) { // 48-bit LBA feature set
        const quint64 lba48 = quint64(word(100)) | (quint64(word(101)) << 16) |
                              (quint64(word(102)) << 32) | (quint64(word(103)) << 48);
        // Words 60-61 saturate at 0FFFFFFFh on large drives; 100-103 are then the truth.
        if (lba48 != 0)
            sectors = lba48;
    }
    out.capacityBytes = sectors * out.logicalSectorBytes;
    return out;
}

QJsonObject AtaIdentify::toJson() const
{
    QJsonObject o{
        {QStringLiteral("model"), model},
        {QStringLiteral("serial"), serial},
        {QStringLiteral("firmware"), firmware},
        {QStringLiteral("trim_supported"), trimSupported},
        {QStringLiteral("deterministic_read_after_trim"), deterministicReadAfterTrim},
        {QStringLiteral("read_zeroes_after_trim"), readZeroesAfterTrim},
        {QStringLiteral("ncq_supported"), ncqSupported},
        {QStringLiteral("ncq_send_receive_supported"), ncqSendReceiveSupported},
        {QStringLiteral("rotation_rate"), rotationRate},
        {QStringLiteral("logical_sector_bytes"), qint64(logicalSectorBytes)},
        {QStringLiteral("capacity_bytes"), double(capacityBytes)},
    };
    const auto ssd = nonRotating();
    o.insert(QStringLiteral("non_rotating"), ssd ? QJsonValue(*ssd) : QJsonValue());
    return o;
}

} // namespace trimscope
