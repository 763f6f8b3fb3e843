#include "recoveryresult.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>

namespace trimscope::recovery {

namespace {

double median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

QJsonObject errorToJson(const Error &error)
{
    return {{QStringLiteral("name"), errorCodeName(error.code)},
            {QStringLiteral("message"), error.message}};
}

// The fields every TrimScope result opens with, as the sweep's.
QJsonObject header(const char *schema, const char *kind, const QString &toolVersion,
                   const DriveInfo &drive, StopReason stopReason, const QDateTime &started,
                   const QDateTime &finished, double elapsed)
{
    return {
        {QStringLiteral("schema"), QLatin1String(schema)},
        {QStringLiteral("schema_version"), kRecoverySchemaVersion},
        {QStringLiteral("tool"), QStringLiteral("TrimScope")},
        {QStringLiteral("tool_version"), toolVersion},
        {QStringLiteral("kind"), QLatin1String(kind)},
        {QStringLiteral("simulated"), drive.simulated},
        {QStringLiteral("complete"), stopReason == StopReason::Completed},
        {QStringLiteral("stop_reason"), stopReasonName(stopReason)},
        {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)},
        {QStringLiteral("finished"), finished.toString(Qt::ISODateWithMs)},
        {QStringLiteral("elapsed_s"), elapsed},
        {QStringLiteral("drive"), drive.toJson()},
    };
}

} // namespace

QString recoveryPhaseName(RecoveryPhase phase)
{
    switch (phase) {
    case RecoveryPhase::Precondition:
        return QStringLiteral("precondition");
    case RecoveryPhase::FreshOutOfBox:
        return QStringLiteral("fob");
    case RecoveryPhase::Fill:
        return QStringLiteral("fill");
    case RecoveryPhase::AfterFill:
        return QStringLiteral("after-fill");
    case RecoveryPhase::Idle:
        return QStringLiteral("idle");
    case RecoveryPhase::AfterIdle:
        return QStringLiteral("after-idle");
    case RecoveryPhase::Trim:
        return QStringLiteral("trim");
    case RecoveryPhase::AfterTrim:
        return QStringLiteral("after-trim");
    }
    return {};
}

QString recoveryPhaseTitle(RecoveryPhase phase)
{
    switch (phase) {
    case RecoveryPhase::Precondition:
        return QCoreApplication::translate("Recovery", "Discarding the whole drive");
    case RecoveryPhase::FreshOutOfBox:
        return QCoreApplication::translate("Recovery", "Fresh out of box");
    case RecoveryPhase::Fill:
        return QCoreApplication::translate("Recovery", "Filling the drive");
    case RecoveryPhase::AfterFill:
        return QCoreApplication::translate("Recovery", "After filling");
    case RecoveryPhase::Idle:
        return QCoreApplication::translate("Recovery", "Idle");
    case RecoveryPhase::AfterIdle:
        return QCoreApplication::translate("Recovery", "After idle time");
    case RecoveryPhase::Trim:
        return QCoreApplication::translate("Recovery", "TRIM of the whole drive");
    case RecoveryPhase::AfterTrim:
        return QCoreApplication::translate("Recovery", "After TRIM");
    }
    return {};
}

bool isMeasuredPhase(RecoveryPhase phase)
{
    return phase == RecoveryPhase::FreshOutOfBox || phase == RecoveryPhase::AfterFill ||
           phase == RecoveryPhase::AfterIdle || phase == RecoveryPhase::AfterTrim;
}

QList<RecoveryPhase> recoveryPhases()
{
    return {RecoveryPhase::Precondition, RecoveryPhase::FreshOutOfBox, RecoveryPhase::Fill,
            RecoveryPhase::AfterFill,    RecoveryPhase::Idle,          RecoveryPhase::AfterIdle,
            RecoveryPhase::Trim,         RecoveryPhase::AfterTrim};
}

QJsonObject PhaseMeasurement::toJson() const
{
    QJsonObject json = figures.toJson();
    json.insert(QStringLiteral("phase"), recoveryPhaseName(phase));
    json.insert(QStringLiteral("percent_of_fob"), percentOfFob);
    return json;
}

const PhaseMeasurement *RecoveryResult::measurement(RecoveryPhase phase) const
{
    for (const PhaseMeasurement &m : measurements) {
        if (m.phase == phase)
            return &m;
    }
    return nullptr;
}

void RecoveryResult::computePercentages()
{
    const PhaseMeasurement *fob = measurement(RecoveryPhase::FreshOutOfBox);
    const double base = fob ? fob->figures.iops : 0;
    for (PhaseMeasurement &m : measurements)
        m.percentOfFob = base > 0 ? 100.0 * m.figures.iops / base : 0;
}

