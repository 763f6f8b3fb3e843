#include "sweepresult.h"

#include "common/checkednumber.h"
#include "common/units.h"
#include "sweepsetup.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QMap>
#include <algorithm>
#include <climits>
#include <cmath>

namespace trimscope {

namespace {
struct SweepText
{
    Q_DECLARE_TR_FUNCTIONS(SweepResult)
};
} // namespace

QString targetShortfallName(TargetShortfall shortfall)
{
    switch (shortfall) {
    case TargetShortfall::None:
        return {};
    case TargetShortfall::TimeBudget:
        return QStringLiteral("time-budget");
    case TargetShortfall::OutOfRegions:
        return QStringLiteral("out-of-regions");
    case TargetShortfall::Cancelled:
        return QStringLiteral("cancelled");
    case TargetShortfall::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

void SweepResult::rebuildPoints()
{
    QMap<quint64, QList<double>> bySize;
    for (const Sample &sample : std::as_const(samples))
        bySize[sample.bytes].append(sample.seconds);
    const AdaptiveRule rule = plan.plan.adaptiveRule();
    QMap<quint64, int> slotsBySize;
    for (qsizetype i = 0; i < plan.sizes.size() && i < plan.sampleSlots.size(); ++i)
        slotsBySize.insert(plan.sizes.at(i), plan.sampleSlots.at(i));
    points.clear();
    for (auto it = bySize.cend(); it != bySize.cbegin();) {
        --it;
        SizePoint point;
        point.bytes = it.key();
        point.samples = it.value();
        if (plan.plan.adaptive) {
            point.stats = AdaptiveRule::statistics(point.samples);
            point.converged = rule.stoppedAt(point.samples) > 0;
            point.outOfRegions =
                !point.converged && point.samples.size() >= slotsBySize.value(point.bytes, INT_MAX);
        } else {
            point.stats = computeStatistics(point.samples);
        }
        points.append(point);
    }
    for (EmptyTrimCheck::Size &size : emptyCheck.sizes) {
        size.writtenMedian = 0;
        for (const SizePoint &point : std::as_const(points)) {
            if (point.bytes == size.bytes)
                size.writtenMedian = point.stats.median;
        }
    }
}

quint64 SweepResult::prewriteBytes() const
{
    if (!plan.plan.prewrite)
        return 0;
    quint64 bytes = 0;
    for (const Sample &sample : samples)
        bytes += sample.bytes;
    // The empty-space check writes each paired region again before its pair.
    for (const EmptyTrimCheck::Size &size : emptyCheck.sizes)
        bytes += size.bytes * quint64(size.writtenSeconds.size());
    return bytes;
}

qsizetype SweepResult::checkDiscards() const
{
    qsizetype count = 0;
    for (const EmptyTrimCheck::Size &size : emptyCheck.sizes)
        count += size.emptySeconds.size() + size.writtenSeconds.size();
    return count;
}

qsizetype SweepResult::discardsSent() const
{
    return samples.size() + checkDiscards();
}

SweepResult SweepResult::fromLiveSamples(const DriveInfo &drive, const SweepPlan &plan,
                                         const QList<Sample> &samples, const Error &why)
{
    SweepResult result;
    result.drive = drive;
    result.plan.plan = plan;
    result.samples = samples;
    result.rebuildPoints();
    result.stopWith(why);
    return result;
}

TargetShortfall SweepResult::shortfall(const SizePoint &point) const
{
    if (!plan.plan.adaptive || point.converged)
        return TargetShortfall::None;
    if (point.outOfRegions)
        return TargetShortfall::OutOfRegions;
    switch (stopReason) {
    case StopReason::Cancelled:
        return TargetShortfall::Cancelled;
    case StopReason::Failed:
        return TargetShortfall::Failed;
    case StopReason::TimeBudget:
    case StopReason::Completed: // a finished adaptive sweep leaves no size sampling
        return TargetShortfall::TimeBudget;
    }
    return TargetShortfall::TimeBudget;
}

int SweepResult::sizesShortOfTarget() const
{
    return int(std::count_if(points.cbegin(), points.cend(), [this](const SizePoint &point) {
        return shortfall(point) != TargetShortfall::None;
    }));
}

QString SweepResult::precisionText(const SizePoint &point) const
{
    const double halfWidth = point.stats.medianCiRelativeHalfWidth();
    const int firstLook = plan.plan.adaptiveRule().firstLook;
    // Below the rule's first look an interval of a few samples says little: say so instead.
    const QString measured =
        plan.plan.adaptive && point.stats.count < firstLook
            ? SweepText::tr("%1 of the %2 samples the rule needs before it judges")
                  .arg(point.stats.count)
                  .arg(firstLook)
        : std::isfinite(halfWidth) ? SweepText::tr("±%1 %").arg(halfWidth * 100, 0, 'f', 1)
                                   : SweepText::tr("unknown");
    const TargetShortfall why = shortfall(point);
    if (why == TargetShortfall::None)
        return measured;
    const QString target = SweepText::tr("target ±%1 % not reached")
                               .arg(plan.plan.adaptiveTargetRelativeHalfWidth * 100, 0, 'g', 3);
    QString reason;
    switch (why) {
    case TargetShortfall::TimeBudget:
        reason = SweepText::tr("the time budget ran out");
        break;
    case TargetShortfall::OutOfRegions:
        reason = SweepText::tr("no fresh region of this size was left on the device");
        break;
    case TargetShortfall::Cancelled:
        reason = SweepText::tr("the sweep was cancelled");
        break;
    case TargetShortfall::Failed:
        reason = SweepText::tr("the sweep failed");
        break;
    case TargetShortfall::None:
        break;
    }
    return SweepText::tr("%1, %2: %3").arg(measured, target, reason);
}

namespace {

// A byte count or offset from an untrusted file: negative, NaN or beyond 2^64 reads as 0, which
// the checks below refuse, never as a wrapped cast.
quint64 countIn(const QJsonObject &object, const char *key)
{
    return checkedInteger<quint64>(object.value(QLatin1String(key)).toDouble()).value_or(0);
}

QJsonObject pointToJson(const SizePoint &point, const SweepResult &result)
{
    QJsonArray samples;
    for (double s : point.samples)
        samples.append(s);
    const SampleStatistics &st = point.stats;
    return {
        {QStringLiteral("bytes"), double(point.bytes)},
        {QStringLiteral("samples_s"), samples},
        {QStringLiteral("count"), st.count},
        {QStringLiteral("min_s"), st.min},
        {QStringLiteral("p5_s"), st.p5},
        {QStringLiteral("median_s"), st.median},
        {QStringLiteral("p95_s"), st.p95},
        {QStringLiteral("max_s"), st.max},
        {QStringLiteral("mean_s"), st.mean},
        {QStringLiteral("stddev_s"), st.stddev},
        {QStringLiteral("median_ci95_s"), QJsonArray{st.medianCiLow, st.medianCiHigh}},
        {QStringLiteral("throughput_bytes_per_s"), point.throughput()},
        {QStringLiteral("median_ci_confidence"), st.ciConfidence},
        {QStringLiteral("median_ci_relative_half_width"),
         std::isfinite(st.medianCiRelativeHalfWidth()) ? QJsonValue(st.medianCiRelativeHalfWidth())
                                                       : QJsonValue()},
        {QStringLiteral("converged"), point.converged},
        // Adaptive sweeps: why the size stopped short of the target ("" when it did not).
        {QStringLiteral("target_shortfall"), targetShortfallName(result.shortfall(point))},
    };
}

} // namespace

QJsonObject SweepResult::toJson() const
{
    QJsonArray pointList;
    for (const SizePoint &point : points)
        pointList.append(pointToJson(point, *this));
    QJsonArray trace;
    for (const Sample &sample : samples)
        trace.append(QJsonObject{{QStringLiteral("bytes"), double(sample.bytes)},
                                 {QStringLiteral("offset"), double(sample.offset)},
                                 {QStringLiteral("seconds"), sample.seconds},
                                 {QStringLiteral("at_s"), sample.startedAt}});
    QJsonObject json{
        {QStringLiteral("prewrite_s"), prewriteSeconds},
        {QStringLiteral("measurement_priority"), measurementPriority},
        {QStringLiteral("plan"), planToJson(plan)},
        {QStringLiteral("points"), pointList},
        {QStringLiteral("trace"), trace},
    };
    // Added in version 1 without a version bump: a reader that does not know them ignores them.
    if (plan.plan.prewrite)
        json.insert(QStringLiteral("prewrite_bytes"), double(prewriteBytes()));
    if (emptyCheckPresent)
        json.insert(QStringLiteral("empty_trim_check"), emptyCheck.toJson());
    // For readers of the file; recomputed from the trace and the check when read.
    json.insert(QStringLiteral("discards_sent"), double(discardsSent()));
    return json;
}

Expected<SweepResult> SweepResult::fromJson(const QJsonObject &json, const DriveInfo &drive)
{
    SweepResult result;
    result.plan = planFromJson(json.value(QStringLiteral("plan")).toObject());
    result.prewriteSeconds = json.value(QStringLiteral("prewrite_s")).toDouble();
    result.measurementPriority = json.value(QStringLiteral("measurement_priority")).toString();
    result.emptyCheckPresent = json.contains(QStringLiteral("empty_trim_check"));
    result.emptyCheck =
        EmptyTrimCheck::fromJson(json.value(QStringLiteral("empty_trim_check")).toObject());
    const QJsonArray trace = json.value(QStringLiteral("trace")).toArray();
    if (!trace.isEmpty()) {
        for (const QJsonValue &value : trace) {
            const QJsonObject entry = value.toObject();
            result.samples.append({countIn(entry, "bytes"), countIn(entry, "offset"),
                                   entry.value(QStringLiteral("seconds")).toDouble(),
                                   entry.value(QStringLiteral("at_s")).toDouble()});
        }
    } else {
        // Files without a trace (hand-made, or trimmed for size) still carry the samples.
        for (const QJsonValue &value : json.value(QStringLiteral("points")).toArray()) {
            const QJsonObject point = value.toObject();
            const quint64 pointBytes = countIn(point, "bytes");
            for (const QJsonValue &s : point.value(QStringLiteral("samples_s")).toArray())
                result.samples.append({pointBytes, 0, s.toDouble(), 0});
        }
    }
    for (const Sample &sample : std::as_const(result.samples)) {
        if (sample.bytes == 0 || !(sample.seconds >= 0))
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("a sample has no size or a negative time"));
    }
    // The regions are laid out again from the plan, as the run laid them out (which also tells
    // how many samples each size could have had); the sizes are the ones measured.
    if (Expected<ResolvedPlan> laidOut = resolvePlan(result.plan.plan, geometryOf(drive))) {
        result.plan.layout = laidOut->layout;
        result.plan.sizes = laidOut->sizes;
        result.plan.sampleSlots = laidOut->sampleSlots;
    }
    result.rebuildPoints();
    result.plan.sizes.clear();
    result.plan.sampleSlots.clear();
    for (const SizePoint &point : std::as_const(result.points))
        result.plan.sizes.append(point.bytes);
    return result;
}

} // namespace trimscope
