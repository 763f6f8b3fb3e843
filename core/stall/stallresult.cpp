#include "stallresult.h"

#include "common/jsonfields.h"
#include "common/units.h"
#include "stalltext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <cmath>

namespace trimscope::stall {

namespace {

const std::tuple kDiscardFields{
    JsonField{"offset", &StallDiscard::offset},
    JsonField{"bytes", &StallDiscard::bytes},
    JsonField{"start_s", &StallDiscard::startSeconds},
    JsonField{"seconds", &StallDiscard::seconds},
    JsonField{"added_s", &StallDiscard::addedSeconds},
    JsonField{"longest_stall_s", &StallDiscard::longestStallSeconds},
};

const std::tuple kPhaseFields{
    JsonField{"from_s", &StallPhaseFigures::fromSeconds},
    JsonField{"to_s", &StallPhaseFigures::toSeconds},
    JsonField{"ios", &StallPhaseFigures::ios},
    JsonField{"discards", &StallPhaseFigures::discards},
    JsonField{"discard_bytes", &StallPhaseFigures::discardBytes},
    JsonField{"latency_mean_s", &StallPhaseFigures::meanSeconds},
    JsonField{"latency_p50_s", &StallPhaseFigures::p50Seconds},
    JsonField{"latency_p99_s", &StallPhaseFigures::p99Seconds},
    JsonField{"latency_p99_9_s", &StallPhaseFigures::p999Seconds},
    JsonField{"latency_max_s", &StallPhaseFigures::maxSeconds},
    JsonField{"added_per_discard_s", &StallPhaseFigures::addedPerDiscardSeconds},
    JsonField{"longest_stall_s", &StallPhaseFigures::longestStallSeconds},
    JsonField{"discard_median_s", &StallPhaseFigures::discardMedianSeconds},
};

Error invalidStallResult(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument,
                     StallText::tr("not a valid stall result: %1").arg(why));
}

bool isTime(double value)
{
    return std::isfinite(value) && value >= 0;
}

} // namespace

namespace {
// A discard and a phase's figures are written alike: their fields and the phase by name.
template <class Item, class Fields> QJsonObject phasedToJson(const Item &item, const Fields &fields)
{
    QJsonObject json = fieldsToJson(item, fields);
    json.insert(QStringLiteral("phase"), stallPhaseName(item.phase));
    return json;
}

template <class Item, class Fields>
Item phasedFromJson(const QJsonObject &json, const Fields &fields)
{
    Item item;
    fieldsFromJson(json, item, fields);
    item.phase = stallPhaseFromName(json.value(QStringLiteral("phase")).toString())
                     .value_or(StallPhase::Baseline);
    return item;
}
} // namespace

QJsonObject StallDiscard::toJson() const
{
    return phasedToJson(*this, kDiscardFields);
}

StallDiscard StallDiscard::fromJson(const QJsonObject &json)
{
    return phasedFromJson<StallDiscard>(json, kDiscardFields);
}

QJsonObject StallPhaseFigures::toJson() const
{
    return phasedToJson(*this, kPhaseFields);
}

StallPhaseFigures StallPhaseFigures::fromJson(const QJsonObject &json)
{
    return phasedFromJson<StallPhaseFigures>(json, kPhaseFields);
}

QJsonObject StallTimeline::toJson() const
{
    QJsonArray latencies, counts;
    for (const double value : maxLatencySeconds)
        latencies.append(value);
    for (const int value : ios)
        counts.append(value);
    return {{QStringLiteral("bucket_s"), bucketSeconds},
            {QStringLiteral("max_latency_s"), latencies},
            {QStringLiteral("ios"), counts}};
}

StallTimeline StallTimeline::fromJson(const QJsonObject &json)
{
    const JsonFields read(json);
    StallTimeline timeline;
    timeline.bucketSeconds = read.number("bucket_s", 0.01);
    for (const QJsonValue value : read.array("max_latency_s"))
        timeline.maxLatencySeconds.append(value.toDouble());
    for (const QJsonValue value : read.array("ios"))
        timeline.ios.append(checkedInteger<int>(value.toDouble()).value_or(0));
    return timeline;
}

const StallPhaseFigures *StallResult::phase(StallPhase which) const
{
    for (const StallPhaseFigures &figures : phases)
        if (figures.phase == which)
            return &figures;
    return nullptr;
}

double StallResult::worstLatencySeconds() const
{
    double worst = 0;
    for (const StallPhaseFigures &figures : phases)
        if (figures.phase != StallPhase::Baseline)
            worst = qMax(worst, qMax(figures.maxSeconds, figures.longestStallSeconds));
    return worst;
}

bool StallResult::measured() const
{
    return phase(StallPhase::Baseline) && phases.size() > 1;
}

bool StallResult::passed() const
{
    return measured() && worstLatencySeconds() <= plan.maxLatencySeconds;
}

