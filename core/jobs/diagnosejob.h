#pragma once

#include "common/expected.h"
#include "diagnoseschedule.h"
#include "jobprogress.h"
#include "jobtarget.h"

namespace trimscope {

// The diagnose job on a device (root, or the helper) or a simulated drive. The device is examined
// up front without requiring discard (a drive without TRIM gets its verdict, not a refusal); each
// destructive phase then goes through prepareJob like the kind it is, so it passes the admission
// gate again.
Expected<JobBody> prepareDiagnosis(const DiagnosePlan &plan, const JobTarget &target);

} // namespace trimscope
