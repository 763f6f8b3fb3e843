// The delete workload's result: accessors, the advice profiles and the JSON file.
#include "common/jsonfields.h"
#include "common/units.h"
#include "fsbench.h"

#include <QJsonArray>

namespace trimscope::fsbench {

namespace {

// Everything from the first unlink until the filesystem is gone: discards a filesystem still has
// queued (XFS) arrive at unmount, and they are part of what deleting cost.
constexpr std::array kDeletePhases = {Phase::Delete, Phase::SyncAfterDelete, Phase::Settle,
                                      Phase::Unmount};

QJsonValue optionalSeconds(const PhaseResult *phase)
{
    return phase ? QJsonValue(phase->seconds) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject FsBenchPlan::toJson() const
{
    return fieldsToJson(*this, jsonFields());
}

FsBenchPlan FsBenchPlan::fromJson(const QJsonObject &json)
{
    FsBenchPlan plan;
    fieldsFromJson(json, plan, jsonFields());
    return plan;
}

const PhaseResult *DeleteRun::phase(Phase which) const
{
    for (const PhaseResult &p : phases) {
        if (p.phase == which)
            return &p;
    }
    return nullptr;
}

double DeleteRun::deleteSeconds() const
{
    double seconds = 0;
    for (Phase which : kDeletePhases) {
        if (const PhaseResult *p = phase(which))
            seconds += p->seconds;
    }
    return seconds;
}

DiscardDelta DeleteRun::deleteDiscards() const
{
    DiscardDelta total;
    for (Phase which : kDeletePhases) {
        if (const PhaseResult *p = phase(which))
            total += p->discards;
    }
    return total;
}

QJsonObject DeleteRun::toJson() const
{
    const QJsonArray phaseList = toJsonArray(phases);
    const bool measured = status == RunStatus::Measured;
    return {
        {QStringLiteral("filesystem"), filesystem},
        {QStringLiteral("variant"), variant},
        {QStringLiteral("mount_options"), mountOptions},
        {QStringLiteral("status"), runStatusName(status)},
        {QStringLiteral("message"), message},
        {QStringLiteral("phases"), phaseList},
        {QStringLiteral("delete_s"), measured ? QJsonValue(deleteSeconds()) : QJsonValue()},
        {QStringLiteral("delete_discards"),
         measured ? QJsonValue(deleteDiscards().toJson()) : QJsonValue()},
        // The unmount's share of delete_s and delete_discards, said separately.
        {QStringLiteral("unmount_s"), optionalSeconds(phase(Phase::Unmount))},
        {QStringLiteral("unmount_discards"),
         phase(Phase::Unmount) ? QJsonValue(phase(Phase::Unmount)->discards.toJson())
                               : QJsonValue()},
        {QStringLiteral("fstrim_s"), optionalSeconds(phase(Phase::Fstrim))},
        {QStringLiteral("fstrim_discards"),
         phase(Phase::Fstrim) ? QJsonValue(phase(Phase::Fstrim)->discards.toJson()) : QJsonValue()},
    };
}

Expected<DeleteRun> DeleteRun::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    DeleteRun run;
    run.filesystem = f.text("filesystem");
    run.variant = f.text("variant");
    run.mountOptions = f.text("mount_options");
    const auto status = runStatusFromName(f.text("status"));
    if (!status)
        return makeError(
            ErrorCode::InvalidArgument,
            QStringLiteral("run %1 %2 has no known status").arg(run.filesystem, run.variant));
    run.status = *status;
    run.message = f.text("message");
    for (const QJsonValue &value : f.array("phases")) {
        const auto phase = PhaseResult::fromJson(value.toObject());
        if (!phase)
            return makeError(
                ErrorCode::InvalidArgument,
                QStringLiteral("run %1 %2 has an unknown phase").arg(run.filesystem, run.variant));
        run.phases.append(*phase);
    }
    return run;
}

const DeleteRun *FsBenchResult::run(const QString &filesystem, const QString &variant) const
{
    for (const DeleteRun &r : runs) {
        if (r.filesystem == filesystem && r.variant == variant)
            return &r;
    }
    return nullptr;
}

QList<FilesystemDeleteProfile> FsBenchResult::deleteProfiles() const
{
    QList<FilesystemDeleteProfile> profiles;
    for (const QString &fs : plan.filesystems) {
        const DeleteRun *online = run(fs, QStringLiteral("discard"));
        if (!online || online->status != RunStatus::Measured)
            continue;
        const DiscardDelta discards = online->deleteDiscards();
        if (discards.count == 0)
            continue; // nothing to average: the run's figures stay in "runs"
        FilesystemDeleteProfile profile;
        profile.filesystem = fs;
        profile.discardCount = double(discards.count);
        profile.averageDiscardBytes = discards.averageBytes();
        profile.deletedBytes = double(plan.tree.bytes);
        profile.measured = true;
        const DeleteRun *batched = run(fs, QStringLiteral("nodiscard"));
        if (batched && batched->status == RunStatus::Measured) {
            if (const PhaseResult *trim = batched->phase(Phase::Fstrim))
                profile.fstrimSeconds = trim->seconds;
        }
        profile.source = QStringLiteral("measured: %1 files, %2 deleted on %3")
                             .arg(plan.tree.files)
                             .arg(formatBytes(plan.tree.bytes), drive.displayName());
        profiles.append(profile);
    }
    return profiles;
}

QJsonObject FsBenchResult::toJson() const
{
    const QJsonArray runList = toJsonArray(runs);
    QJsonArray filesystems;
    for (const FilesystemDeleteProfile &profile : deleteProfiles()) {
        QJsonObject entry = profile.toJson();
        const DeleteRun *online = run(profile.filesystem, QStringLiteral("discard"));
        const DeleteRun *batched = run(profile.filesystem, QStringLiteral("nodiscard"));
        entry.insert(QStringLiteral("deleted_files"), plan.tree.files);
        entry.insert(QStringLiteral("discard_bytes"), double(online->deleteDiscards().bytes));
        entry.insert(QStringLiteral("discard_device_s"), online->deleteDiscards().deviceSeconds);
        entry.insert(QStringLiteral("delete_with_discard_s"), online->deleteSeconds());
        if (batched && batched->status == RunStatus::Measured) {
            entry.insert(QStringLiteral("delete_without_discard_s"), batched->deleteSeconds());
            entry.insert(QStringLiteral("discard_penalty_s"),
                         online->deleteSeconds() - batched->deleteSeconds());
        }
        filesystems.append(entry);
    }
    return {
        {QStringLiteral("plan"), plan.toJson()},
        {QStringLiteral("runs"), runList},
        {QStringLiteral("filesystems"), filesystems},
    };
}

Expected<FsBenchResult> FsBenchResult::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    FsBenchResult result;
    result.plan = FsBenchPlan::fromJson(f.object("plan"));
    for (const QJsonValue &value : f.array("runs")) {
        Expected<DeleteRun> run = DeleteRun::fromJson(value.toObject());
        if (!run)
            return run.error();
        result.runs.append(std::move(run).value());
    }
    return result;
}

} // namespace trimscope::fsbench
