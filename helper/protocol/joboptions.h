#pragma once

#include "common/expected.h"
#include "jobs/jobplan.h"

#include <QVariantMap>

namespace trimscope::helper {

// StartJob's kind and a{sv} options <-> a JobPlan: the helper's wire format, read by the helper
// (untrusted: InvalidArgument for an unknown kind and for every option the kind's reader
// refuses; nothing is touched) and written by its clients.
Expected<JobPlan> jobPlanFromOptions(const QString &kind, const QVariantMap &options);
QVariantMap optionsFromPlan(const JobPlan &plan);

// The readers and writers per kind (the sweep's are in sweepoptions.h). Untrusted input, read like
// the sweep's: unknown keys, wrong value types and out-of-range values are InvalidArgument naming
// the key; absent keys keep the plan's defaults. What depends on the drive (does the tree fit, is
// the sample size sane) is checked by the helper once the device is known. The keys are documented
// in io.github.trimscope.Helper1.xml.

// "filesystems" (as), "variants" (as), "preset" (s), "files" (u), "bytes" (t), "seed" (t).
// The mount root is the helper's own and cannot be chosen.
Expected<fsbench::FsBenchPlan> fsBenchPlanFromOptions(const QVariantMap &options);
QVariantMap fsBenchOptionsFromPlan(const fsbench::FsBenchPlan &plan);

// "filesystems" (as), "with_discard" (b), "without_discard" (b).
Expected<fsbench::MkfsTimingPlan> mkfsTimingPlanFromOptions(const QVariantMap &options);
QVariantMap mkfsTimingOptionsFromPlan(const fsbench::MkfsTimingPlan &plan);

// "preset" (s: standard, quick, smoke; default standard), then "random_seconds" (1..3600),
// "idle_seconds" (0..86400), "fill_passes" (1..4) on top of it. Block sizes and queue depths are
// the presets' own.
Expected<recovery::RecoveryPlan> recoveryPlanFromOptions(const QVariantMap &options);
QVariantMap recoveryOptionsFromPlan(const recovery::RecoveryPlan &plan);

// "sample_bytes" (t, 0: a hundredth of the drive), "cliff_drop_fraction" (d, 0.05..0.95
// exclusive), "trim_first" (b).
Expected<recovery::FillCurvePlan> fillCurvePlanFromOptions(const QVariantMap &options);
QVariantMap fillCurveOptionsFromPlan(const recovery::FillCurvePlan &plan);

// "discard_bytes" (t, a multiple of 4 KiB, 0: the default), "max_seconds" (d, above 0, at most
// 120), "max_wait_seconds" (d, above 0, at most 3600; the plan refuses below 10), "fill_first" (b).
// Where the regions lie follows from the device (planBackgroundProbe).
Expected<probe::BackgroundProbeRequest>
backgroundProbeRequestFromOptions(const QVariantMap &options);
QVariantMap backgroundProbeOptionsFromRequest(const probe::BackgroundProbeRequest &request);

// "read_region_bytes", "discard_region_bytes" (t, multiples of 4 KiB, 0: the default for the
// drive), "small_bytes", "medium_bytes" (t, multiples of 4 KiB), "small_discards",
// "medium_discards", "region_discards" (u, 0..1000), "baseline_seconds" (d, 1..600),
// "gap_seconds" (d, 0.1..60), "writes" (b), "fill_first" (b), "max_latency_seconds" (d, above 0,
// at most 60). Whether the regions fit is checked once the device is known (validateStallPlan).
Expected<stall::StallPlan> stallPlanFromOptions(const QVariantMap &options);
QVariantMap stallOptionsFromPlan(const stall::StallPlan &plan);
// "budget_seconds" (d, 60 to 86400; default 600), "filesystems" (as, from "ext4", "xfs",
// "btrfs"; default ext4 and XFS).
Expected<DiagnosePlan> diagnosePlanFromOptions(const QVariantMap &options);
QVariantMap diagnoseOptionsFromPlan(const DiagnosePlan &plan);

// "filesystem" (s, required: the filesystem's device number "MAJOR:MINOR", as mountinfo and
// stat give it), "piece_bytes" (t, a multiple of 1 MiB up to 1 TiB; 0: the default),
// "minimum_bytes" (t, up to 1 GiB).
Expected<watch::FstrimTimingPlan> fstrimTimingPlanFromOptions(const QVariantMap &options);
QVariantMap fstrimTimingOptionsFromPlan(const watch::FstrimTimingPlan &plan);

} // namespace trimscope::helper
