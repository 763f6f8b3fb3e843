#include "nvmeidentify.h"

#include <QtEndian>

namespace trimscope::health {

namespace {
// NVMe strings are ASCII, space-padded, not NUL-terminated.
QString asciiField(QByteArrayView data, qsizetype offset, qsizetype length)
{
    QByteArray text = data.sliced(offset, length).toByteArray();
    for (char &c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e)
            c = ' ';
    }
    return QString::fromLatin1(text).trimmed();
}
} // namespace

Expected<NvmeIdentifyController> parseNvmeIdentifyController(QByteArrayView data)
{
    if (data.size() != kNvmeIdentifyBytes)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("NVMe Identify Controller data is %1 bytes, not 4096").arg(data.size()));
    const auto *b = reinterpret_cast<const unsigned char *>(data.data());
    NvmeIdentifyController c;
    c.serial = asciiField(data, 4, 20);
    c.model = asciiField(data, 24, 40);
    c.firmware = asciiField(data, 64, 8);
    c.totalCapacityBytes = readUInt128Le(b + 280);
    c.oncs = qFromLittleEndian<quint16>(b + 520);
    return c;
}

QJsonObject NvmeIdentifyController::toJson() const
{
    return QJsonObject{
        {QStringLiteral("model"), model},
        {QStringLiteral("serial"), serial},
        {QStringLiteral("firmware"), firmware},
        {QStringLiteral("oncs"), int(oncs)},
        {QStringLiteral("trim_supported"), datasetManagementSupported()},
        {QStringLiteral("write_zeroes_supported"), writeZeroesSupported()},
        {QStringLiteral("total_capacity_bytes"), totalCapacityBytes.toDecimal()},
    };
}

QString deallocatedReadName(DeallocatedRead read)
{
    switch (read) {
    case DeallocatedRead::Zeroes:
        return QStringLiteral("zeroes");
    case DeallocatedRead::Ones:
        return QStringLiteral("ones");
    case DeallocatedRead::NotReported:
        break;
    }
    return QStringLiteral("not-reported");
}

DeallocatedRead NvmeIdentifyNamespace::deallocatedRead() const
{
    switch (dlfeat & 0x7u) {
    case 1:
        return DeallocatedRead::Zeroes;
    case 2:
        return DeallocatedRead::Ones;
    default: // 000b not reported; 011b-111b reserved, which promise nothing either
        return DeallocatedRead::NotReported;
    }
}

QJsonObject NvmeIdentifyNamespace::toJson() const
{
    return QJsonObject{
        {QStringLiteral("dlfeat"), int(dlfeat)},
        {QStringLiteral("deallocated_read"), deallocatedReadName(deallocatedRead())},
        {QStringLiteral("write_zeroes_deallocates"), writeZeroesDeallocates()},
    };
}

Expected<NvmeIdentifyNamespace> parseNvmeIdentifyNamespace(QByteArrayView data)
{
    if (data.size() != kNvmeIdentifyBytes)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("NVMe Identify Namespace data is %1 bytes, not 4096").arg(data.size()));
    NvmeIdentifyNamespace ns;
    ns.dlfeat = quint8(data[32]);
    return ns;
}

} // namespace trimscope::health