const StallPhaseFigures *StallResult::worstPhase() const
{
    const StallPhaseFigures *worst = nullptr;
    for (const StallPhaseFigures &figures : phases)
        if (figures.phase != StallPhase::Baseline &&
            (!worst || figures.longestStallSeconds > worst->longestStallSeconds))
            worst = &figures;
    return worst;
}

QString StallResult::summary() const
{
    const StallPhaseFigures *worst = worstPhase();
    const StallPhaseFigures *base = phase(StallPhase::Baseline);
    if (!measured() || !worst || !base)
        return StallText::tr("No stall measured: the run ended before a discard ran.");
    const QString figures =
        StallText::tr("while %1 discards ran, I/O stalled for up to %2 (reads alone: median %3, "
                      "longest %4); each discard held I/O up for %5 in total (median)")
            .arg(formatBytes(worst->discardBytes), formatSeconds(worst->longestStallSeconds),
                 formatSeconds(base->p50Seconds), formatSeconds(base->maxSeconds),
                 formatSeconds(worst->addedPerDiscardSeconds));
    return passed() ? StallText::tr("Passed: %1; no I/O took longer than %2 (limit %3).")
                          .arg(figures, formatSeconds(worstLatencySeconds()),
                               formatSeconds(plan.maxLatencySeconds))
                    : StallText::tr("Failed: %1; the slowest I/O took %2, over the limit of %3.")
                          .arg(figures, formatSeconds(worstLatencySeconds()),
                               formatSeconds(plan.maxLatencySeconds));
}

QJsonObject StallResult::toJson() const
{
    QJsonObject json;
    json.insert(QStringLiteral("plan"), plan.toJson());
    json.insert(QStringLiteral("phases"), toJsonArray(phases));
    json.insert(QStringLiteral("discards"), toJsonArray(discards));
    json.insert(QStringLiteral("timeline"), timeline.toJson());
    json.insert(QStringLiteral("stall_threshold_s"), stallThresholdSeconds);
    json.insert(QStringLiteral("fio_version"), fioVersion);
    // For readers of the file; recomputed when read.
    json.insert(QStringLiteral("worst_latency_s"), worstLatencySeconds());
    json.insert(QStringLiteral("passed"), passed());
    json.insert(QStringLiteral("summary"), summary());
    return json;
}

Expected<StallResult> StallResult::fromJson(const QJsonObject &json)
{
    const JsonFields read(json);
    StallResult result;
    result.plan = StallPlan::fromJson(read.object("plan"));
    result.stallThresholdSeconds = read.number("stall_threshold_s");
    result.fioVersion = read.text("fio_version");
    if (!isTime(result.plan.maxLatencySeconds) || !(result.plan.maxLatencySeconds > 0))
        return invalidStallResult(StallText::tr("the latency limit is not a positive time"));
    for (const QJsonValue value : read.array("phases")) {
        const QJsonObject object = value.toObject();
        if (!stallPhaseFromName(object.value(QStringLiteral("phase")).toString()))
            return invalidStallResult(StallText::tr("unknown phase \"%1\"")
                                          .arg(object.value(QStringLiteral("phase")).toString()));
        if (!object.contains(QStringLiteral("from_s")) || !object.contains(QStringLiteral("to_s")))
            return invalidStallResult(StallText::tr("a phase without its times"));
        const StallPhaseFigures figures = StallPhaseFigures::fromJson(object);
        for (const double t :
             {figures.meanSeconds, figures.p50Seconds, figures.p99Seconds, figures.p999Seconds,
              figures.maxSeconds, figures.addedPerDiscardSeconds, figures.longestStallSeconds,
              figures.discardMedianSeconds})
            if (!isTime(t))
                return invalidStallResult(StallText::tr("a negative latency in phase \"%1\"")
                                              .arg(stallPhaseName(figures.phase)));
        result.phases.append(figures);
    }
    for (const QJsonValue value : read.array("discards")) {
        const QJsonObject object = value.toObject();
        const auto phase = stallPhaseFromName(object.value(QStringLiteral("phase")).toString());
        if (!phase || *phase == StallPhase::Baseline)
            return invalidStallResult(StallText::tr("a discard of unknown phase \"%1\"")
                                          .arg(object.value(QStringLiteral("phase")).toString()));
        const StallDiscard discard = StallDiscard::fromJson(object);
        if (!isTime(discard.seconds) || !isTime(discard.addedSeconds) ||
            !isTime(discard.longestStallSeconds) || !std::isfinite(discard.startSeconds))
            return invalidStallResult(StallText::tr("a discard with a negative time"));
        result.discards.append(discard);
    }
    result.timeline = StallTimeline::fromJson(read.object("timeline"));
    if (!(result.timeline.bucketSeconds > 0) || !std::isfinite(result.timeline.bucketSeconds))
        return invalidStallResult(StallText::tr("the timeline has no bucket width"));
    for (const double value : result.timeline.maxLatencySeconds)
        if (!isTime(value))
            return invalidStallResult(StallText::tr("a negative latency in the timeline"));
    return result;
}

} // namespace trimscope::stall
