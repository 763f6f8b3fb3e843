#pragma once

#include "common/canceltoken.h"
#include "common/jsonfields.h"
#include "device/runrecord.h"
#include "fsbenchtypes.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>

namespace trimscope::fsbench {

// mkfs with and without its whole-device discard: ext4 (-E discard / -E nodiscard), XFS
// (default / -K), btrfs (default / -K).

struct MkfsTimingPlan
{
    QStringList filesystems = knownFilesystems();
    bool withDiscard = true;
    bool withoutDiscard = true;

    // Its keys, for its codec and for the helper's bounds (common/jsonfields.h).
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"filesystems", &MkfsTimingPlan::filesystems},
            JsonField{"with_discard", &MkfsTimingPlan::withDiscard},
            JsonField{"without_discard", &MkfsTimingPlan::withoutDiscard},
        };
    }
    QJsonObject toJson() const;
    static MkfsTimingPlan fromJson(const QJsonObject &json);
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
    static Expected<MkfsRun> fromJson(const QJsonObject &json);
};

struct MkfsTimingResult : RunRecord
{
    MkfsTimingPlan plan;
    QList<MkfsRun> runs;

    const MkfsRun *run(const QString &filesystem, const QString &variant) const;
    // The body of the result file (io.github.trimscope.mkfs-timing; report/ adds the
    // envelope): {"plan", "runs": [...]}.
    QJsonObject toJson() const;
    static Expected<MkfsTimingResult> fromJson(const QJsonObject &json);
};

// Blocking, like runFsBench. Each mkfs is preceded by recheckFsBenchTarget; a missing mkfs is
// skipped; a failure or cancel stops the rest. Leaves the last filesystem made on the device.
MkfsTimingResult runMkfsTiming(const FsBenchTarget &target, const MkfsTimingPlan &plan,
                               const CancelToken &cancel,
                               const FsBenchProgressCallback &progress = {});

} // namespace trimscope::fsbench
