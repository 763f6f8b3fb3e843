#include "diskstats.h"

#include "common/jsonchecks.h"

#include <QFile>
#include <QList>

namespace trimscope::fsbench {

namespace {

quint64 grown(quint64 before, quint64 after)
{
    return after >= before ? after - before : 0;
}

} // namespace

DiscardDelta &DiscardDelta::operator+=(const DiscardDelta &other)
{
    count += other.count;
    merges += other.merges;
    bytes += other.bytes;
    deviceSeconds += other.deviceSeconds;
    return *this;
}

namespace {
const std::tuple kDeltaFields{
    JsonField{"count", &DiscardDelta::count},
    JsonField{"merges", &DiscardDelta::merges},
    JsonField{"bytes", &DiscardDelta::bytes},
    JsonField{"device_s", &DiscardDelta::deviceSeconds},
};
} // namespace

QJsonObject DiscardDelta::toJson() const
{
    QJsonObject json = fieldsToJson(*this, kDeltaFields);
    json.insert(QStringLiteral("average_bytes"), averageBytes()); // for readers of the file
    return json;
}

Error DiscardDelta::checkJson(const QJsonObject &json, const QString &path)
{
    return checkFields(json, kDeltaFields, path);
}

DiscardDelta DiscardDelta::fromJson(const QJsonObject &json)
{
    DiscardDelta delta;
    fieldsFromJson(json, delta, kDeltaFields);
    return delta;
}

Expected<DiskStats> parseDiskStats(QByteArrayView line)
{
    const QList<QByteArray> fields = line.toByteArray().simplified().split(' ');
    if (fields.size() == 1 && fields.constFirst().isEmpty())
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("empty diskstats line"));
    QList<quint64> values;
    values.reserve(fields.size());
    for (const QByteArray &field : fields) {
        bool ok = false;
        const quint64 value = field.toULongLong(&ok);
        if (!ok)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("diskstats field '%1' is not a number")
                                 .arg(QString::fromLatin1(field.left(32))));
        values.append(value);
    }
    if (values.size() < 11)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("diskstats has %1 fields, not at least 11").arg(values.size()));
    if (values.size() < 15)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("this kernel does not count discards (Linux 4.19+ does)"));
    DiskStats stats;
    stats.readIos = values[0];
    stats.readMilliseconds = values[3];
    stats.writeIos = values[4];
    stats.writeSectors = values[6];
    stats.writeMilliseconds = values[7];
    stats.inFlight = values[8];
    stats.ioTicksMilliseconds = values[9];
    stats.discardIos = values[11];
    stats.discardMerges = values[12];
    stats.discardSectors = values[13];
    stats.discardMilliseconds = values[14];
    return stats;
}

DiscardDelta discardDelta(const DiskStats &before, const DiskStats &after)
{
    DiscardDelta delta;
    delta.count = grown(before.discardIos, after.discardIos);
    delta.merges = grown(before.discardMerges, after.discardMerges);
    delta.bytes = grown(before.discardSectors, after.discardSectors) * kStatSectorBytes;
    delta.deviceSeconds =
        double(grown(before.discardMilliseconds, after.discardMilliseconds)) / 1000.0;
    return delta;
}

Expected<DiskStats> readDiskStats(const QString &deviceName, const QString &sysRoot)
{
    if (deviceName.isEmpty() || deviceName.contains(QLatin1Char('/')) ||
        deviceName.startsWith(QLatin1Char('.')))
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("'%1' is not a block device name").arg(deviceName));
    QFile file(sysRoot + QStringLiteral("/class/block/") + deviceName + QStringLiteral("/stat"));
    if (!file.open(QIODevice::ReadOnly))
        return makeError(
            ErrorCode::IoError,
            QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
    return parseDiskStats(file.readAll());
}

} // namespace trimscope::fsbench
