#pragma once

#include "common/expected.h"
#include "common/jsonfields.h"
#include "device/driveinfo.h"

#include <QJsonObject>
#include <optional>

namespace trimscope::recovery {

// The degradation test after the SNIA SSS PTS as xbitlabs runs it: random writes on the drive
// fresh out of the box (after a whole-device discard), after filling it `fillPasses` times,
// after `idleSeconds` of idle time (the controller's own garbage collection), and after a
// whole-device TRIM. Each measured phase runs random writes for `randomSeconds`.
struct RecoveryPlan
{
    int randomSeconds = 60;
    int idleSeconds = 1800;
    int fillPasses = 2;
    quint32 randomBlockBytes = 4096;
    int randomQueueDepth = 32;
    quint32 fillBlockBytes = 1u << 20;
    int fillQueueDepth = 8;
    // Each fill pass is written in this many pieces: progress and cancel act between two.
    int fillPieces = 16;

    // Its keys, for its codec and for the helper's bounds (common/jsonfields.h).
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"random_s", &RecoveryPlan::randomSeconds},
            JsonField{"idle_s", &RecoveryPlan::idleSeconds},
            JsonField{"fill_passes", &RecoveryPlan::fillPasses},
            JsonField{"random_block_bytes", &RecoveryPlan::randomBlockBytes},
            JsonField{"random_queue_depth", &RecoveryPlan::randomQueueDepth},
            JsonField{"fill_block_bytes", &RecoveryPlan::fillBlockBytes},
            JsonField{"fill_queue_depth", &RecoveryPlan::fillQueueDepth},
            JsonField{"fill_pieces", &RecoveryPlan::fillPieces},
        };
    }
    QJsonObject toJson() const;
    static RecoveryPlan fromJson(const QJsonObject &json);
};

// The sequential fill: the whole device written once, start to end, one throughput sample per
// `sampleBytes` (0: a hundredth of the device); the cliff is where the speed stays below
// (1 - cliffDropFraction) of what came before.
struct FillCurvePlan
{
    quint64 sampleBytes = 0;
    double cliffDropFraction = 0.3;
    bool trimFirst = true; // start from a trimmed drive, as a fresh one would be
    quint32 blockBytes = 1u << 20;
    int queueDepth = 8;

    // Its keys, for its codec and for the helper's bounds (common/jsonfields.h).
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"sample_bytes", &FillCurvePlan::sampleBytes},
            JsonField{"cliff_drop_fraction", &FillCurvePlan::cliffDropFraction},
            JsonField{"trim_first", &FillCurvePlan::trimFirst},
            JsonField{"block_bytes", &FillCurvePlan::blockBytes},
            JsonField{"queue_depth", &FillCurvePlan::queueDepth},
        };
    }
    QJsonObject toJson() const;
    static FillCurvePlan fromJson(const QJsonObject &json);
};

// "standard" (60 s random phases, 30 min idle, as the review), "quick" (10 s, 2 min) and
// "smoke" (2 s, 2 s: tests and a first look).
QStringList recoveryPresetNames();
std::optional<RecoveryPlan> recoveryPreset(const QString &name);

// Bounds on what a caller (CLI, D-Bus) may ask for; InvalidArgument with the reason.
Error validateRecoveryPlan(const RecoveryPlan &plan, const DriveInfo &drive);
Error validateFillCurvePlan(const FillCurvePlan &plan, const DriveInfo &drive);

// The sample size a fill-curve plan resolves to on this drive: a multiple of the block size.
quint64 fillSampleBytes(const FillCurvePlan &plan, const DriveInfo &drive);
// How often the fill's one fio job logs its speed (fio's log_avg_msec), for samples that size:
// between 20 ms (fio's windows end on its own ticks; shorter ones jitter) and 1 s.
inline constexpr int kMinFillLogMsec = 20;
inline constexpr int kMaxFillLogMsec = 1000;
int fillLogWindowMsec(quint64 sampleBytes);

// What a run will cost, shown before it starts. Fills are sequential at `sequentialBytesPerSecond`
// (an assumption: the drive's real speed is what the run measures); random phases are time-based,
// so their time is exact and their bytes are at most randomIops * blockBytes * seconds.
struct RunEstimate
{
    double seconds = 0;      // fixed (timed) part, the fills at the assumed speed, fio's job starts
    double fixedSeconds = 0; // random phases and idle: independent of the drive's speed
    quint64 sequentialBytes = 0;   // bytes the fills write: exact
    quint64 randomBytesAtMost = 0; // bytes the random phases write at most, at the assumed IOPS
    quint64 totalBytes() const { return sequentialBytes + randomBytesAtMost; }
    double capacityMultiple = 0; // totalBytes in drive capacities

    QJsonObject toJson() const;
    static RunEstimate fromJson(const QJsonObject &json);
};

inline constexpr double kAssumedSequentialBytesPerSecond = 200e6;
// What fio takes for a job beyond its writes (setting the job up, starting its thread,
// reporting): 0.34-0.39 s for each 1 MiB job on a loop device here, and as much per job when one
// fio process runs twenty jobs one after the other. A fill curve ran one job per sample (a
// hundred by default), which on a small drive was most of its time; it now runs one job and
// reads the samples from fio's bandwidth log.
inline constexpr double kFioJobSeconds = 0.35;
inline constexpr double kAssumedRandomIops = 50000;

RunEstimate estimateRecovery(const RecoveryPlan &plan, const DriveInfo &drive,
                             double sequentialBytesPerSecond = kAssumedSequentialBytesPerSecond,
                             double randomIops = kAssumedRandomIops);
RunEstimate estimateFillCurve(const FillCurvePlan &plan, const DriveInfo &drive,
                              double sequentialBytesPerSecond = kAssumedSequentialBytesPerSecond);

} // namespace trimscope::recovery
