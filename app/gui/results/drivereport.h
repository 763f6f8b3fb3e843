#pragma once

#include "backends/backend.h"
#include "reportinput.h"
#include "runstore.h"

namespace trimscope::gui {

class AdviceTab;
class HealthTab;

// The shared report of the selected drive, as the window shows it: the Advice tab's verdict (the
// one every view of the drive gives) and what it is based on, the sweeps kept with the drive
// (evidenceOf), and its health as read on the Health tab, else as its diagnosis read it; a
// simulated drive's example health is no drive's, and stays out.
report::ReportInput driveReport(const RunStore &store, const DriveEntry &drive,
                                const AdviceTab &advice, const HealthTab &health);

} // namespace trimscope::gui
