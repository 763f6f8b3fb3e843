#include "stallplan.h"

#include "common/jsonfields.h"
#include "common/units.h"
#include "stalltext.h"

#include <QCoreApplication>
#include <array>

namespace trimscope::stall {

namespace {

constexpr quint64 kAlign = 4096;
constexpr quint64 kGiB = quint64(1) << 30;
constexpr int kMaxDiscardsPerPhase = 1000;
constexpr double kMaxRunSeconds = 3600;

constexpr std::array<const char *, 4> kStallPhaseNames = {"baseline", "small", "medium", "region"};

quint64 alignDown(quint64 value)
{
    return value / kAlign * kAlign;
}

Error invalidStallPlan(const QString &why)
{
    return makeError(ErrorCode::InvalidArgument, StallText::tr("invalid stall test: %1").arg(why));
}

int discardsOf(const StallPlan &plan, StallPhase phase)
{
    switch (phase) {
    case StallPhase::Small:
        return plan.smallDiscards;
    case StallPhase::Medium:
        return plan.mediumDiscards;
    case StallPhase::Region:
        return plan.regionDiscards;
    case StallPhase::Baseline:
        break;
    }
    return 0;
}

quint64 bytesOf(const StallPlan &plan, StallPhase phase)
{
    switch (phase) {
    case StallPhase::Small:
        return plan.smallBytes;
    case StallPhase::Medium:
        return plan.mediumBytes;
    case StallPhase::Region:
        return plan.discardRegionBytes;
    case StallPhase::Baseline:
        break;
    }
    return 0;
}

} // namespace

QString stallPhaseName(StallPhase phase)
{
    return QLatin1String(kStallPhaseNames[size_t(phase)]);
}

std::optional<StallPhase> stallPhaseFromName(const QString &name)
{
    for (size_t i = 0; i < kStallPhaseNames.size(); ++i)
        if (name == QLatin1String(kStallPhaseNames[i]))
            return StallPhase(i);
    return std::nullopt;
}

QString stallPhaseTitle(StallPhase phase)
{
    switch (phase) {
    case StallPhase::Baseline:
        return StallText::tr("Reads alone");
    case StallPhase::Small:
        return StallText::tr("Small discards");
    case StallPhase::Medium:
        return StallText::tr("Medium discards");
    case StallPhase::Region:
        return StallText::tr("Whole-region discards");
    }
    return {};
}

QList<StallPhase> stallDiscardPhases()
{
    return {StallPhase::Small, StallPhase::Medium, StallPhase::Region};
}

QJsonObject StallPlan::toJson() const
{
    return fieldsToJson(*this, StallPlan::jsonFields());
}

StallPlan StallPlan::fromJson(const QJsonObject &json)
{
    StallPlan plan;
    fieldsFromJson(json, plan, StallPlan::jsonFields());
    return plan;
}

StallPlan resolveStallPlan(const StallPlan &plan, quint64 deviceBytes)
{
    StallPlan resolved = plan;
    if (resolved.readRegionBytes == 0)
        resolved.readRegionBytes = alignDown(qMin(kGiB, deviceBytes / 4));
    if (resolved.discardRegionBytes == 0 && deviceBytes > resolved.readRegionBytes)
        resolved.discardRegionBytes =
            alignDown(qMin(4 * kGiB, (deviceBytes - resolved.readRegionBytes) / 2));
    return resolved;
}

Error validateStallPlan(const StallPlan &p, quint64 deviceBytes)
{
    if (p.readRegionBytes < 1024 * 1024 || p.readRegionBytes % kAlign)
        return invalidStallPlan(
            StallText::tr("the read region (%1) must be at least 1 MiB, in 4 KiB steps")
                .arg(formatBytes(p.readRegionBytes)));
    if (p.discardRegionBytes == 0 || p.discardRegionBytes % kAlign)
        return invalidStallPlan(
            StallText::tr("the discard region (%1) must be a positive multiple of 4 KiB")
                .arg(formatBytes(p.discardRegionBytes)));
    if (p.readRegionBytes > deviceBytes || p.discardRegionBytes > deviceBytes - p.readRegionBytes)
        return invalidStallPlan(
            StallText::tr("the read and discard regions (%1 + %2) do not fit on the "
                          "device (%3)")
                .arg(formatBytes(p.readRegionBytes), formatBytes(p.discardRegionBytes),
                     formatBytes(deviceBytes)));
    for (const StallPhase phase : {StallPhase::Small, StallPhase::Medium}) {
        const quint64 bytes = bytesOf(p, phase);
        const int count = discardsOf(p, phase);
        if (bytes == 0 || bytes % kAlign)
            return invalidStallPlan(
                StallText::tr("the %1 discard size (%2) must be a positive multiple "
                              "of 4 KiB")
                    .arg(stallPhaseName(phase), formatBytes(bytes)));
        if (count > 0 && bytes * quint64(count) > p.discardRegionBytes)
            return invalidStallPlan(
                StallText::tr("%1 discards of %2 do not fit in the discard region (%3)")
                    .arg(formatCount(count))
                    .arg(formatBytes(bytes), formatBytes(p.discardRegionBytes)));
    }
    for (const StallPhase phase : stallDiscardPhases()) {
        const int count = discardsOf(p, phase);
        if (count < 0 || count > kMaxDiscardsPerPhase)
            return invalidStallPlan(StallText::tr("%1 %2 discards: between 0 and %3")
                                        .arg(count)
                                        .arg(stallPhaseName(phase))
                                        .arg(kMaxDiscardsPerPhase));
    }
    if (p.smallDiscards + p.mediumDiscards + p.regionDiscards == 0)
        return invalidStallPlan(StallText::tr("no discard at all"));
    if (!(p.baselineSeconds >= 1) || !(p.gapSeconds >= 0.1) || !(p.gapSeconds <= 60))
        return invalidStallPlan(
            StallText::tr("the baseline must be at least 1 s, the gap after each "
                          "discard between 0.1 s and 60 s"));
    if (!(p.maxLatencySeconds > 0) || !(p.maxLatencySeconds <= 60))
        return invalidStallPlan(
            StallText::tr("the latency limit must be above 0 and at most 60 s"));
    if (!(plannedSeconds(p) <= kMaxRunSeconds))
        return invalidStallPlan(StallText::tr("the run would take longer than an hour (%1)")
                                    .arg(formatSeconds(plannedSeconds(p))));
    return {};
}

QList<PlannedDiscard> plannedDiscards(const StallPlan &p)
{
    QList<PlannedDiscard> discards;
    const quint64 regionStart = p.readRegionBytes;
    for (const StallPhase phase : stallDiscardPhases()) {
        const int count = discardsOf(p, phase);
        const quint64 bytes = bytesOf(p, phase);
        // Spread over the region, so no discard lands on blocks an earlier one freed already.
        const quint64 stride = count > 0 ? alignDown(p.discardRegionBytes / quint64(count)) : 0;
        for (int i = 0; i < count; ++i) {
            // Medium discards start half a stride in, past the small ones' blocks.
            const quint64 shift =
                phase == StallPhase::Medium && alignDown(stride / 2) + bytes <= stride
                    ? alignDown(stride / 2)
                    : 0;
            const quint64 offset = phase == StallPhase::Region
                                       ? regionStart
                                       : regionStart + quint64(i) * stride + shift;
            discards.append({phase, offset, bytes});
        }
    }
    return discards;
}

double plannedSeconds(const StallPlan &p)
{
    // Half a second for fio to start, the baseline, a gap after every discard.
    const int discards = p.smallDiscards + p.mediumDiscards + p.regionDiscards;
    return 0.5 + p.baselineSeconds + double(qMax(discards, 0)) * p.gapSeconds;
}

} // namespace trimscope::stall
