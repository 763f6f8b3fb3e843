#include "atablob.h"

#include <QtEndian>

namespace trimscope::health {

namespace {
constexpr quint32 tag(char a, char b, char c, char d)
{
    return (quint32(quint8(a)) << 24) | (quint32(quint8(b)) << 16) | (quint32(quint8(c)) << 8) |
           quint32(quint8(d));
}
constexpr quint32 kTagIdentify = tag('I', 'D', 'F', 'Y');
constexpr quint32 kTagSmartStatus = tag('S', 'M', 'S', 'T');
constexpr quint32 kTagSmartData = tag('S', 'M', 'D', 'T');
constexpr quint32 kTagThresholds = tag('S', 'M', 'T', 'H');

Error malformed(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, QStringLiteral("not a SMART blob: %1").arg(why));
}
} // namespace

Expected<AtaBlobSections> splitAtaBlob(QByteArrayView blob)
{
    if (blob.size() > kMaxAtaBlobBytes)
        return malformed(QStringLiteral("%1 bytes is larger than any blob").arg(blob.size()));
    AtaBlobSections sections;
    qsizetype pos = 0;
    while (pos < blob.size()) {
        if (blob.size() - pos < 8)
            return malformed(QStringLiteral("truncated record header at byte %1").arg(pos));
        const quint32 recordTag = qFromBigEndian<quint32>(blob.data() + pos);
        const quint32 size = qFromBigEndian<quint32>(blob.data() + pos + 4);
        pos += 8;
        if (size > quint32(blob.size() - pos))
            return malformed(QStringLiteral("record at byte %1 runs past the end").arg(pos - 8));
        const QByteArrayView payload = blob.sliced(pos, qsizetype(size));
        pos += qsizetype(size);
        const bool is512 = size == 512;
        switch (recordTag) {
        case kTagIdentify:
            if (!is512 || !sections.identify.isEmpty())
                return malformed(QStringLiteral("bad IDENTIFY record"));
            sections.identify = payload.toByteArray();
            break;
        case kTagSmartStatus:
            // libatasmart stores an SkBool: a host-endian unsigned int.
            if (size != 4 || sections.smartStatusGood)
                return malformed(QStringLiteral("bad SMART status record"));
            sections.smartStatusGood = qFromUnaligned<quint32>(payload.data()) != 0;
            break;
        case kTagSmartData:
            if (!is512 || !sections.smartData.isEmpty())
                return malformed(QStringLiteral("bad SMART data record"));
            sections.smartData = payload.toByteArray();
            break;
        case kTagThresholds:
            if (!is512 || !sections.smartThresholds.isEmpty())
                return malformed(QStringLiteral("bad SMART thresholds record"));
            sections.smartThresholds = payload.toByteArray();
            break;
        default:
            return malformed(QStringLiteral("unknown record tag 0x%1").arg(recordTag, 8, 16));
        }
    }
    if (sections.identify.isEmpty())
        return malformed(QStringLiteral("no IDENTIFY record"));
    return sections;
}

} // namespace trimscope::health
