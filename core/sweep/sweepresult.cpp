#include "sweepresult.h"

#include <QMap>
#include <array>
#include <utility>

namespace trimscope {

namespace {
constexpr std::array kStopReasons = {
    std::pair{StopReason::Completed, "completed"},
    std::pair{StopReason::Cancelled, "cancelled"},
    std::pair{StopReason::TimeBudget, "time-budget"},
    std::pair{StopReason::Failed, "failed"},
};
} // namespace

QString stopReasonName(StopReason reason)
{
    for (const auto &[r, name] : kStopReasons) {
        if (r == reason)
            return QString::fromLatin1(name);
    }
    return {};
}

std::optional<StopReason> stopReasonFromName(const QString &name)
{
    for (const auto &[r, n] : kStopReasons) {
        if (name == QLatin1String(n))
            return r;
    }
    return std::nullopt;
}

void SweepResult::rebuildPoints()
{
    QMap<quint64, QList<double>> bySize;
    for (const Sample &sample : std::as_const(samples))
        bySize[sample.bytes].append(sample.seconds);
    const double target = plan.plan.adaptiveTargetRelativeHalfWidth;
    points.clear();
    for (auto it = bySize.cend(); it != bySize.cbegin();) {
        --it;
        SizePoint point;
        point.bytes = it.key();
        point.samples = it.value();
        point.stats = computeStatistics(point.samples);
        point.converged = plan.plan.adaptive && point.stats.count >= 6 &&
                          point.stats.medianCiRelativeHalfWidth() <= target;
        points.append(point);
    }
}

} // namespace trimscope