QJsonObject RecoveryResult::toJson() const
{
    QJsonObject json = header(kRecoverySchemaId, "write-recovery", toolVersion, drive, stopReason,
                              started, finished, elapsedSeconds);
    QJsonArray phases;
    for (const PhaseMeasurement &m : measurements)
        phases.append(m.toJson());
    QJsonArray fillPasses;
    for (const FioWriteFigures &f : fills)
        fillPasses.append(f.toJson());
    json.insert(QStringLiteral("fio_version"), fioVersion);
    json.insert(QStringLiteral("plan"), plan.toJson());
    json.insert(QStringLiteral("estimate"), estimate.toJson());
    json.insert(QStringLiteral("phases"), phases);
    json.insert(QStringLiteral("fills"), fillPasses);
    json.insert(QStringLiteral("precondition_discard_s"), preconditionDiscardSeconds);
    json.insert(QStringLiteral("trim_discard_s"), trimDiscardSeconds);
    json.insert(QStringLiteral("idle_waited_s"), idleSeconds);
    json.insert(QStringLiteral("bytes_written"), double(bytesWritten));
    if (error.isError())
        json.insert(QStringLiteral("error"), errorToJson(error));
    return json;
}

QByteArray RecoveryResult::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

QJsonObject FillCliff::toJson() const
{
    return {
        {QStringLiteral("found"), found},
        {QStringLiteral("sample_index"), sampleIndex},
        {QStringLiteral("offset_bytes"), double(offset)},
        {QStringLiteral("fraction_of_capacity"), fractionOfCapacity},
        {QStringLiteral("before_bytes_per_s"), bytesPerSecondBefore},
        {QStringLiteral("after_bytes_per_s"), bytesPerSecondAfter},
        {QStringLiteral("drop"), drop},
    };
}

FillCliff findFillCliff(const QList<FillSample> &samples, quint64 capacityBytes,
                        double dropFraction, int minBaseline, int sustain)
{
    FillCliff cliff;
    const qsizetype n = samples.size();
    QList<double> before;
    for (qsizetype i = 0; i < n; ++i) {
        if (before.size() >= std::max(minBaseline, 1)) {
            const double baseline = median(before);
            const double limit = (1.0 - dropFraction) * baseline;
            const qsizetype last = std::min(n - 1, i + qsizetype(std::max(sustain, 0)));
            bool stays = baseline > 0;
            for (qsizetype j = i; j <= last && stays; ++j)
                stays = samples[j].bytesPerSecond < limit;
            if (stays) {
                // A sample that straddles the cliff, or a slow outlier just before it, is not
                // where the speed fell: move on while a sample is nearer the speed before than
                // the speed after.
                QList<double> after;
                for (qsizetype j = i; j < n; ++j)
                    after.append(samples[j].bytesPerSecond);
                const double middle = (baseline + median(after)) / 2;
                while (i + 1 < n && samples[i].bytesPerSecond > middle) {
                    before.append(samples[i].bytesPerSecond);
                    ++i;
                }
                after.clear();
                for (qsizetype j = i; j < n; ++j)
                    after.append(samples[j].bytesPerSecond);
                cliff.found = true;
                cliff.sampleIndex = int(i);
                cliff.offset = samples[i].offset;
                cliff.fractionOfCapacity =
                    capacityBytes ? double(cliff.offset) / double(capacityBytes) : 0;
                cliff.bytesPerSecondBefore = median(before);
                cliff.bytesPerSecondAfter = median(after);
                cliff.drop = 1.0 - cliff.bytesPerSecondAfter / cliff.bytesPerSecondBefore;
                return cliff;
            }
        }
        before.append(samples[i].bytesPerSecond);
    }
    return cliff;
}

QJsonObject FillCurveResult::toJson() const
{
    QJsonObject json = header(kFillCurveSchemaId, "fill-curve", toolVersion, drive, stopReason,
                              started, finished, elapsedSeconds);
    QJsonArray points;
    for (const FillSample &s : samples) {
        points.append(QJsonObject{
            {QStringLiteral("offset_bytes"), double(s.offset)},
            {QStringLiteral("bytes"), double(s.bytes)},
            {QStringLiteral("seconds"), s.seconds},
            {QStringLiteral("throughput_bytes_per_s"), s.bytesPerSecond},
            {QStringLiteral("at_s"), s.startedAt},
            {QStringLiteral("percent_written"),
             drive.sizeBytes ? 100.0 * double(s.offset + s.bytes) / double(drive.sizeBytes) : 0},
        });
    }
    json.insert(QStringLiteral("fio_version"), fioVersion);
    json.insert(QStringLiteral("plan"), plan.toJson());
    json.insert(QStringLiteral("sample_bytes"), double(sampleBytes));
    json.insert(QStringLiteral("estimate"), estimate.toJson());
    json.insert(QStringLiteral("points"), points);
    json.insert(QStringLiteral("cliff"), cliff.toJson());
    json.insert(QStringLiteral("precondition_discard_s"), preconditionDiscardSeconds);
    json.insert(QStringLiteral("bytes_written"), double(bytesWritten));
    json.insert(QStringLiteral("mean_throughput_bytes_per_s"), meanBytesPerSecond);
    if (error.isError())
        json.insert(QStringLiteral("error"), errorToJson(error));
    return json;
}

