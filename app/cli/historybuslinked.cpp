// trimscope-cli's historyBus(): the calls are linked in (it links Qt D-Bus for its other commands).
#include "historybus.h"

namespace trimscope::cli {

Expected<const HistoryBus *> historyBus()
{
    return trimscope_history_bus();
}

} // namespace trimscope::cli
