#include "recoveryresult.h"

#include "common/jsonfields.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <algorithm>
#include <cmath>

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
    QJsonObject json;
    const QJsonArray phases = toJsonArray(measurements);
    const QJsonArray fillPasses = toJsonArray(fills);
    json.insert(QStringLiteral("fio_version"), fioVersion);
    json.insert(QStringLiteral("plan"), plan.toJson());
    json.insert(QStringLiteral("estimate"), estimate.toJson());
    json.insert(QStringLiteral("phases"), phases);
    json.insert(QStringLiteral("fills"), fillPasses);
    json.insert(QStringLiteral("precondition_discard_s"), preconditionDiscardSeconds);
    json.insert(QStringLiteral("trim_discard_s"), trimDiscardSeconds);
    json.insert(QStringLiteral("idle_waited_s"), idleSeconds);
    json.insert(QStringLiteral("bytes_written"), double(bytesWritten));
    return json;
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

namespace {

// A stretch of the fill's time and the bytes written in it.
struct WrittenSpan
{
    double start = 0, end = 0, bytes = 0;
};

// Spans gathered until they hold at least `sampleBytes`; what is left at the end joins the last
// sample when it is less than half a sample. The spans are scaled to add up to `ioBytes`.
QList<FillSample> samplesFromSpans(const QList<WrittenSpan> &spans, quint64 ioBytes,
                                   quint64 sampleBytes)
{
    double spannedBytes = 0;
    for (const WrittenSpan &span : spans)
        spannedBytes += span.bytes;
    const double scale = double(ioBytes) / spannedBytes;
    const double wanted = double(std::max<quint64>(sampleBytes, 1));

    QList<FillSample> samples;
    double written = 0; // unrounded, so that the rounded offsets add up to ioBytes exactly
    const auto close = [&](double from, double start, double end) {
        const quint64 offset = quint64(std::llround(from));
        const quint64 bytes = quint64(std::llround(written)) - offset;
        samples.append({offset, bytes, end - start, double(bytes) / (end - start), start});
    };
    double sampleFrom = 0, sampleStart = spans.constFirst().start;
    for (const WrittenSpan &span : spans) {
        written += span.bytes * scale;
        if (written - sampleFrom >= wanted) {
            close(sampleFrom, sampleStart, span.end);
            sampleFrom = written;
            sampleStart = span.end;
        }
    }
    if (written - sampleFrom > 0.5) { // bytes left after the last whole sample
        if (written - sampleFrom < wanted / 2 && !samples.isEmpty()) {
            const FillSample last = samples.takeLast();
            sampleFrom = double(last.offset);
            sampleStart = last.startedAt;
        }
        close(sampleFrom, sampleStart, spans.constLast().end);
    }
    return samples;
}

} // namespace

QList<FillSample> fillSamplesFromBandwidth(const QList<BandwidthWindow> &windows,
                                           double windowSeconds, quint64 ioBytes,
                                           double runtimeSeconds, quint64 sampleBytes)
{
    if (ioBytes == 0 || !(runtimeSeconds > 0))
        return {};
    QList<WrittenSpan> spans;
    double loggedBytes = 0, lastEnd = 0;
    for (const BandwidthWindow &w : windows) {
        if (!(w.endSeconds > lastEnd))
            continue; // a window of no length holds nothing
        const double length =
            spans.isEmpty() ? w.endSeconds : std::min(w.endSeconds - lastEnd, windowSeconds);
        spans.append({lastEnd, w.endSeconds, w.bytesPerSecond * length});
        loggedBytes += spans.constLast().bytes;
        lastEnd = w.endSeconds;
    }
    const double tailBytes = double(ioBytes) - loggedBytes;
    if (tailBytes > 0 && runtimeSeconds > lastEnd) {
        spans.append({lastEnd, runtimeSeconds, tailBytes});
        loggedBytes += tailBytes;
    }
    if (spans.isEmpty() || !(loggedBytes > 0))
        return {{0, ioBytes, runtimeSeconds, double(ioBytes) / runtimeSeconds, 0}};
    return samplesFromSpans(spans, ioBytes, sampleBytes);
}

