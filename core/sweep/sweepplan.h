#pragma once

#include "adaptiverule.h"
#include "common/expected.h"
#include "common/jsonfields.h"
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
// Its JSON form (common/jsonfields.h): the name; an unknown one leaves the order as it was.
inline QString jsonName(SweepOrder order)
{
    return sweepOrderName(order);
}
inline void fromJsonName(const QString &name, SweepOrder &order)
{
    order = sweepOrderFromName(name).value_or(order);
}

// What the user asks for. Zero means "choose the default for this device".
struct SweepPlan
{
    quint64 minBytes = 0; // default: the discard granularity (at least the logical block size)
    quint64 maxBytes = 0; // default: min(2 GiB, capacity / 4), lowered until the repeats fit
    int repeats = 5;
    // Adaptive: each size samples until its median is known to the target (adaptiverule.h),
    // within the time budget, which decides how far the sweep gets; no sample count caps it
    // (the maximum is only the hard bound of kMaxRepeats).
    bool adaptive = false;
    double adaptiveTargetRelativeHalfWidth = 0.05;            // the median's interval within ±5 %
    int adaptiveMinSamples = AdaptiveRule::kDefaultFirstLook; // the rule's first look
    int adaptiveMaxSamples = 1000;
    double timeBudgetSeconds = 0; // 0: no overall limit

    AdaptiveRule adaptiveRule() const
    {
        return {adaptiveTargetRelativeHalfWidth, adaptiveMinSamples};
    }
    SweepOrder order = SweepOrder::Interleaved;
    // Write each region before trimming it, outside the timed window, so the sweep times the TRIM
    // of written data: many drives answer a TRIM of empty (unmapped) space at once, and a curve
    // of those measures nothing. Off only for wear-careful runs (it writes every region once).
    bool prewrite = true;
    quint64 seed = 0; // 0: pick one; the resolved plan records it so a run can be repeated

    // The plan's one codec: the request's keys of the result file's "plan" object (planToJson
    // adds what resolving it found) and StartJob's options (helper/protocol/joboptions). The seed
    // is decimal text, all 64 bits of it; the adaptive keys are written for an adaptive plan only.
    // A key that is absent reads as the default, but "prewrite": a file without it was written
    // before pre-writing existed, and did not pre-write. Its keys, here, are also where the
    // helper's bounds find theirs (common/jsonfields.h).
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"min_bytes", &SweepPlan::minBytes},
            JsonField{"max_bytes", &SweepPlan::maxBytes},
            JsonField{"repeats", &SweepPlan::repeats},
            JsonField{"adaptive", &SweepPlan::adaptive},
            JsonField{"prewrite", &SweepPlan::prewrite},
            JsonField{"time_budget_s", &SweepPlan::timeBudgetSeconds},
            JsonField{"order", &SweepPlan::order},
            JsonField{"seed", &SweepPlan::seed, JsonForm::DecimalText},
            JsonField{"adaptive_target_relative_half_width",
                      &SweepPlan::adaptiveTargetRelativeHalfWidth, JsonForm::Plain,
                      &SweepPlan::adaptive},
            JsonField{"adaptive_min_samples", &SweepPlan::adaptiveMinSamples, JsonForm::Plain,
                      &SweepPlan::adaptive},
            JsonField{"adaptive_max_samples", &SweepPlan::adaptiveMaxSamples, JsonForm::Plain,
                      &SweepPlan::adaptive},
        };
    }
    QJsonObject toJson() const;
    static SweepPlan fromJson(const QJsonObject &json);
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
    QList<int> sampleSlots; // samples each size may take (repeats, or the fresh regions it has)
    RegionLayout layout;
    QStringList notes; // adjustments made to fit the device, in words

    int plannedSamples() const;
    // The empty-space check's pairs per checked size for the planned samples (a size measured
    // more often, as an adaptive sweep may, can give it up to EmptyTrimCheck::kPairs).
    int plannedCheckPairs() const;
    // Bytes the pre-writes will write: for the planned samples (an adaptive sweep's first
    // look), and at most (every sample slot; the time budget usually stops far short of it).
    // 0 without pre-writing.
    quint64 plannedPrewriteBytes() const;
    quint64 maxPrewriteBytes() const;
};

// Checks the user's plan against hard bounds and the device, fills in defaults and lays out
// the regions. InvalidArgument with a message naming the bad value otherwise.
Expected<ResolvedPlan> resolvePlan(const SweepPlan &plan, const DeviceGeometry &geometry);

// Bounds that need no device: sizes are powers of two up to 64 GiB, repeats 1..1000, ... .
// The helper applies these to untrusted D-Bus input before touching anything.
Error validatePlanBounds(const SweepPlan &plan);

// The plan's own JSON (SweepPlan::toJson) and what resolving it found: the region bytes used, the
// notes and the adaptive rule's constants.
QJsonObject planToJson(const ResolvedPlan &plan);
// The plan as planToJson wrote it (its layout is not in the file: resolve the plan again).
ResolvedPlan planFromJson(const QJsonObject &json);

} // namespace trimscope
