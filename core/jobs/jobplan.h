#pragma once

#include "fsbench/fsbench.h"
#include "fsbench/mkfstiming.h"
#include "probe/backgroundprobe.h"
#include "recovery/recoveryplan.h"
#include "stall/stallplan.h"
#include "report/diagnosis.h"
#include "sweep/sweepplan.h"

#include <QStringList>
#include <variant>

namespace trimscope {

// What a job measures, one alternative per kind. A new kind is a plan type here and a file with
// its descriptor (jobkind.h: name, where it runs, how it is prepared), its options in
// helper/protocol and its command in the CLI.
using JobPlan =
    std::variant<SweepPlan, fsbench::FsBenchPlan, fsbench::MkfsTimingPlan, recovery::RecoveryPlan,
                 recovery::FillCurvePlan, probe::BackgroundProbeRequest, stall::StallPlan,
                 DiagnosePlan>;

// "sweep", "fsbench", "mkfs-timing", "recovery", "fill-curve", "background-probe", "stall",
// "diagnose": the helper's Job1.Kind and StartJob's kind argument.
QString jobKind(const JobPlan &plan);
QStringList jobKinds();

} // namespace trimscope
