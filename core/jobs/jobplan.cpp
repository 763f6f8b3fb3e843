#include "jobplan.h"

#include <array>

namespace trimscope {

namespace {
// In JobPlan's order.
constexpr std::array<const char *, std::variant_size_v<JobPlan>> kKinds = {
    "sweep", "fsbench", "mkfs-timing", "recovery", "fill-curve", "background-probe", "stall",
    "diagnose",
};
} // namespace

QString jobKind(const JobPlan &plan)
{
    return QLatin1String(kKinds[plan.index()]);
}

QStringList jobKinds()
{
    QStringList kinds;
    for (const char *kind : kKinds)
        kinds.append(QLatin1String(kind));
    return kinds;
}

} // namespace trimscope
