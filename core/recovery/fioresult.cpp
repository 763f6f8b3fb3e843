#include "fioresult.h"

#include "common/checkednumber.h"
#include "common/jsonfields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cstring>

namespace trimscope::recovery {

namespace {

constexpr double kNsPerSecond = 1e9;

Error unreadableFioOutput(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument,
                     QStringLiteral("fio's output could not be read: %1").arg(why));
}

// fio writes percentile keys as "99.900000"; compare as numbers, not strings.
double percentileNs(const QJsonObject &percentiles, double wanted)
{
    for (auto it = percentiles.begin(); it != percentiles.end(); ++it) {
        bool ok = false;
        const double key = it.key().toDouble(&ok);
        if (ok && qAbs(key - wanted) < 1e-6)
            return it.value().toDouble();
    }
    return 0;
}

} // namespace

namespace {
const std::tuple kFioFields{
    JsonField{"io_bytes", &FioWriteFigures::ioBytes},
    JsonField{"total_ios", &FioWriteFigures::totalIos},
    JsonField{"runtime_s", &FioWriteFigures::runtimeSeconds},
    JsonField{"iops", &FioWriteFigures::iops},
    JsonField{"throughput_bytes_per_s", &FioWriteFigures::bytesPerSecond},
    JsonField{"latency_mean_s", &FioWriteFigures::latencyMeanSeconds},
    JsonField{"latency_max_s", &FioWriteFigures::latencyMaxSeconds},
    JsonField{"latency_p50_s", &FioWriteFigures::latencyP50Seconds},
    JsonField{"latency_p95_s", &FioWriteFigures::latencyP95Seconds},
    JsonField{"latency_p99_s", &FioWriteFigures::latencyP99Seconds},
    JsonField{"latency_p99_9_s", &FioWriteFigures::latencyP999Seconds},
};
} // namespace

QJsonObject FioWriteFigures::toJson() const
{
    return fieldsToJson(*this, kFioFields);
}

FioWriteFigures FioWriteFigures::fromJson(const QJsonObject &json)
{
    FioWriteFigures figures;
    fieldsFromJson(json, figures, kFioFields);
    return figures;
}

Expected<FioRunResult> parseFioJson(const QByteArray &output)
{
    const qsizetype start = output.indexOf('{');
    if (start < 0)
        return unreadableFioOutput(QStringLiteral("no JSON document"));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(output.mid(start), &parseError);
    if (document.isNull() || !document.isObject())
        return unreadableFioOutput(parseError.errorString());
    const QJsonObject root = document.object();
    const QJsonArray jobs = root.value(QStringLiteral("jobs")).toArray();
    if (jobs.isEmpty())
        return unreadableFioOutput(QStringLiteral("no job in it"));

    FioRunResult result;
    result.fioVersion = root.value(QStringLiteral("fio version")).toString();
    const QJsonObject job = jobs.first().toObject();
    result.jobName = job.value(QStringLiteral("jobname")).toString();
    result.jobError = job.value(QStringLiteral("error")).toInt();
    if (result.jobError != 0)
        return makeError(ErrorCode::IoError,
                         QStringLiteral("fio's job failed: %1")
                             .arg(QString::fromLocal8Bit(strerror(result.jobError))));
    const QJsonObject write = job.value(QStringLiteral("write")).toObject();
    if (write.isEmpty() || !write.contains(QStringLiteral("io_bytes")))
        return unreadableFioOutput(QStringLiteral("the job has no write figures"));

    FioWriteFigures &w = result.write;
    w.ioBytes =
        checkedInteger<quint64>(write.value(QStringLiteral("io_bytes")).toDouble()).value_or(0);
    w.totalIos =
        checkedInteger<quint64>(write.value(QStringLiteral("total_ios")).toDouble()).value_or(0);
    w.runtimeSeconds = write.value(QStringLiteral("runtime")).toDouble() / 1000.0;
    w.iops = write.value(QStringLiteral("iops")).toDouble();
    w.bytesPerSecond = write.value(QStringLiteral("bw_bytes")).toDouble();
    const QJsonObject clat = write.value(QStringLiteral("clat_ns")).toObject();
    w.latencyMeanSeconds = clat.value(QStringLiteral("mean")).toDouble() / kNsPerSecond;
    w.latencyMaxSeconds = clat.value(QStringLiteral("max")).toDouble() / kNsPerSecond;
    const QJsonObject percentiles = clat.value(QStringLiteral("percentile")).toObject();
    w.latencyP50Seconds = percentileNs(percentiles, 50) / kNsPerSecond;
    w.latencyP95Seconds = percentileNs(percentiles, 95) / kNsPerSecond;
    w.latencyP99Seconds = percentileNs(percentiles, 99) / kNsPerSecond;
    w.latencyP999Seconds = percentileNs(percentiles, 99.9) / kNsPerSecond;
    if (w.ioBytes > 0 && !(w.runtimeSeconds > 0))
        return unreadableFioOutput(QStringLiteral("bytes were written in no time"));
    return result;
}

std::optional<int> readFioLog(const QByteArray &log,
                              const std::function<bool(const FioLogLine &)> &accept)
{
    int lineNumber = 0;
    for (const QByteArray &rawLine : log.split('\n')) {
        ++lineNumber;
        const QByteArray line = rawLine.trimmed();
        if (line.isEmpty())
            continue;
        const QList<QByteArray> fields = line.split(',');
        bool timeOk = false, valueOk = false, directionOk = false;
        FioLogLine record;
        record.msec = fields.value(0).trimmed().toLongLong(&timeOk);
        record.value = fields.value(1).trimmed().toLongLong(&valueOk);
        record.direction = fields.value(2).trimmed().toInt(&directionOk);
        if (fields.size() < 4 || !timeOk || !valueOk || !directionOk || record.msec < 0 ||
            record.value < 0 || !accept(record))
            return lineNumber;
    }
    return std::nullopt;
}

Expected<QList<BandwidthWindow>> parseFioBandwidthLog(const QByteArray &log)
{
    QList<BandwidthWindow> windows;
    const std::optional<int> badLine = readFioLog(log, [&](const FioLogLine &line) {
        const double endSeconds = double(line.msec) / 1000;
        if (line.direction > 2 ||
            (!windows.isEmpty() && endSeconds < windows.constLast().endSeconds))
            return false;
        if (line.direction == 1) // writes; a write job logs nothing else
            windows.append({endSeconds, double(line.value) * 1024});
        return true;
    });
    if (badLine)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("fio's bandwidth log could not be read: line %1 is not "
                                        "\"msec, KiB/s, direction, size\" after the one before")
                             .arg(*badLine));
    return windows;
}

} // namespace trimscope::recovery
