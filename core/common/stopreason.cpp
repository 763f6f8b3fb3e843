#include "stopreason.h"

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

} // namespace trimscope
