#include "recoveryplan.h"

#include "common/jsonfields.h"
#include "common/units.h"

#include <algorithm>

namespace trimscope::recovery {

namespace {

Error invalidPlan(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, why);
}

Error checkBlock(const char *what, quint32 bytes, const DriveInfo &drive)
{
    if (!isPowerOfTwo(bytes) || bytes < std::max<quint32>(512, drive.logicalBlockSize) ||
        bytes > (16u << 20))
        return invalidPlan(
            QStringLiteral("%1 must be a power of two between the drive's block size "
                           "and 16 MiB, not %2")
                .arg(QLatin1String(what))
                .arg(bytes));
    if (drive.sizeBytes < bytes)
        return invalidPlan(
            QStringLiteral("the drive is smaller than one %1").arg(QLatin1String(what)));
    return {};
}

Error checkDepth(const char *what, int depth)
{
    if (depth < 1 || depth > 256)
        return invalidPlan(QStringLiteral("%1 must be between 1 and 256, not %2")
                               .arg(QLatin1String(what))
                               .arg(depth));
    return {};
}

} // namespace

namespace {
const std::tuple kRunEstimateFields{
    JsonField{"seconds", &RunEstimate::seconds},
    JsonField{"fixed_s", &RunEstimate::fixedSeconds},
    JsonField{"sequential_bytes", &RunEstimate::sequentialBytes},
    JsonField{"random_bytes_at_most", &RunEstimate::randomBytesAtMost},
    JsonField{"capacity_multiple", &RunEstimate::capacityMultiple},
};
} // namespace

QJsonObject RecoveryPlan::toJson() const
{
    return fieldsToJson(*this, RecoveryPlan::jsonFields());
}

QJsonObject FillCurvePlan::toJson() const
{
    return fieldsToJson(*this, FillCurvePlan::jsonFields());
}

QJsonObject RunEstimate::toJson() const
{
    QJsonObject json = fieldsToJson(*this, kRunEstimateFields);
    json.insert(QStringLiteral("total_bytes"), double(totalBytes())); // for readers of the file
    return json;
}

RecoveryPlan RecoveryPlan::fromJson(const QJsonObject &json)
{
    RecoveryPlan read;
    fieldsFromJson(json, read, RecoveryPlan::jsonFields());
    return read;
}

FillCurvePlan FillCurvePlan::fromJson(const QJsonObject &json)
{
    FillCurvePlan read;
    fieldsFromJson(json, read, FillCurvePlan::jsonFields());
    return read;
}

RunEstimate RunEstimate::fromJson(const QJsonObject &json)
{
    RunEstimate read;
    fieldsFromJson(json, read, kRunEstimateFields);
    return read;
}

QStringList recoveryPresetNames()
{
    return {QStringLiteral("standard"), QStringLiteral("quick"), QStringLiteral("smoke")};
}

std::optional<RecoveryPlan> recoveryPreset(const QString &name)
{
    RecoveryPlan plan;
    if (name == QLatin1String("standard"))
        return plan;
    if (name == QLatin1String("quick")) {
        plan.randomSeconds = 10;
        plan.idleSeconds = 120;
        return plan;
    }
    if (name == QLatin1String("smoke")) {
        plan.randomSeconds = 2;
        plan.idleSeconds = 2;
        return plan;
    }
    return std::nullopt;
}

Error validateRecoveryPlan(const RecoveryPlan &plan, const DriveInfo &drive)
{
    if (drive.sizeBytes == 0)
        return invalidPlan(QStringLiteral("the drive has no size"));
    if (plan.randomSeconds < 1 || plan.randomSeconds > 3600)
        return invalidPlan(
            QStringLiteral("random-write phases run 1 s to 1 h, not %1 s").arg(plan.randomSeconds));
    if (plan.idleSeconds < 0 || plan.idleSeconds > 24 * 3600)
        return invalidPlan(
            QStringLiteral("the idle phase lasts 0 s to 24 h, not %1 s").arg(plan.idleSeconds));
    if (plan.fillPasses < 1 || plan.fillPasses > 4)
        return invalidPlan(
            QStringLiteral("fill passes must be 1 to 4, not %1").arg(plan.fillPasses));
    if (plan.fillPieces < 1 || plan.fillPieces > 1024)
        return invalidPlan(QStringLiteral("fill pieces must be 1 to 1024"));
    for (const Error &error : {checkBlock("the random block size", plan.randomBlockBytes, drive),
                               checkBlock("the fill block size", plan.fillBlockBytes, drive),
                               checkDepth("the random queue depth", plan.randomQueueDepth),
                               checkDepth("the fill queue depth", plan.fillQueueDepth)}) {
        if (error.isError())
            return error;
    }
    return {};
}