QByteArray FillCurveResult::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

namespace {

Error notAResult(const char *what, const QString &why)
{
    return makeError(ErrorCode::InvalidArgument,
                     QCoreApplication::translate("Recovery", "not a TrimScope %1 result: %2")
                         .arg(QLatin1String(what), why));
}

// The header fields, checked; fills the common members of either result.
template <typename Result>
Expected<QJsonObject> readHeader(const QByteArray &bytes, const char *schema, const char *what,
                                 Result &result)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (!document.isObject())
        return notAResult(what, parseError.errorString());
    const QJsonObject json = document.object();
    if (json.value(QStringLiteral("schema")).toString() != QLatin1String(schema))
        return notAResult(what, QStringLiteral("schema is not %1").arg(QLatin1String(schema)));
    const int version = json.value(QStringLiteral("schema_version")).toInt();
    if (version < 1 || version > kRecoverySchemaVersion)
        return notAResult(what, QStringLiteral("schema version %1 is not supported").arg(version));
    result.toolVersion = json.value(QStringLiteral("tool_version")).toString();
    result.fioVersion = json.value(QStringLiteral("fio_version")).toString();
    result.drive = DriveInfo::fromJson(json.value(QStringLiteral("drive")).toObject());
    result.stopReason = stopReasonFromName(json.value(QStringLiteral("stop_reason")).toString())
                            .value_or(StopReason::Failed);
    result.started =
        QDateTime::fromString(json.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    result.finished =
        QDateTime::fromString(json.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs);
    result.elapsedSeconds = json.value(QStringLiteral("elapsed_s")).toDouble();
    result.bytesWritten = quint64(json.value(QStringLiteral("bytes_written")).toDouble());
    result.preconditionDiscardSeconds =
        json.value(QStringLiteral("precondition_discard_s")).toDouble();
    const QJsonObject error = json.value(QStringLiteral("error")).toObject();
    if (!error.isEmpty())
        result.error = {errorCodeFromDbusName(QStringLiteral("io.github.trimscope.Error.") +
                                              error.value(QStringLiteral("name")).toString()),
                        error.value(QStringLiteral("message")).toString()};
    return json;
}

RunEstimate estimateFromJson(const QJsonObject &json)
{
    RunEstimate e;
    e.seconds = json.value(QStringLiteral("seconds")).toDouble();
    e.fixedSeconds = json.value(QStringLiteral("fixed_s")).toDouble();
    e.sequentialBytes = quint64(json.value(QStringLiteral("sequential_bytes")).toDouble());
    e.randomBytesAtMost = quint64(json.value(QStringLiteral("random_bytes_at_most")).toDouble());
    e.capacityMultiple = json.value(QStringLiteral("capacity_multiple")).toDouble();
    return e;
}

} // namespace

FioWriteFigures fioWriteFiguresFromJson(const QJsonObject &json)
{
    FioWriteFigures w;
    w.ioBytes = quint64(json.value(QStringLiteral("io_bytes")).toDouble());
    w.totalIos = quint64(json.value(QStringLiteral("total_ios")).toDouble());
    w.runtimeSeconds = json.value(QStringLiteral("runtime_s")).toDouble();
    w.iops = json.value(QStringLiteral("iops")).toDouble();
    w.bytesPerSecond = json.value(QStringLiteral("throughput_bytes_per_s")).toDouble();
    w.latencyMeanSeconds = json.value(QStringLiteral("latency_mean_s")).toDouble();
    w.latencyMaxSeconds = json.value(QStringLiteral("latency_max_s")).toDouble();
    w.latencyP50Seconds = json.value(QStringLiteral("latency_p50_s")).toDouble();
    w.latencyP95Seconds = json.value(QStringLiteral("latency_p95_s")).toDouble();
    w.latencyP99Seconds = json.value(QStringLiteral("latency_p99_s")).toDouble();
    w.latencyP999Seconds = json.value(QStringLiteral("latency_p99_9_s")).toDouble();
    return w;
}