QList<FillSample> fillSamplesFromWrites(const QList<WrittenMark> &marks, quint64 ioBytes,
                                        quint64 sampleBytes)
{
    QList<WrittenSpan> spans;
    for (qsizetype i = 1; i < marks.size(); ++i) {
        const WrittenMark &from = marks.at(i - 1), &to = marks.at(i);
        if (to.bytes > from.bytes && to.seconds > from.seconds)
            spans.append({from.seconds - marks.constFirst().seconds,
                          to.seconds - marks.constFirst().seconds, double(to.bytes - from.bytes)});
    }
    if (ioBytes == 0 || spans.isEmpty())
        return {};
    return samplesFromSpans(spans, ioBytes, sampleBytes);
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
    QJsonObject json;
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
    return json;
}

namespace {

Error invalidResult(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, why);
}

// What both results share in the body: fio's version, the bytes written, the first discard.
template <typename Result> void readCommon(const JsonFields &f, Result &result)
{
    result.fioVersion = f.text("fio_version");
    result.bytesWritten = f.count("bytes_written");
    result.preconditionDiscardSeconds = f.number("precondition_discard_s");
    result.estimate = RunEstimate::fromJson(f.object("estimate"));
}

} // namespace

Expected<RecoveryResult> RecoveryResult::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    RecoveryResult result;
    readCommon(f, result);
    result.plan = RecoveryPlan::fromJson(f.object("plan"));
    const QList<RecoveryPhase> phases = recoveryPhases();
    for (const QJsonValue &value : f.array("phases")) {
        const QJsonObject phase = value.toObject();
        const QString name = phase.value(QStringLiteral("phase")).toString();
        const auto found = std::find_if(phases.begin(), phases.end(), [&](RecoveryPhase ph) {
            return isMeasuredPhase(ph) && recoveryPhaseName(ph) == name;
        });
        if (found == phases.end())
            return invalidResult(QStringLiteral("unknown phase '%1'").arg(name));
        const FioWriteFigures figures = FioWriteFigures::fromJson(phase);
        if (!(figures.iops >= 0))
            return invalidResult(QStringLiteral("negative IOPS"));
        result.measurements.append({*found, figures, 0});
    }
    for (const QJsonValue &value : f.array("fills"))
        result.fills.append(FioWriteFigures::fromJson(value.toObject()));
    result.trimDiscardSeconds = f.number("trim_discard_s");
    result.idleSeconds = f.number("idle_waited_s");
    result.computePercentages();
    return result;
}

Expected<FillCurveResult> FillCurveResult::fromJson(const QJsonObject &json, const DriveInfo &drive)
{
    const JsonFields f(json);
    FillCurveResult result;
    readCommon(f, result);
    result.plan = FillCurvePlan::fromJson(f.object("plan"));
    result.sampleBytes = f.count("sample_bytes");
    result.meanBytesPerSecond = f.number("mean_throughput_bytes_per_s");
    for (const QJsonValue &value : f.array("points")) {
        const JsonFields point(value.toObject());
        const FillSample sample{point.count("offset_bytes"), point.count("bytes"),
                                point.number("seconds"), point.number("throughput_bytes_per_s"),
                                point.number("at_s")};
        if (sample.bytes == 0 || !(sample.seconds >= 0) || !(sample.bytesPerSecond >= 0))
            return invalidResult(QStringLiteral("a point has no bytes or a negative time"));
        result.samples.append(sample);
    }
    if (!(result.plan.cliffDropFraction > 0 && result.plan.cliffDropFraction < 1))
        return invalidResult(QStringLiteral("the cliff's drop is not a fraction"));
    result.cliff = findFillCliff(result.samples, drive.sizeBytes, result.plan.cliffDropFraction);
    return result;
}

} // namespace trimscope::recovery
