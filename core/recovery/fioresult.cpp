#include "fioresult.h"

#include "common/jsonfields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cstring>

namespace trimscope::recovery {

namespace {

constexpr double kNsPerSecond = 1e9;

Error invalid(const QString &why)
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

QJsonObject FioWriteFigures::toJson() const
{
    return {
        {QStringLiteral("io_bytes"), double(ioBytes)},
        {QStringLiteral("total_ios"), double(totalIos)},
        {QStringLiteral("runtime_s"), runtimeSeconds},
        {QStringLiteral("iops"), iops},
        {QStringLiteral("throughput_bytes_per_s"), bytesPerSecond},
        {QStringLiteral("latency_mean_s"), latencyMeanSeconds},
        {QStringLiteral("latency_max_s"), latencyMaxSeconds},
        {QStringLiteral("latency_p50_s"), latencyP50Seconds},
        {QStringLiteral("latency_p95_s"), latencyP95Seconds},
        {QStringLiteral("latency_p99_s"), latencyP99Seconds},
        {QStringLiteral("latency_p99_9_s"), latencyP999Seconds},
    };
}

FioWriteFigures FioWriteFigures::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    FioWriteFigures w;
    w.ioBytes = f.count("io_bytes");
    w.totalIos = f.count("total_ios");
    w.runtimeSeconds = f.number("runtime_s");
    w.iops = f.number("iops");
    w.bytesPerSecond = f.number("throughput_bytes_per_s");
    w.latencyMeanSeconds = f.number("latency_mean_s");
    w.latencyMaxSeconds = f.number("latency_max_s");
    w.latencyP50Seconds = f.number("latency_p50_s");
    w.latencyP95Seconds = f.number("latency_p95_s");
    w.latencyP99Seconds = f.number("latency_p99_s");
    w.latencyP999Seconds = f.number("latency_p99_9_s");
    return w;
}

Expected<FioRunResult> parseFioJson(const QByteArray &output)
{
    const qsizetype start = output.indexOf('{');
    if (start < 0)
        return invalid(QStringLiteral("no JSON document"));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(output.mid(start), &parseError);
    if (document.isNull() || !document.isObject())
        return invalid(parseError.errorString());
    const QJsonObject root = document.object();
    const QJsonArray jobs = root.value(QStringLiteral("jobs")).toArray();
    if (jobs.isEmpty())
        return invalid(QStringLiteral("no job in it"));

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
        return invalid(QStringLiteral("the job has no write figures"));

    FioWriteFigures &w = result.write;
    w.ioBytes = quint64(write.value(QStringLiteral("io_bytes")).toDouble());
    w.totalIos = quint64(write.value(QStringLiteral("total_ios")).toDouble());
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
        return invalid(QStringLiteral("bytes were written in no time"));
    return result;
}

} // namespace trimscope::recovery
