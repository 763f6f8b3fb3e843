#pragma once

#include "fsbenchtypes.h"
#include "sweep/canceltoken.h"
#include "sweep/sweepresult.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>

namespace trimscope::fsbench {

// mkfs with and without its whole-device discard: ext4 (-E discard / -E nodiscard), XFS
// (default / -K), btrfs (default / -K).
inline constexpr auto kMkfsTimingSchemaId = "io.github.trimscope.mkfs-timing";
inline constexpr int kMkfsTimingSchemaVersion = 1;

struct MkfsTimingPlan
{
    QStringList filesystems = knownFilesystems();
    bool withDiscard = true;
    bool withoutDiscard = true;

    QJsonObject toJson() const;
};

Error validateMkfsTimingPlan(const MkfsTimingPlan &plan);

struct MkfsRun
{
    QString filesystem;
    QString variant; // "discard" or "nodiscard"
    QString tool;    // absolute path, empty when skipped
    QStringList arguments;
    RunStatus status = RunStatus::NotRun;
    QString message;
    double seconds = 0;    // wall time of mkfs
    DiscardDelta discards; // what the device saw while mkfs ran

    QJsonObject toJson() const;
};

struct MkfsTimingResult
{
    DriveInfo drive;
    MkfsTimingPlan plan;
    QList<MkfsRun> runs;
    StopReason stopReason = StopReason::Completed;
    Error error;
    QDateTime started;
    QDateTime finished;
    double elapsedSeconds = 0;
    QString toolVersion;

    bool complete() const { return stopReason == StopReason::Completed; }
    const MkfsRun *run(const QString &filesystem, const QString &variant) const;
    // {"schema": "io.github.trimscope.mkfs-timing", "schema_version", "kind": "mkfs-timing",
    //  "complete", "stop_reason", "drive", "plan", "runs": [...], "error"?}
    QJsonObject toJson() const;
    QByteArray toJsonBytes() const;
};

// Blocking, like runFsBench. Each mkfs is preceded by recheckFsBenchTarget; a missing mkfs is
// skipped; a failure or cancel stops the rest. Leaves the last filesystem made on the device.
MkfsTimingResult runMkfsTiming(const FsBenchTarget &target, const MkfsTimingPlan &plan,
                               const CancelToken &cancel,
                               const FsBenchProgressCallback &progress = {});

} // namespace trimscope::fsbench
