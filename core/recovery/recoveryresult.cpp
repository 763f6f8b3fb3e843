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

} // namespace trimscope::recovery
