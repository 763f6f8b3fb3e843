#pragma once

#include "common/expected.h"
#include "common/jsonfields.h"
#include "jobplan.h"
#include "jobprogress.h"
#include "jobtarget.h"
#include "report/resultfile.h"

#include <QJsonObject>
#include <concepts>

namespace trimscope {

// One kind of job, described once, in the kind's own file (sweepjob.cpp, stalljob.cpp, ...): its
// name, where it runs, and how it is prepared for a target (the body it returns maps the core
// routine's progress to a JobProgress). What a new kind must provide is listed in
// tests/helper/tst_jobkinds.cpp: the compiler checks most of it (JobResultOf and the
// static_assert below, the result's schema, the helper's bounds, the GUI's tab), that test the
// rest (the helper's documentation, the CLI's command).
template <class Plan> struct JobKind
{
    // "sweep", "fsbench", ...: the helper's Job1.Kind and StartJob's kind argument.
    const char *name = nullptr;
    // What a person calls it where a simulated drive cannot run it; null: the name.
    const char *title = nullptr;
    // Every kind runs on a device this process opens. These run on a device lent to us as an fd
    // too (they need nothing but the fd) ...
    bool runsOnOpenedDevice = false;
    // ... on a simulated drive (its model of TRIM, background trimming, stalls, or a replay) ...
    bool runsSimulated = false;
    // ... and take root's overrides for partitions beside partitions in use and for devices
    // open for writing (they admit the device once, by the target's rules; the others, the
    // diagnosis too, re-admit it by rules of their own, which do not carry the overrides).
    bool takesOverrides = false;
    JobRisk risk = JobRisk::DestroysData;
    Expected<JobBody> (*prepare)(const Plan &plan, const JobTarget &target) = nullptr;
};

// The result a kind's run ends with: an alternative of AnyResult, so its file is written and read
// by report/resultfile (its schema there). One per line of the registry (report/resultkinds.h).
template <class Plan> struct JobResultOf;
#define TRIMSCOPE_JOB_RESULT_OF(Plan, Result)                                                      \
    template <> struct JobResultOf<Plan>                                                           \
    {                                                                                              \
        using type = Result;                                                                       \
    };
TRIMSCOPE_JOB_KINDS(TRIMSCOPE_JOB_RESULT_OF)
#undef TRIMSCOPE_JOB_RESULT_OF
template <class Plan> using JobResultType = typename JobResultOf<Plan>::type;

// What every kind provides, checked for each alternative of JobPlan when this header is
// compiled: a result that AnyResult holds, and one codec for its plan (toJson/fromJson, the
// file's "plan" and the helper's options) written through its field list (jsonFields(), where
// the helper's bounds find their keys).
template <class Plan>
concept PlanWithCodec = JsonTable<Plan> && requires(const Plan &plan, const QJsonObject &json)
{
    {
        plan.toJson()
        } -> std::same_as<QJsonObject>;
    {
        Plan::fromJson(json)
        } -> std::same_as<Plan>;
};
template <std::size_t... I> constexpr bool everyKindIsComplete(std::index_sequence<I...>)
{
    return ((variantIndex<JobResultType<std::variant_alternative_t<I, JobPlan>>>() <
                 std::variant_size_v<AnyResult> &&
             bool(PlanWithCodec<std::variant_alternative_t<I, JobPlan>>)) &&
            ...);
}
static_assert(everyKindIsComplete(std::make_index_sequence<std::variant_size_v<JobPlan>>()),
              "every JobPlan alternative needs JobResultOf (an AnyResult alternative) and a "
              "plan codec (toJson, fromJson)");

// Each kind's descriptor, defined in its file (core/jobs/<kind>job.cpp); declared here for every
// line of the registry, so a kind without one does not link.
template <class Plan> const JobKind<Plan> &jobKindOf();
#define TRIMSCOPE_DECLARE_JOB_KIND(Plan, Result) template <> const JobKind<Plan> &jobKindOf<Plan>();
TRIMSCOPE_JOB_KINDS(TRIMSCOPE_DECLARE_JOB_KIND)
#undef TRIMSCOPE_DECLARE_JOB_KIND

// Calls `f` with the descriptor of the plan's kind.
template <class F> decltype(auto) withJobKind(const JobPlan &plan, F &&f)
{
    return std::visit(
        [&](const auto &kindPlan) -> decltype(auto) {
            using Plan = std::decay_t<decltype(kindPlan)>;
            return f(jobKindOf<Plan>(), kindPlan);
        },
        plan);
}

} // namespace trimscope
