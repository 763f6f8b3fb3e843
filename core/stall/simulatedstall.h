#pragma once

#include "common/canceltoken.h"
#include "stallrunner.h"

namespace trimscope::stall {

// The stall test on a simulated drive (core/simulate), so it can be tried without a drive to
// spare: QD1 4 KiB reads of about 100 µs on a virtual clock, the discards the plan asks for,
// each taking what the profile's latency model says, and, as on the SATA drives without queued
// TRIM those profiles come from, every read that arrives while a discard runs waits for it. The
// same analysis as a real run. `timeScale` 1 takes the modelled time, 0 none. NoSuchDevice for
// an unknown profile, NoDiscardSupport for one without TRIM.
Expected<StallResult> simulateStallTest(const QString &profileId, const StallPlan &request,
                                        double timeScale, const CancelToken &cancel,
                                        const StallProgressCallback &onProgress = {},
                                        quint64 seed = 1);

} // namespace trimscope::stall
