#include "stopreason.h"

#include "nametable.h"

namespace trimscope {

namespace {
constexpr NameTable<StopReason, 4> kStopReasons = {{
    {StopReason::Completed, "completed"},
    {StopReason::Cancelled, "cancelled"},
    {StopReason::TimeBudget, "time-budget"},
    {StopReason::Failed, "failed"},
}};
} // namespace

QString stopReasonName(StopReason reason)
{
    return nameOf(kStopReasons, reason);
}

std::optional<StopReason> stopReasonFromName(const QString &name)
{
    return valueOf(kStopReasons, name);
}

} // namespace trimscope
