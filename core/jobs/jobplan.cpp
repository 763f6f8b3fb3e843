#include "jobplan.h"

#include "jobkind.h"

#include <utility>

namespace trimscope {

namespace {
template <std::size_t... I> QStringList kindNames(std::index_sequence<I...>)
{
    return {QLatin1String(jobKindOf<std::variant_alternative_t<I, JobPlan>>().name)...};
}
} // namespace

QString jobKind(const JobPlan &plan)
{
    return withJobKind(plan,
                       [](const auto &kind, const auto &) { return QLatin1String(kind.name); });
}

JobRisk jobRisk(const JobPlan &plan)
{
    return withJobKind(plan, [](const auto &kind, const auto &) { return kind.risk; });
}

QStringList jobKinds()
{
    return kindNames(std::make_index_sequence<std::variant_size_v<JobPlan>>());
}

} // namespace trimscope
