#include "mkfstiming.h"

#include "common/jsonfields.h"
#include "externaltool.h"

#include <QElapsedTimer>
#include <QJsonArray>

namespace trimscope::fsbench {

namespace {

Error measureMkfs(const FsBenchTarget &target, MkfsRun &run, const CancelToken &cancel)
{
    if (const Error error = recheckFsBenchTarget(target); error.isError())
        return error;
    const Expected<DiskStats> before = readDiskStats(target.device.name);
    if (!before)
        return before.error();
    const ToolRun mkfs = runExternalTool(run.tool, run.arguments, &cancel, kMkfsTimeoutMs);
    const Expected<DiskStats> after = readDiskStats(target.device.name);
    if (!after)
        return after.error();
    run.seconds = mkfs.seconds;
    run.discards = discardDelta(*before, *after);
    if (mkfs.cancelled)
        return {ErrorCode::Cancelled, QStringLiteral("cancelled")};
    if (!mkfs.succeeded())
        return {ErrorCode::IoError, mkfs.failureMessage()};
    return {};
}

} // namespace

QJsonObject MkfsTimingPlan::toJson() const
{
    return fieldsToJson(*this, MkfsTimingPlan::jsonFields());
}

MkfsTimingPlan MkfsTimingPlan::fromJson(const QJsonObject &json)
{
    MkfsTimingPlan plan;
    fieldsFromJson(json, plan, MkfsTimingPlan::jsonFields());
    return plan;
}

Error validateMkfsTimingPlan(const MkfsTimingPlan &plan)
{
    if (plan.filesystems.isEmpty() || (!plan.withDiscard && !plan.withoutDiscard))
        return {ErrorCode::InvalidArgument, QStringLiteral("nothing to measure")};
    return checkFilesystemList(plan.filesystems);
}

QJsonObject MkfsRun::toJson() const
{
    const bool measured = status == RunStatus::Measured;
    return {
        {QStringLiteral("filesystem"), filesystem},
        {QStringLiteral("variant"), variant},
        {QStringLiteral("tool"), tool},
        {QStringLiteral("arguments"), QJsonArray::fromStringList(arguments)},
        {QStringLiteral("status"), runStatusName(status)},
        {QStringLiteral("message"), message},
        {QStringLiteral("seconds"), measured ? QJsonValue(seconds) : QJsonValue()},
        {QStringLiteral("discards"), measured ? QJsonValue(discards.toJson()) : QJsonValue()},
    };
}

Expected<MkfsRun> MkfsRun::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    MkfsRun run;
    run.filesystem = f.text("filesystem");
    run.variant = f.text("variant");
    run.tool = f.text("tool");
    run.arguments = f.texts("arguments");
    const auto status = runStatusFromName(f.text("status"));
    if (!status)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("mkfs run %1 %2 has no known status").arg(run.filesystem, run.variant));
    run.status = *status;
    run.message = f.text("message");
    run.seconds = f.number("seconds");
    run.discards = DiscardDelta::fromJson(f.object("discards"));
    return run;
}

const MkfsRun *MkfsTimingResult::run(const QString &filesystem, const QString &variant) const
{
    for (const MkfsRun &r : runs) {
        if (r.filesystem == filesystem && r.variant == variant)
            return &r;
    }
    return nullptr;
}

QJsonObject MkfsTimingResult::toJson() const
{
    const QJsonArray runList = toJsonArray(runs);
    return {{QStringLiteral("plan"), plan.toJson()}, {QStringLiteral("runs"), runList}};
}

Expected<MkfsTimingResult> MkfsTimingResult::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    MkfsTimingResult result;
    result.plan = MkfsTimingPlan::fromJson(f.object("plan"));
    for (const QJsonValue &value : f.array("runs")) {
        Expected<MkfsRun> run = MkfsRun::fromJson(value.toObject());
        if (!run)
            return run.error();
        result.runs.append(std::move(run).value());
    }
    return result;
}

MkfsTimingResult runMkfsTiming(const FsBenchTarget &target, const MkfsTimingPlan &plan,
                               const CancelToken &cancel, const FsBenchProgressCallback &progress)
{
    MkfsTimingResult result;
    result.start(target.drive);
    result.plan = plan;
    QElapsedTimer clock;
    clock.start();

    for (const QString &fs : plan.filesystems) {
        for (const bool discard : {false, true}) {
            if ((discard && !plan.withDiscard) || (!discard && !plan.withoutDiscard))
                continue;
            MkfsRun run;
            run.filesystem = fs;
            run.variant = discard ? QStringLiteral("discard") : QStringLiteral("nodiscard");
            run.tool = findSystemTool(mkfsToolName(fs));
            run.arguments = mkfsArguments(fs, discard, target.device.path);
            result.runs.append(run);
        }
    }
    if (const Error invalid = validateMkfsTimingPlan(plan); invalid.isError()) {
        result.stopReason = StopReason::Failed;
        result.error = invalid;
    }

    const int count = int(result.runs.size());
    for (int i = 0; i < count && result.stopReason == StopReason::Completed; ++i) {
        MkfsRun &run = result.runs[i];
        if (progress) {
            FsBenchProgress p;
            p.filesystem = run.filesystem;
            p.variant = run.variant;
            p.phase = Phase::Mkfs;
            p.runIndex = i;
            p.runCount = count;
            p.fraction = double(i) / count;
            const double elapsed = double(clock.elapsed()) / 1000.0;
            p.etaSeconds = i > 0 ? elapsed * (count - i) / i : -1;
            progress(p);
        }
        if (run.tool.isEmpty()) {
            run.status = RunStatus::Skipped;
            run.message = QStringLiteral("%1 is not installed").arg(mkfsToolName(run.filesystem));
            continue;
        }
        run.status = settleRun(measureMkfs(target, run, cancel), cancel, run.message, result);
    }
    result.finish(double(clock.nsecsElapsed()) / 1e9);
    return result;
}

} // namespace trimscope::fsbench