quint64 fillSampleBytes(const FillCurvePlan &plan, const DriveInfo &drive)
{
    const quint64 block = std::max<quint64>(plan.blockBytes, 1);
    const quint64 wanted = plan.sampleBytes ? plan.sampleBytes : drive.sizeBytes / 100;
    return std::max(block, wanted - wanted % block);
}

int fillLogWindowMsec(quint64 sampleBytes)
{
    // Half a sample at the assumed speed: two windows or more make a sample, unless the drive
    // writes faster than assumed, when a window makes one.
    const double msec = double(sampleBytes) / kAssumedSequentialBytesPerSecond * 1000 / 2;
    return int(std::clamp(msec, double(kMinFillLogMsec), double(kMaxFillLogMsec)));
}

Error validateFillCurvePlan(const FillCurvePlan &plan, const DriveInfo &drive)
{
    if (drive.sizeBytes == 0)
        return invalidPlan(QStringLiteral("the drive has no size"));
    if (const Error error = checkBlock("the block size", plan.blockBytes, drive); error.isError())
        return error;
    if (const Error error = checkDepth("the queue depth", plan.queueDepth); error.isError())
        return error;
    if (!(plan.cliffDropFraction > 0.05 && plan.cliffDropFraction < 0.95))
        return invalidPlan(QStringLiteral("the cliff's drop must be between 5 % and 95 %"));
    const quint64 sample = fillSampleBytes(plan, drive);
    if (sample > drive.sizeBytes / 4)
        return invalidPlan(QStringLiteral("a sample of %1 leaves fewer than 4 points on %2")
                               .arg(formatBytes(sample), formatBytes(drive.sizeBytes)));
    if (drive.sizeBytes / sample > 10000)
        return invalidPlan(
            QStringLiteral("a sample of %1 makes more than 10000 points").arg(formatBytes(sample)));
    return {};
}

RunEstimate estimateRecovery(const RecoveryPlan &plan, const DriveInfo &drive,
                             double sequentialBytesPerSecond, double randomIops)
{
    RunEstimate estimate;
    const int randomPhases = 4;
    estimate.fixedSeconds = double(randomPhases * plan.randomSeconds + plan.idleSeconds);
    const quint64 fillLength =
        drive.sizeBytes - drive.sizeBytes % std::max<quint32>(plan.fillBlockBytes, 1);
    estimate.sequentialBytes = fillLength * quint64(std::max(plan.fillPasses, 0));
    estimate.randomBytesAtMost = quint64(randomIops * double(plan.randomBlockBytes) *
                                         double(randomPhases * plan.randomSeconds));
    // One fio job per random phase and per piece of each fill (runRecovery).
    const int fioJobs = randomPhases + std::max(plan.fillPasses, 0) * std::max(plan.fillPieces, 1);
    estimate.seconds = estimate.fixedSeconds +
                       double(estimate.sequentialBytes) / sequentialBytesPerSecond +
                       fioJobs * kFioJobSeconds;
    estimate.capacityMultiple =
        drive.sizeBytes ? double(estimate.totalBytes()) / double(drive.sizeBytes) : 0;
    return estimate;
}

RunEstimate estimateFillCurve(const FillCurvePlan &plan, const DriveInfo &drive,
                              double sequentialBytesPerSecond)
{
    RunEstimate estimate;
    estimate.sequentialBytes =
        drive.sizeBytes - drive.sizeBytes % std::max<quint32>(plan.blockBytes, 1);
    // One fio job for the whole fill (runFillCurve).
    estimate.seconds = double(estimate.sequentialBytes) / sequentialBytesPerSecond + kFioJobSeconds;
    estimate.capacityMultiple =
        drive.sizeBytes ? double(estimate.totalBytes()) / double(drive.sizeBytes) : 0;
    return estimate;
}

} // namespace trimscope::recovery