Expected<RecoveryResult> recoveryResultFromJson(const QByteArray &bytes)
{
    RecoveryResult result;
    const Expected<QJsonObject> json =
        readHeader(bytes, kRecoverySchemaId, "write-recovery", result);
    if (!json)
        return json.error();
    const QJsonObject plan = json->value(QStringLiteral("plan")).toObject();
    RecoveryPlan &p = result.plan;
    p.randomSeconds = plan.value(QStringLiteral("random_s")).toInt(p.randomSeconds);
    p.idleSeconds = plan.value(QStringLiteral("idle_s")).toInt(p.idleSeconds);
    p.fillPasses = plan.value(QStringLiteral("fill_passes")).toInt(p.fillPasses);
    p.randomBlockBytes =
        quint32(plan.value(QStringLiteral("random_block_bytes")).toDouble(p.randomBlockBytes));
    p.randomQueueDepth = plan.value(QStringLiteral("random_queue_depth")).toInt(p.randomQueueDepth);
    p.fillBlockBytes =
        quint32(plan.value(QStringLiteral("fill_block_bytes")).toDouble(p.fillBlockBytes));
    p.fillQueueDepth = plan.value(QStringLiteral("fill_queue_depth")).toInt(p.fillQueueDepth);
    p.fillPieces = plan.value(QStringLiteral("fill_pieces")).toInt(p.fillPieces);
    result.estimate = estimateFromJson(json->value(QStringLiteral("estimate")).toObject());
    for (const QJsonValue &value : json->value(QStringLiteral("phases")).toArray()) {
        const QJsonObject phase = value.toObject();
        const QString name = phase.value(QStringLiteral("phase")).toString();
        const auto phases = recoveryPhases();
        const auto found = std::find_if(phases.begin(), phases.end(), [&](RecoveryPhase ph) {
            return isMeasuredPhase(ph) && recoveryPhaseName(ph) == name;
        });
        if (found == phases.end())
            return notAResult("write-recovery", QStringLiteral("unknown phase '%1'").arg(name));
        const FioWriteFigures figures = fioWriteFiguresFromJson(phase);
        if (!(figures.iops >= 0))
            return notAResult("write-recovery", QStringLiteral("negative IOPS"));
        result.measurements.append({*found, figures, 0});
    }
    for (const QJsonValue &value : json->value(QStringLiteral("fills")).toArray())
        result.fills.append(fioWriteFiguresFromJson(value.toObject()));
    result.trimDiscardSeconds = json->value(QStringLiteral("trim_discard_s")).toDouble();
    result.idleSeconds = json->value(QStringLiteral("idle_waited_s")).toDouble();
    result.computePercentages();
    return result;
}

Expected<FillCurveResult> fillCurveResultFromJson(const QByteArray &bytes)
{
    FillCurveResult result;
    const Expected<QJsonObject> json = readHeader(bytes, kFillCurveSchemaId, "fill-curve", result);
    if (!json)
        return json.error();
    const QJsonObject plan = json->value(QStringLiteral("plan")).toObject();
    FillCurvePlan &p = result.plan;
    p.sampleBytes = quint64(plan.value(QStringLiteral("sample_bytes")).toDouble());
    p.cliffDropFraction =
        plan.value(QStringLiteral("cliff_drop_fraction")).toDouble(p.cliffDropFraction);
    p.trimFirst = plan.value(QStringLiteral("trim_first")).toBool(p.trimFirst);
    p.blockBytes = quint32(plan.value(QStringLiteral("block_bytes")).toDouble(p.blockBytes));
    p.queueDepth = plan.value(QStringLiteral("queue_depth")).toInt(p.queueDepth);
    result.sampleBytes = quint64(json->value(QStringLiteral("sample_bytes")).toDouble());
    result.estimate = estimateFromJson(json->value(QStringLiteral("estimate")).toObject());
    result.meanBytesPerSecond =
        json->value(QStringLiteral("mean_throughput_bytes_per_s")).toDouble();
    for (const QJsonValue &value : json->value(QStringLiteral("points")).toArray()) {
        const QJsonObject point = value.toObject();
        FillSample sample{quint64(point.value(QStringLiteral("offset_bytes")).toDouble()),
                          quint64(point.value(QStringLiteral("bytes")).toDouble()),
                          point.value(QStringLiteral("seconds")).toDouble(),
                          point.value(QStringLiteral("throughput_bytes_per_s")).toDouble(),
                          point.value(QStringLiteral("at_s")).toDouble()};
        if (sample.bytes == 0 || !(sample.seconds >= 0) || !(sample.bytesPerSecond >= 0))
            return notAResult("fill-curve",
                              QStringLiteral("a point has no bytes or a negative time"));
        result.samples.append(sample);
    }
    if (!(p.cliffDropFraction > 0 && p.cliffDropFraction < 1))
        return notAResult("fill-curve", QStringLiteral("the cliff's drop is not a fraction"));
    result.cliff = findFillCliff(result.samples, result.drive.sizeBytes, p.cliffDropFraction);
    return result;
}

} // namespace trimscope::recovery
