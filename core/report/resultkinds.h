#pragma once
// The one list of the kinds of result TrimScope writes: a line per kind. Everything that must name
// every kind is made from these lines: JobPlan (jobs/jobplan.h), JobResultOf and the declarations
// of the job descriptors (jobs/jobkind.h), AnyResult and its readers and writers
// (report/resultfile.*), and the CLI's command per job (app/cli/commands.*). What a new kind
// provides besides its line is listed in tests/helper/tst_jobkinds.cpp: the compiler or the linker
// finds most of it missing, that test the rest.

#include "advice/advice.h"
#include "audit/trimaudit.h"
#include "diagnosis.h"
#include "fsbench/fsbench.h"
#include "fsbench/mkfstiming.h"
#include "health/drivehealth.h"
#include "probe/backgroundprobe.h"
#include "recovery/recoveryplan.h"
#include "recovery/recoveryresult.h"
#include "stall/stallplan.h"
#include "stall/stallresult.h"
#include "sweep/sweepplan.h"
#include "sweep/sweepresult.h"
#include "watch/discardwatch.h"
#include "watch/fstrimtiming.h"

#include <variant>

// A measurement a job runs: JOB(its plan, its result). The order is JobPlan's, then AnyResult's.
#define TRIMSCOPE_JOB_KINDS(JOB)                                                                   \
    JOB(SweepPlan, SweepResult)                                                                    \
    JOB(fsbench::FsBenchPlan, fsbench::FsBenchResult)                                              \
    JOB(fsbench::MkfsTimingPlan, fsbench::MkfsTimingResult)                                        \
    JOB(recovery::RecoveryPlan, recovery::RecoveryResult)                                          \
    JOB(recovery::FillCurvePlan, recovery::FillCurveResult)                                        \
    JOB(probe::BackgroundProbeRequest, probe::BackgroundProbeResult)                               \
    JOB(stall::StallPlan, stall::StallResult)                                                      \
    JOB(DiagnosePlan, DiagnosisResult)                                                             \
    JOB(watch::FstrimTimingPlan, watch::FstrimTimingResult)

// A result read from the computer, not measured by a job: READOUT(its result).
#define TRIMSCOPE_READOUT_KINDS(READOUT)                                                           \
    READOUT(health::DriveHealth)                                                                   \
    READOUT(audit::AuditReport)                                                                    \
    READOUT(advice::Advice)                                                                        \
    READOUT(watch::DiscardWatch)

namespace trimscope::kinds {

// std::variant of the types before End: the lists above end each line with a comma, End closes.
struct End
{
};
template <class... Done> struct Collect;
template <class... Done> struct Collect<std::variant<Done...>, End>
{
    using type = std::variant<Done...>;
};
template <class... Done, class Next, class... Rest>
struct Collect<std::variant<Done...>, Next, Rest...>
{
    using type = typename Collect<std::variant<Done..., Next>, Rest...>::type;
};
template <class... T> using VariantOf = typename Collect<std::variant<>, T...>::type;

} // namespace trimscope::kinds

#define TRIMSCOPE_KIND_PLAN(Plan, Result) Plan,
#define TRIMSCOPE_KIND_RESULT(Plan, Result) Result,
#define TRIMSCOPE_KIND_READOUT(Result) Result,
