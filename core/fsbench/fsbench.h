#pragma once

#include "common/canceltoken.h"
#include "deleteprofile.h"
#include "device/runrecord.h"
#include "fsbenchtypes.h"
#include "privatemount.h"
#include "synthetictree.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>

namespace trimscope::fsbench {

// The delete workload: per filesystem and mount variant, mkfs (without discard), mount on a
// private mount point, create the synthetic tree, sync, delete it, sync, wait for the device to
// finish its discards, fstrim (variants without online discard), unmount.

// One way of mounting: "discard" (online, synchronous), "nodiscard" (+ fstrim afterwards),
// "discard-async" (btrfs: discards queued and issued later in the background).
struct DeleteVariant
{
    QString name;
    QString mountOptions; // what goes after nosuid,nodev,noexec
    bool onlineDiscard = false;
    bool fstrimAfter = false;
};

// ext4 and xfs: discard, nodiscard. btrfs: discard (=sync), discard-async, nodiscard.
QList<DeleteVariant> deleteVariants(const QString &filesystem);

struct FsBenchPlan
{
    QStringList filesystems = knownFilesystems();
    TreeSpec tree = *treePreset(QStringLiteral("kernel"));
    // Only these variants (empty: all of deleteVariants()); tests use it to stay short.
    QStringList variants;
    QString mountRoot = QLatin1String(kDefaultMountRoot);
    double settleTimeoutSeconds = 300;

    // Its keys, for its codec and for the helper's bounds (common/jsonfields.h); the tree is a
    // nested object, the mount root the runner's own and not written.
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"filesystems", &FsBenchPlan::filesystems},
            JsonField{"variants", &FsBenchPlan::variants},
            JsonField{"tree", &FsBenchPlan::tree},
            JsonField{"settle_timeout_s", &FsBenchPlan::settleTimeoutSeconds},
        };
    }
    QJsonObject toJson() const;
    static FsBenchPlan fromJson(const QJsonObject &json);
};

// InvalidArgument for an unknown filesystem or variant or a bad tree.
Error validateFsBenchPlan(const FsBenchPlan &plan);
// InvalidArgument when the tree would not fit on the device with room for the filesystem's own
// metadata and log (tree + 25 % + 128 MiB): better refused up front than ENOSPC mid-run.
Error checkTreeFitsDevice(const TreeSpec &tree, quint64 deviceBytes);

struct DeleteRun
{
    QString filesystem;
    QString variant;
    QString mountOptions;
    RunStatus status = RunStatus::NotRun;
    QString message;           // why skipped / failed; notes such as "fstrim is not installed"
    QList<PhaseResult> phases; // in the order they ran

    const PhaseResult *phase(Phase which) const;
    // What deleting costs: delete + sync-after-delete + settle + unmount, the wall time until the
    // tree is gone, the filesystem unmounted and the device has finished every discard (XFS
    // sends some only at unmount). The variant without online discard pays its unmount too.
    double deleteSeconds() const;
    DiscardDelta deleteDiscards() const;

    // The derived figures (delete_s, delete_discards, fstrim_s) are written for readers of the
    // file and recomputed from the phases when read.
    QJsonObject toJson() const;
    static Expected<DeleteRun> fromJson(const QJsonObject &json);
};

// Where an experiment stands: run `runIndex` of `runCount` is `phaseFraction` through `phase`
// and `withinRun` (0..1) through its own phases; the ETA follows from `elapsedSeconds` so far.
// The device's runs and a simulated drive's replay weigh their phases each their own way.
FsBenchProgress fsBenchProgressAt(const DeleteRun &run, Phase phase, double phaseFraction,
                                  int runIndex, int runCount, double withinRun,
                                  double elapsedSeconds);

struct FsBenchResult : RunRecord
{
    FsBenchPlan plan;
    QList<DeleteRun> runs; // every planned run, in order, including skipped and not-run ones

    const DeleteRun *run(const QString &filesystem, const QString &variant) const;
    // One per filesystem whose online-discard run measured discards, in what the advice reads:
    // discards of the delete, their average size, the deleted bytes and the fstrim time.
    QList<FilesystemDeleteProfile> deleteProfiles() const;

    // The body of the result file (io.github.trimscope.filesystems; report/ adds the envelope):
    // {"plan", "runs": [...], "filesystems": [profiles with the with/without-discard figures
    // added]}. "filesystems" is recomputed from the runs when read.
    QJsonObject toJson() const;
    static Expected<FsBenchResult> fromJson(const QJsonObject &json);
};

// Blocking; runs in whatever thread calls it (the helper's job thread, the CLI's main thread).
// Checks cancel between phases, per file while creating and deleting, and while external tools
// run. Everything mounted is unmounted and every directory removed before it returns, on
// success, failure and cancel. A failed run stops the experiment (the device state is unknown);
// a filesystem whose mkfs is not installed is skipped.
FsBenchResult runFsBench(const FsBenchTarget &target, const FsBenchPlan &plan,
                         const CancelToken &cancel, const FsBenchProgressCallback &progress = {});

} // namespace trimscope::fsbench
