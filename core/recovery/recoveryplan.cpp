#include "recoveryplan.h"

#include "common/jsonfields.h"
#include "common/units.h"

#include <algorithm>

namespace trimscope::recovery {

namespace {

Error invalid(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, why);
}

Error checkBlock(const char *what, quint32 bytes, const DriveInfo &drive)
{
    if (!isPowerOfTwo(bytes) || bytes < std::max<quint32>(512, drive.logicalBlockSize) ||
        bytes > (16u << 20))
        return invalid(QStringLiteral("%1 must be a power of two between the drive's block size "
                                      "and 16 MiB, not %2")
                           .arg(QLatin1String(what))
                           .arg(bytes));
    if (drive.sizeBytes < bytes)
        return invalid(QStringLiteral("the drive is smaller than one %1").arg(QLatin1String(what)));
    return {};
}

Error checkDepth(const char *what, int depth)
{
    if (depth < 1 || depth > 256)
        return invalid(QStringLiteral("%1 must be between 1 and 256, not %2")
                           .arg(QLatin1String(what))
                           .arg(depth));
    return {};
}

} // namespace

QJsonObject RecoveryPlan::toJson() const
{
    return {
        {QStringLiteral("random_s"), randomSeconds},
        {QStringLiteral("idle_s"), idleSeconds},
        {QStringLiteral("fill_passes"), fillPasses},
        {QStringLiteral("random_block_bytes"), double(randomBlockBytes)},
        {QStringLiteral("random_queue_depth"), randomQueueDepth},
        {QStringLiteral("fill_block_bytes"), double(fillBlockBytes)},
        {QStringLiteral("fill_queue_depth"), fillQueueDepth},
        {QStringLiteral("fill_pieces"), fillPieces},
    };
}

QJsonObject FillCurvePlan::toJson() const
{
    return {
        {QStringLiteral("sample_bytes"), double(sampleBytes)},
        {QStringLiteral("cliff_drop_fraction"), cliffDropFraction},
        {QStringLiteral("trim_first"), trimFirst},
        {QStringLiteral("block_bytes"), double(blockBytes)},
        {QStringLiteral("queue_depth"), queueDepth},
    };
}

QJsonObject RunEstimate::toJson() const
{
    return {
        {QStringLiteral("seconds"), seconds},
        {QStringLiteral("fixed_s"), fixedSeconds},
        {QStringLiteral("sequential_bytes"), double(sequentialBytes)},
        {QStringLiteral("random_bytes_at_most"), double(randomBytesAtMost)},
        {QStringLiteral("total_bytes"), double(totalBytes())},
        {QStringLiteral("capacity_multiple"), capacityMultiple},
    };
}

RecoveryPlan RecoveryPlan::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    RecoveryPlan p;
    p.randomSeconds = f.integer("random_s", p.randomSeconds);
    p.idleSeconds = f.integer("idle_s", p.idleSeconds);
    p.fillPasses = f.integer("fill_passes", p.fillPasses);
    p.randomBlockBytes = quint32(f.number("random_block_bytes", p.randomBlockBytes));
    p.randomQueueDepth = f.integer("random_queue_depth", p.randomQueueDepth);
    p.fillBlockBytes = quint32(f.number("fill_block_bytes", p.fillBlockBytes));
    p.fillQueueDepth = f.integer("fill_queue_depth", p.fillQueueDepth);
    p.fillPieces = f.integer("fill_pieces", p.fillPieces);
    return p;
}

FillCurvePlan FillCurvePlan::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    FillCurvePlan p;
    p.sampleBytes = f.count("sample_bytes");
    p.cliffDropFraction = f.number("cliff_drop_fraction", p.cliffDropFraction);
    p.trimFirst = f.flag("trim_first", p.trimFirst);
    p.blockBytes = quint32(f.number("block_bytes", p.blockBytes));
    p.queueDepth = f.integer("queue_depth", p.queueDepth);
    return p;
}

RunEstimate RunEstimate::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    RunEstimate e;
    e.seconds = f.number("seconds");
    e.fixedSeconds = f.number("fixed_s");
    e.sequentialBytes = f.count("sequential_bytes");
    e.randomBytesAtMost = f.count("random_bytes_at_most");
    e.capacityMultiple = f.number("capacity_multiple");
    return e;
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
        return invalid(QStringLiteral("the drive has no size"));
    if (plan.randomSeconds < 1 || plan.randomSeconds > 3600)
        return invalid(
            QStringLiteral("random-write phases run 1 s to 1 h, not %1 s").arg(plan.randomSeconds));
    if (plan.idleSeconds < 0 || plan.idleSeconds > 24 * 3600)
        return invalid(
            QStringLiteral("the idle phase lasts 0 s to 24 h, not %1 s").arg(plan.idleSeconds));
    if (plan.fillPasses < 1 || plan.fillPasses > 4)
        return invalid(QStringLiteral("fill passes must be 1 to 4, not %1").arg(plan.fillPasses));
    if (plan.fillPieces < 1 || plan.fillPieces > 1024)
        return invalid(QStringLiteral("fill pieces must be 1 to 1024"));
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

Error validateFillCurvePlan(const FillCurvePlan &plan, const DriveInfo &drive)
{
    if (drive.sizeBytes == 0)
        return invalid(QStringLiteral("the drive has no size"));
    if (const Error error = checkBlock("the block size", plan.blockBytes, drive); error.isError())
        return error;
    if (const Error error = checkDepth("the queue depth", plan.queueDepth); error.isError())
        return error;
    if (!(plan.cliffDropFraction > 0.05 && plan.cliffDropFraction < 0.95))
        return invalid(QStringLiteral("the cliff's drop must be between 5 % and 95 %"));
    const quint64 sample = fillSampleBytes(plan, drive);
    if (sample > drive.sizeBytes / 4)
        return invalid(QStringLiteral("a sample of %1 leaves fewer than 4 points on %2")
                           .arg(formatBytes(sample), formatBytes(drive.sizeBytes)));
    if (drive.sizeBytes / sample > 10000)
        return invalid(
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
    estimate.seconds =
        estimate.fixedSeconds + double(estimate.sequentialBytes) / sequentialBytesPerSecond;
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
    estimate.seconds = double(estimate.sequentialBytes) / sequentialBytesPerSecond;
    estimate.capacityMultiple =
        drive.sizeBytes ? double(estimate.totalBytes()) / double(drive.sizeBytes) : 0;
    return estimate;
}

} // namespace trimscope::recovery
