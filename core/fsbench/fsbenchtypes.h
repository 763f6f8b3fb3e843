#pragma once

#include "common/canceltoken.h"
#include "common/expected.h"
#include "device/admission.h"
#include "device/driveinfo.h"
#include "device/runrecord.h"
#include "diskstats.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace trimscope::fsbench {

// mkfs may take this long: its whole-device discard can take minutes.
constexpr int kMkfsTimeoutMs = 30 * 60 * 1000;

// The steps of both experiments, in the order a delete run goes through them.
enum class Phase {
    Mkfs,
    Mount,
    Create,          // write the synthetic tree
    SyncAfterCreate, // syncfs: the tree reaches the device
    Delete,          // unlink every file and directory
    SyncAfterDelete, // syncfs: with online discard, the filesystem discards here
    Settle,          // until the device has no discard left in flight (XFS discards async)
    Fstrim,          // after a delete without online discard; until the device is idle again
    Unmount,
};

// "mkfs", "mount", "create", "sync-after-create", "delete", "sync-after-delete", "settle",
// "fstrim", "unmount"
QString phaseName(Phase phase);
std::optional<Phase> phaseFromName(const QString &name);

enum class RunStatus {
    Measured,
    Skipped, // a tool is not installed: not a failure
    Failed,
    Cancelled,
    NotRun, // an earlier cancel or failure stopped the experiment first
};

// "measured", "skipped", "failed", "cancelled", "not-run"
QString runStatusName(RunStatus status);
std::optional<RunStatus> runStatusFromName(const QString &name);

// One timed phase and the discards the device saw meanwhile.
struct PhaseResult
{
    Phase phase = Phase::Mkfs;
    double seconds = 0;
    DiscardDelta discards;

    QJsonObject toJson() const;
    static std::optional<PhaseResult> fromJson(const QJsonObject &json);
};

// Reported at each phase start and while long phases progress, at most a few times a second.
struct FsBenchProgress
{
    QString filesystem; // "ext4"
    QString variant;    // "discard", "nodiscard", "discard-async"
    Phase phase = Phase::Mkfs;
    int runIndex = 0; // 0-based, of runCount
    int runCount = 0;
    double phaseFraction = 0; // within the phase, when it can tell (create, delete)
    double fraction = 0;      // of the whole experiment
    double etaSeconds = -1;   // < 0 when unknown
};
using FsBenchProgressCallback = std::function<void(const FsBenchProgress &)>;

// The device both experiments run on, admitted (device/admission.h: not mounted, not held, not
// root, discard-capable, the kernel's O_EXCL answer heard). Nothing is written by preparing.
struct FsBenchTarget
{
    DriveInfo drive;
    BlockDevice device; // path: the resolved node; name: for /sys/class/block/<name>/stat
};

// admitForWriting with discard required, not kept open: mkfs and mount need the device
// exclusively themselves, so it cannot be held across the experiment. `approved`: the medium
// the helper's prompt named (AdmissionRules::approved).
Expected<FsBenchTarget> prepareFsBenchTarget(const QString &path,
                                             const DeviceProbe &probe = DeviceProbe(),
                                             const DeviceIdentity &approved = {});
// readmit, right before each mkfs: the device may have changed hands since.
Error recheckFsBenchTarget(const FsBenchTarget &target, const DeviceProbe &probe = DeviceProbe());

// How one run (a filesystem and variant) of an experiment ended, given the error it returned:
// Measured, or Cancelled or Failed (its message then says why), which stops the whole
// experiment (`experiment` says so).
RunStatus settleRun(const Error &error, const CancelToken &cancel, QString &message,
                    RunRecord &experiment);

// Filesystems the experiments know: "ext4", "xfs", "btrfs".
QStringList knownFilesystems();
// InvalidArgument for a filesystem not known, or named twice ("ext4,ext4" would measure it twice
// and report it as two); empty otherwise. The experiment and the diagnosis ask it of their plans.
Error checkFilesystemList(const QStringList &filesystems);
// "mkfs.ext4" and so on.
QString mkfsToolName(const QString &filesystem);
// Pure: the fixed argument list of mkfs with or without its whole-device discard.
// ext4: -F -q -E discard|nodiscard; xfs: -f -q [-K]; btrfs: -f -q [-K].
QStringList mkfsArguments(const QString &filesystem, bool discard, const QString &device);

// Why a filesystem cannot be measured here ("mkfs.xfs is not installed"), or empty.
QString missingToolReason(const QString &filesystem);

} // namespace trimscope::fsbench
