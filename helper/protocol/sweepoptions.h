#pragma once

#include "common/expected.h"
#include "sweep/sweepplan.h"

#include <QVariantMap>

namespace trimscope::helper {

// StartSweep's a{sv} options <-> SweepPlan. Untrusted input: unknown keys, wrong value types,
// zero or out-of-range values are InvalidArgument naming the key; the plan's own bounds
// (validatePlanBounds) are applied too. Absent keys keep SweepPlan's defaults.
Expected<SweepPlan> sweepPlanFromOptions(const QVariantMap &options);

// Only what differs from SweepPlan's defaults, so the helper applies its own defaults.
QVariantMap sweepOptionsFromPlan(const SweepPlan &plan);

} // namespace trimscope::helper
