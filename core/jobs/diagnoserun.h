#pragma once

#include "diagnoseschedule.h"
#include "jobprogress.h"
#include "jobtarget.h"

namespace trimscope {

// A prepared diagnosis run to its end on the calling thread: identity, the probe, the sweep, the
// filesystem experiment and the advice, each later phase planned from what the earlier ones took
// and measured, so the whole ends near `plan.budgetSeconds`.
DiagnosisResult runDiagnosis(const DiagnosePlan &plan, const JobTarget &target,
                             const DriveInfo &drive, const DiagnoseSchedule &schedule,
                             const CancelToken &cancel, const JobReporter &report);

} // namespace trimscope
