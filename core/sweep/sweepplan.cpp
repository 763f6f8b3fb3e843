#include "sweepplan.h"

#include "common/jsonfields.h"
#include "common/units.h"
#include "emptytrimcheck.h"

#include <QRandomGenerator>
#include <bit>
#include <cmath>

namespace trimscope {

QString sweepOrderName(SweepOrder order)
{
    return order == SweepOrder::Descending ? QStringLiteral("descending")
                                           : QStringLiteral("interleaved");
}

std::optional<SweepOrder> sweepOrderFromName(const QString &name)
{
    if (name == QLatin1String("descending"))
        return SweepOrder::Descending;
    if (name == QLatin1String("interleaved"))
        return SweepOrder::Interleaved;
    return std::nullopt;
}

int ResolvedPlan::plannedSamples() const
{
    int total = 0;
    for (int s : sampleSlots)
        total += plan.adaptive ? std::min(s, plan.adaptiveMinSamples) : s;
    return total;
}

int ResolvedPlan::plannedCheckPairs() const
{
    return emptyTrimCheckPairs(plan.adaptive ? plan.adaptiveMinSamples : plan.repeats);
}

quint64 ResolvedPlan::plannedPrewriteBytes() const
{
    if (!plan.prewrite)
        return 0;
    quint64 total = 0;
    for (qsizetype i = 0; i < sizes.size() && i < sampleSlots.size(); ++i) {
        const int s = sampleSlots.at(i);
        total += sizes.at(i) * quint64(plan.adaptive ? std::min(s, plan.adaptiveMinSamples) : s);
    }
    // And the empty-space check's pairs, each region written again before its TRIM.
    return total + emptyTrimCheckRewriteBytes(sizes, plannedCheckPairs());
}

quint64 ResolvedPlan::maxPrewriteBytes() const
{
    if (!plan.prewrite)
        return 0;
    quint64 total = 0;
    for (qsizetype i = 0; i < sizes.size() && i < sampleSlots.size(); ++i)
        total += sizes.at(i) * quint64(sampleSlots.at(i));
    const int samples = plan.adaptive ? EmptyTrimCheck::kPairs : plan.repeats;
    return total + emptyTrimCheckRewriteBytes(sizes, emptyTrimCheckPairs(samples));
}

Error validatePlanBounds(const SweepPlan &plan)
{
    const auto invalid = [](const QString &message) {
        return Error{ErrorCode::InvalidArgument, message};
    };
    for (const quint64 size : {plan.minBytes, plan.maxBytes}) {
        if (size == 0)
            continue; // default
        if (!isPowerOfTwo(size))
            return invalid(QStringLiteral("block size %1 is not a power of two").arg(size));
        if (size > kMaxSweepBytes)
            return invalid(QStringLiteral("block size %1 is larger than the limit of %2")
                               .arg(formatBytes(size), formatBytes(kMaxSweepBytes)));
    }
    if (plan.minBytes && plan.maxBytes && plan.minBytes > plan.maxBytes)
        return invalid(QStringLiteral("minimum size %1 is larger than maximum size %2")
                           .arg(formatBytes(plan.minBytes), formatBytes(plan.maxBytes)));
    if (plan.repeats < 1 || plan.repeats > kMaxRepeats)
        return invalid(QStringLiteral("repeats must be between 1 and %1, not %2")
                           .arg(kMaxRepeats)
                           .arg(plan.repeats));
    if (plan.adaptive) {
        // Under 6 samples there is no interval to judge.
        if (plan.adaptiveMinSamples < 6 || plan.adaptiveMaxSamples < plan.adaptiveMinSamples ||
            plan.adaptiveMaxSamples > kMaxRepeats)
            return invalid(QStringLiteral("adaptive sampling needs 6 <= min samples <= max "
                                          "samples <= %1")
                               .arg(kMaxRepeats));
        if (!(plan.adaptiveTargetRelativeHalfWidth > 0 && plan.adaptiveTargetRelativeHalfWidth < 1))
            return invalid(QStringLiteral("the adaptive precision target must be between 0 and 1"));
    }
    if (!(plan.timeBudgetSeconds >= 0) || !std::isfinite(plan.timeBudgetSeconds))
        return invalid(QStringLiteral("the time budget must be zero (none) or positive"));
    return {};
}

namespace {

QList<quint64> halvingSizes(quint64 maxBytes, quint64 minBytes)
{
    QList<quint64> sizes;
    for (quint64 size = maxBytes; size >= minBytes; size /= 2)
        sizes.append(size);
    return sizes;
}

// Adaptive sizes cannot all take the maximum sample count on a small device. Every size first
// gets the minimum it needs; what is left is shared out from the small sizes up (they cost
// little), each taking at most its even share of what remains, so the large ones are not
// starved by the middle ones.
QList<int> adaptiveSlots(const QList<quint64> &sizes, const SweepPlan &plan,
                         const DeviceGeometry &geometry)
{
    QList<quint64> footprints;
    quint64 required = 0;
    for (const quint64 size : sizes) {
        footprints.append(RegionLayout::regionFootprint(size, geometry.discardGranularity));
        required += footprints.last() * quint64(plan.adaptiveMinSamples);
    }
    // A little headroom for alignment between zones.
    const quint64 usable = geometry.capacity - geometry.capacity / 16;
    if (required > usable)
        return QList<int>(sizes.size(), 0);
    quint64 spare = usable - required;
    QList<int> counts(sizes.size(), plan.adaptiveMinSamples);
    for (qsizetype i = sizes.size() - 1; i >= 0; --i) {
        const quint64 share = spare / quint64(i + 1);
        const auto extra = std::min<quint64>(
            quint64(plan.adaptiveMaxSamples - plan.adaptiveMinSamples), share / footprints.at(i));
        counts[i] += int(extra);
        spare -= extra * footprints.at(i);
    }
    return counts;
}

} // namespace

Expected<ResolvedPlan> resolvePlan(const SweepPlan &requested, const DeviceGeometry &geometry)
{
    if (const Error error = validatePlanBounds(requested); error.isError())
        return error;
    if (geometry.capacity == 0)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("the device has no capacity"));

