#include "resultenvelope.h"

namespace trimscope {

namespace {
const QString kTool = QStringLiteral("TrimScope");

QString timeText(const QDateTime &time)
{
    return time.toString(Qt::ISODateWithMs);
}

QDateTime timeFrom(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}
} // namespace

QJsonObject errorToJson(const Error &error)
{
    return {{QStringLiteral("name"), errorCodeName(error.code)},
            {QStringLiteral("message"), error.message}};
}

Error errorFromJson(const QJsonObject &json)
{
    return {errorCodeFromName(json.value(QStringLiteral("name")).toString()),
            json.value(QStringLiteral("message")).toString()};
}

QJsonObject ResultEnvelope::toJson() const
{
    QJsonObject json{
        {QStringLiteral("schema"), schema},
        {QStringLiteral("schema_version"), version},
        {QStringLiteral("tool"), kTool},
        {QStringLiteral("tool_version"), run.toolVersion},
    };
    if (!isRun())
        return json;
    json.insert(QStringLiteral("kind"), kind);
    json.insert(QStringLiteral("simulated"), run.drive.simulated);
    json.insert(QStringLiteral("complete"), run.complete());
    json.insert(QStringLiteral("stop_reason"), stopReasonName(run.stopReason));
    json.insert(QStringLiteral("started"), timeText(run.started));
    json.insert(QStringLiteral("finished"), timeText(run.finished));
    json.insert(QStringLiteral("elapsed_s"), run.elapsedSeconds);
    json.insert(QStringLiteral("drive"), run.drive.toJson());
    if (run.error.isError())
        json.insert(QStringLiteral("error"), errorToJson(run.error));
    return json;
}

Expected<ResultEnvelope> ResultEnvelope::fromJson(const QJsonObject &json)
{
    ResultEnvelope envelope;
    envelope.schema = json.value(QStringLiteral("schema")).toString();
    // The first audit reports called it "version".
    envelope.version = json.value(QStringLiteral("schema_version"))
                           .toInt(json.value(QStringLiteral("version")).toInt());
    if (envelope.schema.isEmpty())
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("not a TrimScope result: it names no schema"));
    if (envelope.version < 1)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("not a TrimScope result: %1 without a schema version")
                             .arg(envelope.schema));
    RunRecord &run = envelope.run;
    run.toolVersion = json.value(QStringLiteral("tool_version")).toString();
    // A run says how it ended; a read-out's "kind", if any, is its own (health: ata or nvme).
    // The run fields are read either way: a run that does not say how it ended reads as Failed.
    if (json.contains(QStringLiteral("stop_reason")))
        envelope.kind = json.value(QStringLiteral("kind")).toString();
    run.drive = DriveInfo::fromJson(json.value(QStringLiteral("drive")).toObject());
    run.stopReason = stopReasonFromName(json.value(QStringLiteral("stop_reason")).toString())
                         .value_or(StopReason::Failed);
    run.started = timeFrom(json.value(QStringLiteral("started")));
    run.finished = timeFrom(json.value(QStringLiteral("finished")));
    run.elapsedSeconds = json.value(QStringLiteral("elapsed_s")).toDouble();
    const QJsonObject error = json.value(QStringLiteral("error")).toObject();
    if (!error.isEmpty())
        run.error = errorFromJson(error);
    return envelope;
}

} // namespace trimscope
