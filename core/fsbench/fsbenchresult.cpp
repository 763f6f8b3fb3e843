// The delete workload's result: accessors, the advice profiles and the JSON file.
#include "common/units.h"
#include "fsbench.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace trimscope::fsbench {

namespace {

constexpr std::array kDeletePhases = {Phase::Delete, Phase::SyncAfterDelete, Phase::Settle};

QJsonObject errorToJson(const Error &error)
{
    return {{QStringLiteral("name"), errorCodeName(error.code)},
            {QStringLiteral("message"), error.message}};
}

QJsonValue optionalSeconds(const PhaseResult *phase)
{
    return phase ? QJsonValue(phase->seconds) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject FsBenchPlan::toJson() const
{
    return {
        {QStringLiteral("filesystems"), QJsonArray::fromStringList(filesystems)},
        {QStringLiteral("variants"), QJsonArray::fromStringList(variants)},
        {QStringLiteral("tree"), tree.toJson()},
        {QStringLiteral("settle_timeout_s"), settleTimeoutSeconds},
    };
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
    QJsonArray phaseList;
    for (const PhaseResult &p : phases)
        phaseList.append(p.toJson());
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
        {QStringLiteral("fstrim_s"), optionalSeconds(phase(Phase::Fstrim))},
        {QStringLiteral("fstrim_discards"),
         phase(Phase::Fstrim) ? QJsonValue(phase(Phase::Fstrim)->discards.toJson()) : QJsonValue()},
    };
}

const DeleteRun *FsBenchResult::run(const QString &filesystem, const QString &variant) const
{
    for (const DeleteRun &r : runs) {
        if (r.filesystem == filesystem && r.variant == variant)
            return &r;
    }
    return nullptr;
}

QList<advice::FilesystemDeleteProfile> FsBenchResult::deleteProfiles() const
{
    QList<advice::FilesystemDeleteProfile> profiles;
    for (const QString &fs : plan.filesystems) {
        const DeleteRun *online = run(fs, QStringLiteral("discard"));
        if (!online || online->status != RunStatus::Measured)
            continue;
        const DiscardDelta discards = online->deleteDiscards();
        if (discards.count == 0)
            continue; // nothing to average: the run's figures stay in "runs"
        advice::FilesystemDeleteProfile profile;
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
    QJsonArray runList;
    for (const DeleteRun &r : runs)
        runList.append(r.toJson());
    QJsonArray filesystems;
    for (const advice::FilesystemDeleteProfile &profile : deleteProfiles()) {
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
    QJsonObject json{
        {QStringLiteral("schema"), QLatin1String(kFsBenchSchemaId)},
        {QStringLiteral("schema_version"), kFsBenchSchemaVersion},
        {QStringLiteral("tool"), QStringLiteral("TrimScope")},
        {QStringLiteral("tool_version"), toolVersion},
        {QStringLiteral("kind"), QStringLiteral("fs-delete-bench")},
        {QStringLiteral("simulated"), drive.simulated},
        {QStringLiteral("complete"), complete()},
        {QStringLiteral("stop_reason"), stopReasonName(stopReason)},
        {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)},
        {QStringLiteral("finished"), finished.toString(Qt::ISODateWithMs)},
        {QStringLiteral("elapsed_s"), elapsedSeconds},
        {QStringLiteral("drive"), drive.toJson()},
        {QStringLiteral("plan"), plan.toJson()},
        {QStringLiteral("runs"), runList},
        {QStringLiteral("filesystems"), filesystems},
    };
    if (error.isError())
        json.insert(QStringLiteral("error"), errorToJson(error));
    return json;
}

QByteArray FsBenchResult::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

} // namespace trimscope::fsbench
