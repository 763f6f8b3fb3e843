#pragma once

#include "common/canceltoken.h"
#include "recoveryplan.h"
#include "recoveryresult.h"
#include "recoverytarget.h"

#include <functional>

namespace trimscope::recovery {

// Where a run stands, reported about every 100 ms while fio runs and at each phase change.
struct RecoveryProgress
{
    RecoveryPhase phase = RecoveryPhase::Precondition;
    int phaseIndex = 0; // position of `phase` among the run's phases, from 0
    int phaseCount = 0;
    int fillPass = 0;         // Fill: the pass, from 1
    double phaseFraction = 0; // 0..1 within the phase (by time, or by bytes for fills)
    double fraction = 0;      // 0..1 of the whole run, weighted by estimated time
    double etaSeconds = -1;   // < 0 when unknown
    quint64 bytesWritten = 0; // so far, in the whole run
};
using RecoveryProgressCallback = std::function<void(const RecoveryProgress &)>;

// The degradation test (phases in RecoveryPhase order). Blocking; honours `cancel` within about
// 100 ms, also in the middle of a fio run or the idle phase. Never throws; a failure or a cancel
// ends the run with what was measured until then, stopReason and error saying why.
RecoveryResult runRecoveryTest(RecoveryTarget &target, const RecoveryPlan &plan,
                               const CancelToken &cancel,
                               const RecoveryProgressCallback &onProgress = {});

// The sequential-fill curve: optionally a whole-device discard (Precondition), then one fill
// (Fill) sampled every fillSampleBytes(), and the cliff found in it. Same conventions.
FillCurveResult runFillCurve(RecoveryTarget &target, const FillCurvePlan &plan,
                             const CancelToken &cancel,
                             const RecoveryProgressCallback &onProgress = {});

} // namespace trimscope::recovery
