#pragma once

#include "common/expected.h"
#include "sweep/canceltoken.h"
#include "sweep/sweepplan.h"
#include "sweep/sweepresult.h"

#include <QByteArray>

namespace trimscope::cli {

struct HelperSweep
{
    SweepResult result;
    QByteArray json; // the helper's result_json, written unchanged by --json
};

// `sweep DEVICE` for a user who is not root: trimscope-helper runs it on the system bus after
// polkit agrees (a terminal prompt through pkttyagent when it is installed). Shows the same
// progress bar as the in-process sweep; `cancel` (Ctrl-C) cancels the job. An error when the
// job never started (not authorized, refused, helper missing).
Expected<HelperSweep> runSweepInHelper(const QString &device, const SweepPlan &plan,
                                       const CancelToken &cancel);

} // namespace trimscope::cli
