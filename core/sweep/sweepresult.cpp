#include "sweepresult.h"

#include "common/checkednumber.h"
#include "sweepsetup.h"

#include <QJsonArray>
#include <QMap>

namespace trimscope {

void SweepResult::rebuildPoints()
{
    QMap<quint64, QList<double>> bySize;
    for (const Sample &sample : std::as_const(samples))
        bySize[sample.bytes].append(sample.seconds);
    const double target = plan.plan.adaptiveTargetRelativeHalfWidth;
    points.clear();
    for (auto it = bySize.cend(); it != bySize.cbegin();) {
        --it;
        SizePoint point;
        point.bytes = it.key();
        point.samples = it.value();
        point.stats = computeStatistics(point.samples);
        point.converged = plan.plan.adaptive && point.stats.count >= 6 &&
                          point.stats.medianCiRelativeHalfWidth() <= target;
        points.append(point);
    }
}

namespace {

// A byte count or offset from an untrusted file: negative, NaN or beyond 2^64 reads as 0, which
// the checks below refuse, never as a wrapped cast.
quint64 countIn(const QJsonObject &object, const char *key)
{
    return checkedInteger<quint64>(object.value(QLatin1String(key)).toDouble()).value_or(0);
}

QJsonObject pointToJson(const SizePoint &point)
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
        {QStringLiteral("converged"), point.converged},
    };
}

} // namespace

QJsonObject SweepResult::toJson() const
{
    QJsonArray pointList;
    for (const SizePoint &point : points)
        pointList.append(pointToJson(point));
    QJsonArray trace;
    for (const Sample &sample : samples)
        trace.append(QJsonObject{{QStringLiteral("bytes"), double(sample.bytes)},
                                 {QStringLiteral("offset"), double(sample.offset)},
                                 {QStringLiteral("seconds"), sample.seconds},
                                 {QStringLiteral("at_s"), sample.startedAt}});
    return {
        {QStringLiteral("prewrite_s"), prewriteSeconds},
        {QStringLiteral("measurement_priority"), measurementPriority},
        {QStringLiteral("plan"), planToJson(plan)},
        {QStringLiteral("points"), pointList},
        {QStringLiteral("trace"), trace},
    };
}

Expected<SweepResult> SweepResult::fromJson(const QJsonObject &json, const DriveInfo &drive)
{
    SweepResult result;
    result.plan = planFromJson(json.value(QStringLiteral("plan")).toObject());
    result.prewriteSeconds = json.value(QStringLiteral("prewrite_s")).toDouble();
    result.measurementPriority = json.value(QStringLiteral("measurement_priority")).toString();
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
    result.rebuildPoints();
    // The regions are laid out again from the plan, as the run laid them out; the sizes are the
    // ones measured.
    if (Expected<ResolvedPlan> laidOut = resolvePlan(result.plan.plan, geometryOf(drive)))
        result.plan.layout = laidOut->layout;
    for (const SizePoint &point : std::as_const(result.points))
        result.plan.sizes.append(point.bytes);
    return result;
}

} // namespace trimscope
