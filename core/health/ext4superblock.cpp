#include "ext4superblock.h"

#include <QTimeZone>
#include <QtEndian>

namespace trimscope::health {

Expected<Ext4WriteStats> parseExt4Superblock(QByteArrayView sb)
{
    if (sb.size() != 1024)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("ext4 superblock is %1 bytes, not 1024").arg(sb.size()));
    const auto *b = reinterpret_cast<const unsigned char *>(sb.data());
    if (qFromLittleEndian<quint16>(b + 0x38) != 0xef53)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("not an ext2/3/4 superblock"));
    Ext4WriteStats s;
    s.lifetimeWriteKiB = qFromLittleEndian<quint64>(b + 0x178);
    const qint64 mkfs = qint64(qFromLittleEndian<quint32>(b + 0x108)) | (qint64(b[0x256]) << 32);
    if (mkfs != 0)
        s.created = QDateTime::fromSecsSinceEpoch(mkfs, QTimeZone::utc());
    return s;
}

std::optional<double> Ext4WriteStats::ageDays(const QDateTime &now) const
{
    if (!created.isValid())
        return std::nullopt;
    const qint64 seconds = created.secsTo(now);
    if (seconds <= 0)
        return std::nullopt;
    return double(seconds) / 86400.0;
}

} // namespace trimscope::health
