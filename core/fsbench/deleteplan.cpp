#include "deleteplan.h"

#include <algorithm>

namespace trimscope::fsbench {

QList<DeleteRun> plannedDeleteRuns(const FsBenchPlan &plan)
{
    QList<DeleteRun> runs;
    for (const QString &fs : plan.filesystems) {
        for (const DeleteVariant &variant : deleteVariants(fs)) {
            if (!plan.variants.isEmpty() && !plan.variants.contains(variant.name))
                continue;
            DeleteRun run;
            run.filesystem = fs;
            run.variant = variant.name;
            run.mountOptions = variant.mountOptions;
            runs.append(run);
        }
    }
    return runs;
}

DeleteVariant deleteVariantOf(const DeleteRun &run)
{
    const QList<DeleteVariant> variants = deleteVariants(run.filesystem);
    const auto variant = std::find_if(variants.cbegin(), variants.cend(),
                                      [&](const auto &v) { return v.name == run.variant; });
    return variant != variants.cend() ? *variant : DeleteVariant{};
}

Error checkFsBenchPlan(const FsBenchPlan &plan, quint64 deviceBytes)
{
    if (const Error invalid = validateFsBenchPlan(plan); invalid.isError())
        return invalid;
    return checkTreeFitsDevice(plan.tree, deviceBytes);
}

} // namespace trimscope::fsbench
