#pragma once

#include "advice/advice.h"
#include "runstore.h"

namespace trimscope::gui {

// The saved sweep runs of one drive (same model and serial), newest first.
QList<SweepResult> savedRunsOf(const RunStore &store, const DriveInfo &drive);

} // namespace trimscope::gui
