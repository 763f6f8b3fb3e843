#pragma once

#include "common/expected.h"
#include "regionlayout.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace trimscope {

enum class SweepOrder {
    Descending,  // 2 GiB, 1 GiB, ... one sector, pass after pass: trim_perf.c's order
    Interleaved, // every (size, repeat) shuffled, so drift over time cannot pose as a size effect
};

QString sweepOrderName(SweepOrder order);
std::optional<SweepOrder> sweepOrderFromName(const QString &name);

// What the user asks for. Zero means "choose the default for this device".
struct SweepPlan
{
    quint64 minBytes = 0; // default: the discard granularity (at least the logical block size)
    quint64 maxBytes = 0; // default: min(2 GiB, capacity / 4), lowered until the repeats fit
    int repeats = 5;
    bool adaptive = false;
    double adaptiveTargetRelativeHalfWidth = 0.05; // stop when the median's 95 % CI is ±5 %
    int adaptiveMinSamples = 6;
    int adaptiveMaxSamples = 40;
    double adaptivePerSizeBudgetSeconds = 20;
    double timeBudgetSeconds = 0; // 0: no overall limit
    SweepOrder order = SweepOrder::Interleaved;
    bool prewrite = false; // write each region before trimming it, outside the timed window
    quint64 seed = 0;      // 0: pick one; the resolved plan records it so a run can be repeated
};

inline constexpr quint64 kMaxSweepBytes = quint64(64) << 30;
inline constexpr int kMaxRepeats = 1000;
inline constexpr quint64 kDefaultMaxBytes = quint64(2) << 30;

// The facts of a device a plan depends on.
struct DeviceGeometry
{
    quint64 capacity = 0;
    quint32 logicalBlockSize = 512;
    quint64 discardGranularity = 0;
};

// A plan with every default filled in and every region placed.
struct ResolvedPlan
{
    SweepPlan plan;         // minBytes, maxBytes and seed are concrete here
    QList<quint64> sizes;   // descending
    QList<int> sampleSlots; // samples each size may take (repeats, or the adaptive maximum)
    RegionLayout layout;
    QStringList notes; // adjustments made to fit the device, in words

    int plannedSamples() const;
};

// Checks the user's plan against hard bounds and the device, fills in defaults and lays out
// the regions. InvalidArgument with a message naming the bad value otherwise.
Expected<ResolvedPlan> resolvePlan(const SweepPlan &plan, const DeviceGeometry &geometry);

// Bounds that need no device: sizes are powers of two up to 64 GiB, repeats 1..1000, ... .
// The helper applies these to untrusted D-Bus input before touching anything.
Error validatePlanBounds(const SweepPlan &plan);

QJsonObject planToJson(const ResolvedPlan &plan);
// The plan as planToJson wrote it (its layout is not in the file: resolve the plan again).
ResolvedPlan planFromJson(const QJsonObject &json);

} // namespace trimscope
