#include "diagnosis.h"

#include "common/jsonfields.h"
#include "common/nametable.h"
#include "resultfile.h"

#include <QCoreApplication>

namespace trimscope {

namespace {

struct DiagnosisText
{
    Q_DECLARE_TR_FUNCTIONS(Diagnosis)
};

constexpr NameTable<DiagnosisPhase, kDiagnosisPhaseCount> kDiagnosisPhaseNames = {{
    {DiagnosisPhase::Identity, "identity"},
    {DiagnosisPhase::BackgroundProbe, "background-probe"},
    {DiagnosisPhase::Sweep, "sweep"},
    {DiagnosisPhase::Filesystems, "filesystems"},
    {DiagnosisPhase::Advice, "advice"},
}};

constexpr NameTable<PhaseStatus, 5> kDiagnosisStatusNames = {{
    {PhaseStatus::Done, "done"},
    {PhaseStatus::Skipped, "skipped"},
    {PhaseStatus::Failed, "failed"},
    {PhaseStatus::Cancelled, "cancelled"},
    {PhaseStatus::NotRun, "not-run"},
}};

// A phase's result, written whole inside the diagnosis.
template <class Result> QJsonValue nested(const std::optional<Result> &result)
{
    return result ? QJsonValue(resultToJson(*result)) : QJsonValue(QJsonValue::Null);
}

template <class Result>
Error readNested(const QJsonObject &json, const char *key, std::optional<Result> &into)
{
    const QJsonValue value = json.value(QLatin1String(key));
    if (!value.isObject())
        return {};
    Expected<Result> result = readResult<Result>(value.toObject());
    if (!result)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1: %2").arg(QLatin1String(key), result.error().message));
    into = std::move(result).value();
    return {};
}

} // namespace

QString diagnosisPhaseName(DiagnosisPhase phase)
{
    return nameOf(kDiagnosisPhaseNames, phase);
}

std::optional<DiagnosisPhase> diagnosisPhaseFromName(const QString &name)
{
    return valueOf(kDiagnosisPhaseNames, name);
}

QString diagnosisPhaseDisplayName(DiagnosisPhase phase)
{
    switch (phase) {
    case DiagnosisPhase::Identity:
        return DiagnosisText::tr("Identity, health and TRIM support");
    case DiagnosisPhase::BackgroundProbe:
        return DiagnosisText::tr("Background-TRIM probe");
    case DiagnosisPhase::Sweep:
        return DiagnosisText::tr("TRIM sweep");
    case DiagnosisPhase::Filesystems:
        return DiagnosisText::tr("Filesystem experiment");
    case DiagnosisPhase::Advice:
        break;
    }
    return DiagnosisText::tr("Advice");
}

QString phaseStatusName(PhaseStatus status)
{
    return nameOf(kDiagnosisStatusNames, status);
}

std::optional<PhaseStatus> phaseStatusFromName(const QString &name)
{
    return valueOf(kDiagnosisStatusNames, name);
}

QString phaseStatusDisplayName(PhaseStatus status)
{
    switch (status) {
    case PhaseStatus::Done:
        return DiagnosisText::tr("done");
    case PhaseStatus::Skipped:
        return DiagnosisText::tr("skipped");
    case PhaseStatus::Failed:
        return DiagnosisText::tr("failed");
    case PhaseStatus::Cancelled:
        return DiagnosisText::tr("cancelled");
    case PhaseStatus::NotRun:
        break;
    }
    return DiagnosisText::tr("not run");
}

QJsonObject DiagnosePlan::toJson() const
{
    return fieldsToJson(*this, DiagnosePlan::jsonFields());
}

DiagnosePlan DiagnosePlan::fromJson(const QJsonObject &json)
{
    DiagnosePlan plan;
    fieldsFromJson(json, plan, DiagnosePlan::jsonFields());
    return plan;
}

Error validateDiagnosePlan(const DiagnosePlan &plan)
{
    if (!(plan.budgetSeconds >= kMinDiagnoseBudgetSeconds) ||
        !(plan.budgetSeconds <= kMaxDiagnoseBudgetSeconds))
        return makeError(ErrorCode::InvalidArgument,
                         DiagnosisText::tr("the budget must be between %1 and %2 minutes")
                             .arg(kMinDiagnoseBudgetSeconds / 60)
                             .arg(kMaxDiagnoseBudgetSeconds / 60));
    return fsbench::checkFilesystemList(plan.filesystems);
}

QJsonObject DiagnosisPhaseRecord::toJson() const
{
    return {{QStringLiteral("phase"), diagnosisPhaseName(phase)},
            {QStringLiteral("status"), phaseStatusName(status)},
            {QStringLiteral("seconds"), seconds},
            {QStringLiteral("message"), message}};
}

std::optional<DiagnosisPhaseRecord> DiagnosisPhaseRecord::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    const auto phase = diagnosisPhaseFromName(f.text("phase"));
    const auto status = phaseStatusFromName(f.text("status"));
    if (!phase || !status)
        return std::nullopt;
    return DiagnosisPhaseRecord{*phase, *status, f.number("seconds"), f.text("message")};
}

DiagnosisResult::DiagnosisResult()
{
    for (std::size_t i = 0; i < kDiagnosisPhaseNames.size(); ++i)
        phases.append({kDiagnosisPhaseNames[i].first, PhaseStatus::NotRun, 0, {}});
}

const DiagnosisPhaseRecord &DiagnosisResult::phase(DiagnosisPhase which) const
{
    return phases.at(int(which));
}

DiagnosisPhaseRecord &DiagnosisResult::phase(DiagnosisPhase which)
{
    return phases[int(which)];
}

QJsonObject DiagnosisResult::toJson() const
{
    QJsonArray filesystemList;
    for (const fsbench::FsBenchResult &result : filesystems)
        filesystemList.append(resultToJson(result));
    return {
        {QStringLiteral("plan"), plan.toJson()},
        {QStringLiteral("phases"), toJsonArray(phases)},
        {QStringLiteral("trim_supported"), trimSupported},
        {QStringLiteral("verdict"),
         advice ? advice::verdictName(advice->verdict) : QStringLiteral("unknown")},
        {QStringLiteral("health"), nested(health)},
        {QStringLiteral("background_probe"), nested(backgroundProbe)},
        {QStringLiteral("sweep"), nested(sweep)},
        {QStringLiteral("filesystems"), filesystemList},
        {QStringLiteral("audit"), nested(audit)},
        {QStringLiteral("advice"), nested(advice)},
    };
}

Expected<DiagnosisResult> DiagnosisResult::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    DiagnosisResult result;
    result.plan = DiagnosePlan::fromJson(f.object("plan"));
    for (const QJsonValue &value : f.array("phases")) {
        const auto record = DiagnosisPhaseRecord::fromJson(value.toObject());
        if (!record)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("a phase of unknown name or status"));
        result.phase(record->phase) = *record;
    }
    result.trimSupported = f.flag("trim_supported");
    for (const Error &error :
         {readNested(json, "health", result.health),
          readNested(json, "background_probe", result.backgroundProbe),
          readNested(json, "sweep", result.sweep), readNested(json, "audit", result.audit),
          readNested(json, "advice", result.advice)}) {
        if (error.isError())
            return error;
    }
    for (const QJsonValue &value : f.array("filesystems")) {
        Expected<fsbench::FsBenchResult> fs = readResult<fsbench::FsBenchResult>(value.toObject());
        if (!fs)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("filesystems: %1").arg(fs.error().message));
        result.filesystems.append(std::move(fs).value());
    }
    return result;
}

} // namespace trimscope
