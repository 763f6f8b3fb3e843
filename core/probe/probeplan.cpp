#include "probeplan.h"

#include "common/jsonfields.h"
#include "probelimits.h"

#include <algorithm>

namespace trimscope::probe {

QJsonObject BackgroundProbeRequest::toJson() const
{
    return fieldsToJson(*this, BackgroundProbeRequest::jsonFields());
}

BackgroundProbeRequest BackgroundProbeRequest::fromJson(const QJsonObject &json)
{
    BackgroundProbeRequest request;
    fieldsFromJson(json, request, BackgroundProbeRequest::jsonFields());
    return request;
}

BackgroundProbePlan defaultBackgroundProbePlan(quint64 deviceBytes)
{
    BackgroundProbePlan plan;
    const quint64 quarter = (deviceBytes / 4) / kAlign * kAlign;
    plan.discardBytes = std::min<quint64>(plan.discardBytes, quarter);
    plan.probeBytes = std::min<quint64>(plan.probeBytes, quarter);
    plan.probeOffset = (deviceBytes - plan.probeBytes) / kAlign * kAlign;
    return plan;
}

Error validateBackgroundProbePlan(const BackgroundProbePlan &plan, quint64 deviceBytes)
{
    for (const quint64 value : {plan.discardOffset, plan.discardBytes, plan.probeOffset,
                                plan.probeBytes, plan.writeBytes}) {
        if (value % kAlign)
            return invalid(QStringLiteral("%1 is not a multiple of 4 KiB").arg(value));
    }
    if (plan.writeBytes == 0 || plan.writeBytes > kMaxWriteBytes ||
        plan.writeBytes > plan.probeBytes)
        return invalid(QStringLiteral("probe write size %1 must be 4 KiB..1 MiB and fit the "
                                      "probe region")
                           .arg(plan.writeBytes));
    if (!inside(plan.discardOffset, plan.discardBytes, deviceBytes))
        return invalid(QStringLiteral("the discard region is outside the device"));
    if (!inside(plan.probeOffset, plan.probeBytes, deviceBytes))
        return invalid(QStringLiteral("the probe region is outside the device"));
    if (plan.probeOffset < plan.discardOffset + plan.discardBytes &&
        plan.discardOffset < plan.probeOffset + plan.probeBytes)
        return invalid(QStringLiteral("the probe region overlaps the discard region"));
    if (plan.baselineWrites < 3 || plan.baselineWrites > 1000)
        return invalid(QStringLiteral("baseline writes must be 3..1000"));
    if (!(plan.intervalSeconds >= 0 && plan.intervalSeconds <= 10) ||
        !(plan.minSeconds >= 0 && plan.maxSeconds > 0 && plan.maxSeconds <= kMaxProbeSeconds &&
          plan.minSeconds <= plan.maxSeconds))
        return invalid(QStringLiteral("probe times must satisfy 0 <= min <= max <= %1 s")
                           .arg(kMaxProbeSeconds));
    if (!(plan.idleMaxSeconds >= 0 && plan.idleMaxSeconds <= kMaxProbeSeconds) ||
        (plan.idleMaxSeconds > 0 &&
         !(plan.idleQuietSeconds > 0 && plan.idleQuietSeconds <= plan.idleMaxSeconds)) ||
        !(plan.idleTolerance > 1))
        return invalid(QStringLiteral("idle wait must satisfy 0 < quiet <= max <= %1 s and a "
                                      "tolerance above 1")
                           .arg(kMaxProbeSeconds));
    if (!(plan.maxWaitSeconds >= kMinProbeWaitSeconds &&
          plan.maxWaitSeconds <= kMaxProbeWaitSeconds))
        return invalid(QStringLiteral("the probe's bound must be %1..%2 s")
                           .arg(kMinProbeWaitSeconds)
                           .arg(kMaxProbeWaitSeconds));
    if (plan.trials < 1 || plan.trials > 9)
        return invalid(QStringLiteral("trials must be 1..9"));
    if (!(plan.slowFactor > 1) || plan.minSlowWrites < 1 || plan.recoveredAfter < 1)
        return invalid(QStringLiteral("slow factor must exceed 1, counts must be positive"));
    return {};
}

double typicalProbeSeconds(const BackgroundProbePlan &plan)
{
    const auto trial = [&](double quiet) {
        // Gaps of quiet/16, /8, /4, /2 and all of it; a window of writes before each and after
        // the last.
        const double gaps = plan.idleMaxSeconds > 0 ? quiet * (1 + 0.5 + 0.25 + 0.125 + 0.0625) : 0;
        const double windows =
            plan.idleMaxSeconds > 0 ? 6 * double(kProbeWindowWrites) * plan.intervalSeconds : 0;
        const double after =
            std::max(plan.minSeconds, double(plan.recoveredAfter) * plan.intervalSeconds);
        return gaps + windows + double(plan.baselineWrites) * plan.intervalSeconds + after;
    };
    const int trials = std::min(2 * plan.trials, 4);
    return std::min(plan.maxWaitSeconds,
                    trial(plan.idleQuietSeconds) +
                        (trials - 1) *
                            trial(std::min(plan.idleQuietSeconds, kLaterTrialQuietSeconds)));
}

Expected<BackgroundProbePlan> planBackgroundProbe(const BackgroundProbeRequest &request,
                                                  quint64 deviceBytes, bool servedNoDiscard)
{
    BackgroundProbePlan plan = defaultBackgroundProbePlan(deviceBytes);
    if (request.discardBytes > 0)
        plan.discardBytes = request.discardBytes;
    if (request.maxSeconds > 0) {
        plan.maxSeconds = request.maxSeconds;
        plan.minSeconds = std::min(plan.minSeconds, plan.maxSeconds);
    }
    plan.fillFirst = request.fillFirst;
    if (request.maxWaitSeconds > 0)
        plan.maxWaitSeconds = request.maxWaitSeconds;
    if (servedNoDiscard)
        plan.idleQuietSeconds = std::min(plan.idleQuietSeconds, kLaterTrialQuietSeconds);
    if (const Error error = validateBackgroundProbePlan(plan, deviceBytes); error.isError())
        return error;
    return plan;
}

} // namespace trimscope::probe
