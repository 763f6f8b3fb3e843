#pragma once

#include "advice/advice.h"
#include "audit/trimaudit.h"
#include "common/expected.h"
#include "common/jsonfields.h"
#include "device/runrecord.h"
#include "fsbench/fsbench.h"
#include "health/drivehealth.h"
#include "probe/backgroundprobe.h"
#include "sweep/sweepresult.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

namespace trimscope {

// The guided diagnosis of one drive: its phases in the order they run. Identity, health and TRIM
// support read only; a drive without TRIM ends there. The background probe runs while the drive
// is idle, before anything else has trimmed it (a probe after a sweep measures a drive still
// paying for the sweep's TRIMs); then the sweep, the filesystem experiment at two tree sizes, and
// the advice built from all of these.
enum class DiagnosisPhase { Identity, BackgroundProbe, Sweep, Filesystems, Advice };
inline constexpr int kDiagnosisPhaseCount = 5;

// "identity", "background-probe", "sweep", "filesystems", "advice"
QString diagnosisPhaseName(DiagnosisPhase phase);
std::optional<DiagnosisPhase> diagnosisPhaseFromName(const QString &name);
QString diagnosisPhaseDisplayName(DiagnosisPhase phase); // translated

enum class PhaseStatus {
    Done,
    Skipped, // not needed or not possible here (no TRIM, a simulated drive's filesystems)
    Failed,
    Cancelled,
    NotRun, // an earlier phase ended the diagnosis
};
// "done", "skipped", "failed", "cancelled", "not-run"
QString phaseStatusName(PhaseStatus status);
std::optional<PhaseStatus> phaseStatusFromName(const QString &name);
QString phaseStatusDisplayName(PhaseStatus status); // translated

// What a caller chooses. The rest (how long each phase may take, the tree sizes) follows from
// the budget and the drive.
struct DiagnosePlan
{
    double budgetSeconds = 10 * 60;
    QStringList filesystems; // empty: ext4 and XFS, those whose mkfs is installed

    // Its keys, for its codec and for the helper's bounds (common/jsonfields.h).
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"budget_s", &DiagnosePlan::budgetSeconds},
            JsonField{"filesystems", &DiagnosePlan::filesystems},
        };
    }
    QJsonObject toJson() const;
    static DiagnosePlan fromJson(const QJsonObject &json);
};

inline constexpr double kMinDiagnoseBudgetSeconds = 60;
inline constexpr double kMaxDiagnoseBudgetSeconds = 24 * 3600;

// InvalidArgument for a budget out of bounds or an unknown filesystem.
Error validateDiagnosePlan(const DiagnosePlan &plan);

struct DiagnosisPhaseRecord
{
    DiagnosisPhase phase = DiagnosisPhase::Identity;
    PhaseStatus status = PhaseStatus::NotRun;
    double seconds = 0;
    QString message; // why skipped or failed, or what the phase found, in words

    QJsonObject toJson() const;
    static std::optional<DiagnosisPhaseRecord> fromJson(const QJsonObject &json);
};

// Every phase's record and every phase's own result, kept whatever happened later: a cancelled
// or failed diagnosis still holds the probe, the sweep and the filesystem results it measured,
// and advice from those.
struct DiagnosisResult : RunRecord
{
    DiagnosePlan plan;
    QList<DiagnosisPhaseRecord> phases; // all of them, in order
    bool trimSupported = false;         // what the identity phase found
    std::optional<health::DriveHealth> health;
    std::optional<probe::BackgroundProbeResult> backgroundProbe;
    std::optional<SweepResult> sweep;
    QList<fsbench::FsBenchResult> filesystems; // one per tree size, smaller first
    std::optional<audit::AuditReport> audit;   // this computer's, when the advice was given
    std::optional<advice::Advice> advice;

    DiagnosisResult();
    const DiagnosisPhaseRecord &phase(DiagnosisPhase which) const;
    DiagnosisPhaseRecord &phase(DiagnosisPhase which);

    // The body of the result file (io.github.trimscope.diagnosis; report/ adds the envelope).
    // Each phase's result is written whole, with its own envelope, as its command writes it: it
    // can be cut out and opened on its own.
    QJsonObject toJson() const;
    static Expected<DiagnosisResult> fromJson(const QJsonObject &json);
};

} // namespace trimscope
