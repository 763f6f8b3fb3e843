#include "mkfstiming.h"

#include "externaltool.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

namespace trimscope::fsbench {

namespace {

constexpr int kMkfsTimeoutMs = 30 * 60 * 1000;

QJsonObject errorToJson(const Error &error)
{
    return {{QStringLiteral("name"), errorCodeName(error.code)},
            {QStringLiteral("message"), error.message}};
}

Error measureMkfs(const FsBenchTarget &target, MkfsRun &run, const CancelToken &cancel)
{
    if (const Error error = recheckFsBenchTarget(target); error.isError())
        return error;
    const Expected<DiskStats> before = readDiskStats(target.deviceName);
    if (!before)
        return before.error();
    const ToolRun mkfs = runExternalTool(run.tool, run.arguments, &cancel, kMkfsTimeoutMs);
    const Expected<DiskStats> after = readDiskStats(target.deviceName);
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
    return {
        {QStringLiteral("filesystems"), QJsonArray::fromStringList(filesystems)},
        {QStringLiteral("with_discard"), withDiscard},
        {QStringLiteral("without_discard"), withoutDiscard},
    };
}

Error validateMkfsTimingPlan(const MkfsTimingPlan &plan)
{
    if (plan.filesystems.isEmpty() || (!plan.withDiscard && !plan.withoutDiscard))
        return {ErrorCode::InvalidArgument, QStringLiteral("nothing to measure")};
    for (const QString &fs : plan.filesystems) {
        if (!knownFilesystems().contains(fs))
            return {ErrorCode::InvalidArgument,
                    QStringLiteral("unknown filesystem '%1' (known: %2)")
                        .arg(fs, knownFilesystems().join(QStringLiteral(", ")))};
    }
    return {};
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
    QJsonArray runList;
    for (const MkfsRun &r : runs)
        runList.append(r.toJson());
    QJsonObject json{
        {QStringLiteral("schema"), QLatin1String(kMkfsTimingSchemaId)},
        {QStringLiteral("schema_version"), kMkfsTimingSchemaVersion},
        {QStringLiteral("tool"), QStringLiteral("TrimScope")},
        {QStringLiteral("tool_version"), toolVersion},
        {QStringLiteral("kind"), QStringLiteral("mkfs-timing")},
        {QStringLiteral("simulated"), drive.simulated},
        {QStringLiteral("complete"), complete()},
        {QStringLiteral("stop_reason"), stopReasonName(stopReason)},
        {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)},
        {QStringLiteral("finished"), finished.toString(Qt::ISODateWithMs)},
        {QStringLiteral("elapsed_s"), elapsedSeconds},
        {QStringLiteral("drive"), drive.toJson()},
        {QStringLiteral("plan"), plan.toJson()},
        {QStringLiteral("runs"), runList},
    };
    if (error.isError())
        json.insert(QStringLiteral("error"), errorToJson(error));
    return json;
}

QByteArray MkfsTimingResult::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

MkfsTimingResult runMkfsTiming(const FsBenchTarget &target, const MkfsTimingPlan &plan,
                               const CancelToken &cancel, const FsBenchProgressCallback &progress)
{
    MkfsTimingResult result;
    result.drive = target.drive;
    result.plan = plan;
    result.toolVersion = QStringLiteral(TRIMSCOPE_VERSION);
    result.started = QDateTime::currentDateTimeUtc();
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
            run.arguments = mkfsArguments(fs, discard, target.devicePath);
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
        const Error error = measureMkfs(target, run, cancel);
        if (error.code == ErrorCode::Cancelled || cancel.isCancelled()) {
            run.status = RunStatus::Cancelled;
            result.stopReason = StopReason::Cancelled;
        } else if (error.isError()) {
            run.status = RunStatus::Failed;
            run.message = error.message;
            result.stopReason = StopReason::Failed;
            result.error = error;
        } else {
            run.status = RunStatus::Measured;
        }
    }
    result.finished = QDateTime::currentDateTimeUtc();
    result.elapsedSeconds = double(clock.nsecsElapsed()) / 1e9;
    return result;
}

} // namespace trimscope::fsbench
