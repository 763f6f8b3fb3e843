#include "fsbenchtypes.h"

#include "common/nametable.h"
#include "externaltool.h"

#include <QCoreApplication>

namespace trimscope::fsbench {

namespace {

constexpr NameTable<Phase, 9> kPhaseNames = {{
    std::pair{Phase::Mkfs, "mkfs"},
    std::pair{Phase::Mount, "mount"},
    std::pair{Phase::Create, "create"},
    std::pair{Phase::SyncAfterCreate, "sync-after-create"},
    std::pair{Phase::Delete, "delete"},
    std::pair{Phase::SyncAfterDelete, "sync-after-delete"},
    std::pair{Phase::Settle, "settle"},
    std::pair{Phase::Fstrim, "fstrim"},
    std::pair{Phase::Unmount, "unmount"},
}};

constexpr NameTable<RunStatus, 5> kStatusNames = {{
    std::pair{RunStatus::Measured, "measured"},
    std::pair{RunStatus::Skipped, "skipped"},
    std::pair{RunStatus::Failed, "failed"},
    std::pair{RunStatus::Cancelled, "cancelled"},
    std::pair{RunStatus::NotRun, "not-run"},
}};

} // namespace

QString phaseName(Phase phase)
{
    return nameOf(kPhaseNames, phase);
}

std::optional<Phase> phaseFromName(const QString &name)
{
    return valueOf(kPhaseNames, name);
}

QString runStatusName(RunStatus status)
{
    return nameOf(kStatusNames, status);
}

std::optional<RunStatus> runStatusFromName(const QString &name)
{
    return valueOf(kStatusNames, name);
}

QJsonObject PhaseResult::toJson() const
{
    return {
        {QStringLiteral("phase"), phaseName(phase)},
        {QStringLiteral("seconds"), seconds},
        {QStringLiteral("discards"), discards.toJson()},
    };
}

std::optional<PhaseResult> PhaseResult::fromJson(const QJsonObject &json)
{
    const auto phase = phaseFromName(json.value(QStringLiteral("phase")).toString());
    if (!phase)
        return std::nullopt;
    PhaseResult result;
    result.phase = *phase;
    result.seconds = json.value(QStringLiteral("seconds")).toDouble();
    result.discards = DiscardDelta::fromJson(json.value(QStringLiteral("discards")).toObject());
    return result;
}

namespace {
AdmissionRules mkfsRules()
{
    AdmissionRules rules;
    rules.keepOpen = false;
    return rules;
}
} // namespace

Expected<FsBenchTarget> prepareFsBenchTarget(const QString &path, const DeviceProbe &probe,
                                             const DeviceIdentity &approved)
{
    AdmissionRules rules = mkfsRules();
    rules.approved = approved;
    const Expected<AdmittedDevice> admitted = admitForWriting(path, rules, probe);
    if (!admitted)
        return admitted.error();
    return FsBenchTarget{admitted->drive(), admitted->device};
}

Error recheckFsBenchTarget(const FsBenchTarget &target, const DeviceProbe &probe)
{
    return readmit(AdmittedDevice{target.device, UniqueFd(), mkfsRules()}, probe);
}

RunStatus settleRun(const Error &error, const CancelToken &cancel, QString &message,
                    RunRecord &experiment)
{
    if (error.code == ErrorCode::Cancelled || cancel.isCancelled()) {
        experiment.stopWith(makeError(ErrorCode::Cancelled, {}));
        return RunStatus::Cancelled;
    }
    if (!error.isError())
        return RunStatus::Measured;
    message = error.message;
    experiment.stopWith(error);
    return RunStatus::Failed;
}

QStringList knownFilesystems()
{
    return {QStringLiteral("ext4"), QStringLiteral("xfs"), QStringLiteral("btrfs")};
}

namespace {
struct FsBenchPlanText
{
    Q_DECLARE_TR_FUNCTIONS(FsBenchPlan)
};
} // namespace

Error checkFilesystemList(const QStringList &filesystems)
{
    for (qsizetype i = 0; i < filesystems.size(); ++i) {
        const QString &fs = filesystems.at(i);
        if (!knownFilesystems().contains(fs))
            return {ErrorCode::InvalidArgument,
                    FsBenchPlanText::tr("unknown filesystem '%1' (known: %2)")
                        .arg(fs, knownFilesystems().join(QStringLiteral(", ")))};
        if (filesystems.indexOf(fs) != i)
            return {ErrorCode::InvalidArgument,
                    FsBenchPlanText::tr("the filesystem '%1' is named twice").arg(fs)};
    }
    return {};
}

QString mkfsToolName(const QString &filesystem)
{
    return QStringLiteral("mkfs.") + filesystem;
}

QStringList mkfsArguments(const QString &filesystem, bool discard, const QString &device)
{
    if (filesystem == QLatin1String("ext4"))
        return {QStringLiteral("-F"), QStringLiteral("-q"), QStringLiteral("-E"),
                discard ? QStringLiteral("discard") : QStringLiteral("nodiscard"), device};
    if (filesystem == QLatin1String("xfs") || filesystem == QLatin1String("btrfs")) {
        QStringList arguments{QStringLiteral("-f"), QStringLiteral("-q")};
        if (!discard)
            arguments.append(QStringLiteral("-K"));
        arguments.append(device);
        return arguments;
    }
    return {};
}

QString missingToolReason(const QString &filesystem)
{
    const QString tool = mkfsToolName(filesystem);
    if (findSystemTool(tool).isEmpty())
        return QStringLiteral("%1 is not installed").arg(tool);
    return {};
}

} // namespace trimscope::fsbench
