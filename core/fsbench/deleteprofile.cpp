#include "deleteprofile.h"

#include <QJsonValue>
#include <cmath>

namespace trimscope {

namespace {
QJsonValue optionalNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}
} // namespace

double FilesystemDeleteProfile::kernelTreeDiscardCount() const
{
    if (!(deletedBytes > 0))
        return discardCount;
    return discardCount * kKernelTreeBytes / deletedBytes;
}

QJsonObject FilesystemDeleteProfile::toJson() const
{
    return {
        {QStringLiteral("filesystem"), filesystem},
        {QStringLiteral("average_discard_bytes"), averageDiscardBytes},
        {QStringLiteral("discard_count"), discardCount},
        {QStringLiteral("deleted_bytes"), deletedBytes},
        {QStringLiteral("fstrim_s"), optionalNumber(fstrimSeconds)},
        {QStringLiteral("measured"), measured},
        {QStringLiteral("source"), source},
    };
}

Expected<FilesystemDeleteProfile> FilesystemDeleteProfile::fromJson(const QJsonObject &json)
{
    FilesystemDeleteProfile profile;
    profile.filesystem = json.value(QStringLiteral("filesystem")).toString();
    profile.averageDiscardBytes = json.value(QStringLiteral("average_discard_bytes")).toDouble();
    profile.discardCount = json.value(QStringLiteral("discard_count")).toDouble();
    profile.deletedBytes = json.value(QStringLiteral("deleted_bytes")).toDouble(kKernelTreeBytes);
    if (json.value(QStringLiteral("fstrim_s")).isDouble())
        profile.fstrimSeconds = json.value(QStringLiteral("fstrim_s")).toDouble();
    profile.measured = json.value(QStringLiteral("measured")).toBool(true);
    profile.source = json.value(QStringLiteral("source")).toString();
    if (profile.filesystem.isEmpty() || !(profile.averageDiscardBytes > 0) ||
        !(profile.discardCount >= 0) || !std::isfinite(profile.discardCount))
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("a filesystem result needs a name, a positive average "
                                        "discard size and a discard count"));
    return profile;
}

} // namespace trimscope
