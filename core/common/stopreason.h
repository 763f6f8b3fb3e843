#pragma once

#include <QString>
#include <optional>

namespace trimscope {

// How a measurement run ended. Every result carries it; the CLI turns it into an exit code.
enum class StopReason {
    Completed,
    Cancelled,
    TimeBudget,
    Failed,
};

// "completed", "cancelled", "time-budget", "failed"
QString stopReasonName(StopReason reason);
std::optional<StopReason> stopReasonFromName(const QString &name);

} // namespace trimscope
