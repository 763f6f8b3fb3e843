#pragma once

#include "fsbench/fsbench.h"
#include "fsbench/mkfstiming.h"
#include "probe/backgroundprobe.h"
#include "recovery/recoveryplan.h"
#include "report/diagnosis.h"
#include "stall/stallplan.h"
#include "sweep/sweepplan.h"
#include "watch/fstrimtiming.h"

#include <QStringList>
#include <variant>

namespace trimscope {

// What a job measures, one alternative per kind. A new kind is a plan type here and a file with
// its descriptor (jobkind.h: name, where it runs, how it is prepared, its result); what else it
// must provide is listed in tests/helper/tst_jobkinds.cpp.
using JobPlan =
    std::variant<SweepPlan, fsbench::FsBenchPlan, fsbench::MkfsTimingPlan, recovery::RecoveryPlan,
                 recovery::FillCurvePlan, probe::BackgroundProbeRequest, stall::StallPlan,
                 DiagnosePlan, watch::FstrimTimingPlan>;

// "sweep", "fsbench", "mkfs-timing", "recovery", "fill-curve", "background-probe", "stall",
// "diagnose", "fstrim-timing": the helper's Job1.Kind and StartJob's kind argument.
QString jobKind(const JobPlan &plan);
QStringList jobKinds();

// What a kind does to the drive, which decides what the helper asks before it runs (one polkit
// action per risk; the kind's descriptor says it).
enum class JobRisk {
    DestroysData,   // writes or discards anywhere on the device: every benchmark
    TrimsFreeSpace, // a mounted filesystem trims what it knows to be free; data stays
};
JobRisk jobRisk(const JobPlan &plan);

} // namespace trimscope
