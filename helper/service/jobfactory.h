#pragma once

#include "common/expected.h"
#include "fsbench/fsbench.h"
#include "fsbench/mkfstiming.h"
#include "jobworker.h"
#include "recovery/recoveryplan.h"
#include "sweep/sweepplan.h"

#include <QVariantMap>
#include <variant>

namespace trimscope::helper {

// A job's validated plan, one alternative per kind.
using JobPlan = std::variant<SweepPlan, fsbench::FsBenchPlan, fsbench::MkfsTimingPlan,
                             recovery::RecoveryPlan, recovery::FillCurvePlan>;

// "sweep", "fsbench", "mkfs-timing", "recovery", "fill-curve".
QStringList jobKinds();

// The kind's options (untrusted) as its plan: InvalidArgument for an unknown kind and for every
// option the kind's reader refuses. Nothing is touched.
Expected<JobPlan> jobPlanFromOptions(const QString &kind, const QVariantMap &options);

// Checks the device (resolved node) the way the kind's core routine wants it (safety policy,
// O_EXCL, what must fit on it) and returns the body that runs it; nothing is written before the
// body runs. Each refusal is a named error.
Expected<JobBody> prepareJob(const JobPlan &plan, const QString &devicePath);

} // namespace trimscope::helper
