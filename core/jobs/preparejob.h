#pragma once

#include "common/expected.h"
#include "jobplan.h"
#include "jobprogress.h"
#include "jobtarget.h"

namespace trimscope {

// The one way from "this plan, on this target" to a job that runs, for the CLI, the GUI and the
// helper alike: checks the target the way the kind's core routine wants it (the admission gate,
// what must fit on the device, the tools it needs), and returns the body that runs it. Nothing is
// written before the body runs. Each refusal is a named error; a kind the target cannot run is
// Unsupported, saying what it needs.
Expected<JobBody> prepareJob(const JobPlan &plan, const JobTarget &target);

// Whether a kind runs on a kind of target at all (before any device is looked at): the
// filesystem experiments and the write tests need the device node itself (root or the helper);
// simulated drives model TRIM and background trimming only. Unsupported with the reason.
enum class TargetKind { Device, OpenedDevice, Simulated };
Error jobRunsOn(const JobPlan &plan, TargetKind target);

} // namespace trimscope
