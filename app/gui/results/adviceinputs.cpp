#include "adviceinputs.h"

#include "report/adviceinput.h"

namespace trimscope::gui {

using namespace trimscope::advice;

QList<SweepResult> savedRunsOf(const RunStore &store, const DriveInfo &drive)
{
    QList<SweepResult> runs;
    for (const StoredRun &stored : store.list()) {
        auto run = RunStore::load(stored.path);
        if (run && run->drive.model == drive.model && run->drive.serial == drive.serial)
            runs.append(std::move(run).value());
    }
    return runs;
}

} // namespace trimscope::gui