    ResolvedPlan resolved;
    SweepPlan &plan = resolved.plan;
    plan = requested;
    if (plan.seed == 0)
        plan.seed = QRandomGenerator::system()->generate64() | 1;

    const quint64 logical = geometry.logicalBlockSize ? geometry.logicalBlockSize : 512;
    // A discard smaller than the discard granularity (a 512e drive: 512 B sectors, 4 KiB
    // granularity) cannot free a whole unit, so a drive may legally do nothing with it; timing
    // it measures a no-op, not TRIM, and would flatten the small end of the curve. So the
    // default starts at the granularity; a smaller minimum the user asks for is kept and noted.
    const quint64 granularity = std::has_single_bit(geometry.discardGranularity)
                                    ? std::max<quint64>(geometry.discardGranularity, logical)
                                    : logical;
    if (plan.minBytes == 0)
        plan.minBytes = granularity;
    if (plan.minBytes < logical)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("minimum size %1 is smaller than the device's logical "
                                        "block size of %2")
                             .arg(formatBytes(plan.minBytes), formatBytes(logical)));

    const bool defaultMax = requested.maxBytes == 0;
    if (defaultMax) {
        plan.maxBytes = kDefaultMaxBytes;
        while (plan.maxBytes > geometry.capacity / 4 && plan.maxBytes > plan.minBytes)
            plan.maxBytes /= 2;
    }
    if (plan.maxBytes > geometry.capacity)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("maximum size %1 is larger than the device (%2)")
                             .arg(formatBytes(plan.maxBytes), formatBytes(geometry.capacity)));
    if (plan.maxBytes < plan.minBytes)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("the device is too small for a minimum size of %1")
                             .arg(formatBytes(plan.minBytes)));

    const quint64 chosenMax = plan.maxBytes;
    while (true) {
        resolved.sizes = halvingSizes(plan.maxBytes, plan.minBytes);
        resolved.sampleSlots = plan.adaptive ? adaptiveSlots(resolved.sizes, plan, geometry)
                                             : QList<int>(resolved.sizes.size(), plan.repeats);
        const bool everySizeSampled =
            std::all_of(resolved.sampleSlots.begin(), resolved.sampleSlots.end(), [&](int s) {
                return s >= (plan.adaptive ? plan.adaptiveMinSamples : plan.repeats);
            });
        auto layout = everySizeSampled
                          ? RegionLayout::create(geometry.capacity, geometry.discardGranularity,
                                                 resolved.sizes, resolved.sampleSlots)
                          : Expected<RegionLayout>(makeError(
                                ErrorCode::InvalidArgument,
                                QStringLiteral("the largest sizes do not fit the device often "
                                               "enough")));
        if (layout) {
            resolved.layout = *layout;
            break;
        }
        // Only a default may be lowered; a size the user chose is theirs.
        if (!defaultMax || plan.maxBytes / 2 < plan.minBytes)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("%1: every sample needs a fresh region of the device. "
                                            "Choose a smaller maximum size or fewer repeats.")
                                 .arg(layout.error().message));
        plan.maxBytes /= 2;
    }
    if (plan.minBytes < granularity)
        resolved.notes.append(
            QStringLiteral("sizes below the discard granularity of %1 (%2 to %3) may be ignored "
                           "by the drive: their times need not show what a TRIM costs")
                .arg(formatBytes(granularity), formatBytes(plan.minBytes),
                     formatBytes(std::min(granularity / 2, plan.maxBytes))));
    if (plan.maxBytes != chosenMax)
        resolved.notes.append(QStringLiteral("maximum size lowered to %1 so every sample gets a "
                                             "fresh region of this %2 device")
                                  .arg(formatBytes(plan.maxBytes), formatBytes(geometry.capacity)));
    return resolved;
}

QJsonObject SweepPlan::toJson() const
{
    return fieldsToJson(*this, jsonFields());
}

SweepPlan SweepPlan::fromJson(const QJsonObject &json)
{
    SweepPlan plan;
    fieldsFromJson(json, plan, jsonFields());
    if (!json.contains(QLatin1String(jsonKeyOf<&SweepPlan::prewrite>())))
        plan.prewrite = false; // written before pre-writing existed
    return plan;
}

QJsonObject planToJson(const ResolvedPlan &resolved)
{
    QJsonObject json = resolved.plan.toJson();
    json.insert(QStringLiteral("region_bytes_used"), double(resolved.layout.bytesUsed()));
    json.insert(QStringLiteral("notes"), QJsonArray::fromStringList(resolved.notes));
    if (resolved.plan.adaptive) {
        json.insert(QStringLiteral("adaptive_ci_confidence"), AdaptiveRule::kIntervalConfidence);
        json.insert(QStringLiteral("adaptive_look_ratio"), AdaptiveRule::kLookRatio);
    }
    return json;
}

ResolvedPlan planFromJson(const QJsonObject &json)
{
    ResolvedPlan resolved;
    resolved.plan = SweepPlan::fromJson(json);
    for (const QJsonValue &note : json.value(QStringLiteral("notes")).toArray())
        resolved.notes.append(note.toString());
    return resolved;
}

} // namespace trimscope
