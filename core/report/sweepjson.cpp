#include "sweepjson.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace trimscope {

namespace {

QJsonObject errorToJson(const Error &error)
{
    return {{QStringLiteral("name"), errorCodeName(error.code)},
            {QStringLiteral("message"), error.message}};
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

SweepPlan planFromJson(const QJsonObject &json)
{
    SweepPlan plan;
    plan.minBytes = quint64(json.value(QStringLiteral("min_bytes")).toDouble());
    plan.maxBytes = quint64(json.value(QStringLiteral("max_bytes")).toDouble());
    plan.repeats = json.value(QStringLiteral("repeats")).toInt(plan.repeats);
    plan.adaptive = json.value(QStringLiteral("adaptive")).toBool();
    plan.order = sweepOrderFromName(json.value(QStringLiteral("order")).toString())
                     .value_or(SweepOrder::Interleaved);
    plan.prewrite = json.value(QStringLiteral("prewrite")).toBool();
    plan.seed = json.value(QStringLiteral("seed")).toString().toULongLong();
    plan.timeBudgetSeconds = json.value(QStringLiteral("time_budget_s")).toDouble();
    plan.adaptiveTargetRelativeHalfWidth =
        json.value(QStringLiteral("adaptive_target_relative_half_width"))
            .toDouble(plan.adaptiveTargetRelativeHalfWidth);
    return plan;
}

} // namespace

QJsonObject sweepResultToJson(const SweepResult &result)
{
    QJsonArray points;
    for (const SizePoint &point : result.points)
        points.append(pointToJson(point));
    QJsonArray trace;
    for (const Sample &sample : result.samples)
        trace.append(QJsonObject{{QStringLiteral("bytes"), double(sample.bytes)},
                                 {QStringLiteral("offset"), double(sample.offset)},
                                 {QStringLiteral("seconds"), sample.seconds},
                                 {QStringLiteral("at_s"), sample.startedAt}});
    QJsonObject json{
        {QStringLiteral("schema"), QLatin1String(kSweepSchemaId)},
        {QStringLiteral("schema_version"), kSweepSchemaVersion},
        {QStringLiteral("tool"), QStringLiteral("TrimScope")},
        {QStringLiteral("tool_version"), result.toolVersion},
        {QStringLiteral("kind"), QStringLiteral("trim-sweep")},
        {QStringLiteral("simulated"), result.drive.simulated},
        {QStringLiteral("complete"), result.complete()},
        {QStringLiteral("stop_reason"), stopReasonName(result.stopReason)},
        {QStringLiteral("started"), result.started.toString(Qt::ISODateWithMs)},
        {QStringLiteral("finished"), result.finished.toString(Qt::ISODateWithMs)},
        {QStringLiteral("elapsed_s"), result.elapsedSeconds},
        {QStringLiteral("prewrite_s"), result.prewriteSeconds},
        {QStringLiteral("measurement_priority"), result.measurementPriority},
        {QStringLiteral("drive"), result.drive.toJson()},
        {QStringLiteral("plan"), planToJson(result.plan)},
        {QStringLiteral("points"), points},
        {QStringLiteral("trace"), trace},
    };
    if (result.error.isError())
        json.insert(QStringLiteral("error"), errorToJson(result.error));
    return json;
}

QByteArray sweepResultToJsonBytes(const SweepResult &result)
{
    return QJsonDocument(sweepResultToJson(result)).toJson(QJsonDocument::Indented);
}

Expected<SweepResult> sweepResultFromJson(const QByteArray &bytes)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    const auto invalid = [](const QString &why) {
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("not a TrimScope sweep result: %1").arg(why));
    };
    if (document.isNull())
        return invalid(parseError.errorString());
    const QJsonObject json = document.object();
    if (json.value(QStringLiteral("schema")).toString() != QLatin1String(kSweepSchemaId))
        return invalid(QStringLiteral("schema is not %1").arg(QLatin1String(kSweepSchemaId)));
    const int version = json.value(QStringLiteral("schema_version")).toInt();
    if (version < 1 || version > kSweepSchemaVersion)
        return invalid(QStringLiteral("schema version %1 is not supported").arg(version));

    SweepResult result;
    result.toolVersion = json.value(QStringLiteral("tool_version")).toString();
    result.drive = DriveInfo::fromJson(json.value(QStringLiteral("drive")).toObject());
    result.plan.plan = planFromJson(json.value(QStringLiteral("plan")).toObject());
    result.stopReason = stopReasonFromName(json.value(QStringLiteral("stop_reason")).toString())
                            .value_or(StopReason::Failed);
    result.started =
        QDateTime::fromString(json.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    result.finished =
        QDateTime::fromString(json.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs);
    result.elapsedSeconds = json.value(QStringLiteral("elapsed_s")).toDouble();
    result.prewriteSeconds = json.value(QStringLiteral("prewrite_s")).toDouble();
    result.measurementPriority = json.value(QStringLiteral("measurement_priority")).toString();
    const QJsonObject error = json.value(QStringLiteral("error")).toObject();
    if (!error.isEmpty())
        result.error = {errorCodeFromDbusName(QStringLiteral("io.github.trimscope.Error.") +
                                              error.value(QStringLiteral("name")).toString()),
                        error.value(QStringLiteral("message")).toString()};

    const QJsonArray trace = json.value(QStringLiteral("trace")).toArray();
    if (!trace.isEmpty()) {
        for (const QJsonValue &value : trace) {
            const QJsonObject entry = value.toObject();
            result.samples.append({quint64(entry.value(QStringLiteral("bytes")).toDouble()),
                                   quint64(entry.value(QStringLiteral("offset")).toDouble()),
                                   entry.value(QStringLiteral("seconds")).toDouble(),
                                   entry.value(QStringLiteral("at_s")).toDouble()});
        }
    } else {
        // Files without a trace (hand-made, or trimmed for size) still carry the samples.
        for (const QJsonValue &value : json.value(QStringLiteral("points")).toArray()) {
            const QJsonObject point = value.toObject();
            const auto pointBytes = quint64(point.value(QStringLiteral("bytes")).toDouble());
            for (const QJsonValue &s : point.value(QStringLiteral("samples_s")).toArray())
                result.samples.append({pointBytes, 0, s.toDouble(), 0});
        }
    }
    for (const Sample &sample : std::as_const(result.samples)) {
        if (sample.bytes == 0 || !(sample.seconds >= 0))
            return invalid(QStringLiteral("a sample has no size or a negative time"));
    }
    result.rebuildPoints();
    for (const SizePoint &point : std::as_const(result.points))
        result.plan.sizes.append(point.bytes);
    return result;
}

QByteArray sweepResultToCsv(const SweepResult &result)
{
    QByteArray csv = "bytes,samples,min_s,p5_s,median_s,p95_s,max_s,mean_s,stddev_s,"
                     "median_ci95_low_s,median_ci95_high_s,throughput_bytes_per_s\n";
    for (const SizePoint &point : result.points) {
        const SampleStatistics &st = point.stats;
        QStringList fields{QString::number(point.bytes), QString::number(st.count)};
        for (double value : {st.min, st.p5, st.median, st.p95, st.max, st.mean, st.stddev,
                             st.medianCiLow, st.medianCiHigh, point.throughput()})
            fields.append(QString::number(value, 'g', 9));
        csv += fields.join(QLatin1Char(',')).toUtf8() + '\n';
    }
    return csv;
}

} // namespace trimscope
