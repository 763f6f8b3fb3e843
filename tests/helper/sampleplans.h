#pragma once
// For the tests of the helper's options: a plan per kind, and a plan's file form.

#include "jobs/jobkind.h"
#include "report/resultfile.h"
#include "sweep/sweepsetup.h"

#include <QJsonObject>
#include <QTest>

namespace trimscope::test {

// One plan per kind with values off their defaults, in JobPlan's order; "sweep (adaptive)" is
// the sweep's other form (its adaptive keys, and a seed beyond a double's exact integers).
inline JobPlan samplePlan(const QString &kind)
{
    if (kind == QLatin1String("sweep")) {
        SweepPlan plan;
        plan.minBytes = 8192;
        plan.maxBytes = 1 << 20;
        plan.repeats = 3;
        plan.order = SweepOrder::Descending;
        plan.timeBudgetSeconds = 120;
        plan.seed = 77;
        plan.prewrite = false;
        return plan;
    }
    if (kind == QLatin1String("sweep (adaptive)")) {
        SweepPlan plan;
        plan.maxBytes = quint64(64) << 30;
        plan.adaptive = true;
        plan.adaptiveTargetRelativeHalfWidth = 0.02;
        plan.adaptiveMinSamples = 8;
        plan.adaptiveMaxSamples = 200;
        plan.timeBudgetSeconds = 86400;
        plan.seed = ~quint64(0);
        return plan;
    }
    if (kind == QLatin1String("fsbench")) {
        fsbench::FsBenchPlan plan;
        plan.filesystems = {QStringLiteral("xfs")};
        plan.variants = {QStringLiteral("nodiscard")};
        plan.tree = *fsbench::treePreset(QStringLiteral("quick"));
        plan.tree.seed = quint64(1) << 60; // beyond a double's exact integers
        plan.settleTimeoutSeconds = 30;
        return plan;
    }
    if (kind == QLatin1String("mkfs-timing")) {
        fsbench::MkfsTimingPlan plan;
        plan.filesystems = {QStringLiteral("ext4"), QStringLiteral("btrfs")};
        plan.withDiscard = false;
        return plan;
    }
    if (kind == QLatin1String("recovery")) {
        recovery::RecoveryPlan plan = *recovery::recoveryPreset(QStringLiteral("quick"));
        plan.fillPasses = 3;
        plan.randomQueueDepth = 16;
        return plan;
    }
    if (kind == QLatin1String("fill-curve")) {
        recovery::FillCurvePlan plan;
        plan.sampleBytes = 8 << 20;
        plan.cliffDropFraction = 0.4;
        plan.trimFirst = false;
        return plan;
    }
    if (kind == QLatin1String("background-probe")) {
        probe::BackgroundProbeRequest request;
        request.discardBytes = 64 << 20;
        request.maxSeconds = 4.5;
        request.fillFirst = true;
        request.maxWaitSeconds = 45;
        return request;
    }
    if (kind == QLatin1String("stall")) {
        stall::StallPlan plan;
        plan.readRegionBytes = 256 << 20;
        plan.smallBytes = 16384;
        plan.regionDiscards = 0;
        plan.baselineSeconds = 3;
        plan.gapSeconds = 0.25;
        plan.maxLatencySeconds = 0.75;
        plan.writes = true;
        return plan;
    }
    if (kind == QLatin1String("diagnose")) {
        DiagnosePlan plan;
        plan.budgetSeconds = 90;
        plan.filesystems = {QStringLiteral("xfs")};
        return plan;
    }
    watch::FstrimTimingPlan plan;
    plan.filesystemMajor = 259;
    plan.filesystemMinor = 3;
    plan.pieceBytes = quint64(256) << 20;
    plan.minimumBytes = 4096;
    return plan;
}

// The rows of a test that takes every kind's sample plan somewhere and back: "kind" and
// "sample" (samplePlan's name), one per kind and the sweep's adaptive form.
inline void addSamplePlanRows()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("sample");
    for (const QString &kind : jobKinds())
        QTest::newRow(qPrintable(kind)) << kind << kind;
    QTest::newRow("sweep (adaptive)")
        << QStringLiteral("sweep") << QStringLiteral("sweep (adaptive)");
}

// A plan's file form: what a result file holds under "plan" (the sweep: as laid out, with the
// request's fields among them; written by the plan's one codec either way).
inline QJsonObject planJson(const JobPlan &plan)
{
    return std::visit(
        [](const auto &kindPlan) {
            if constexpr (std::is_same_v<std::decay_t<decltype(kindPlan)>, SweepPlan>) {
                ResolvedPlan resolved;
                resolved.plan = kindPlan;
                return planToJson(resolved);
            } else
                return kindPlan.toJson();
        },
        plan);
}

// The plan a kind's result records: the sweep's as it resolved it on the drive (its request
// among it), the probe's unless the file was written before it recorded one.
template <class Result> QJsonObject recordedPlan(const Result &result)
{
    if constexpr (std::is_same_v<Result, SweepResult>)
        return planJson(JobPlan(result.plan.plan));
    else if constexpr (requires { *result.plan; })
        return result.plan ? planJson(JobPlan(*result.plan)) : QJsonObject();
    else
        return planJson(JobPlan(result.plan));
}

// The kind's result (JobResultOf) holding the plan, written as a saved file is and read back
// through readAnyResult: the same result (written again, the same bytes) with the same plan.
template <class Plan> void checkThroughFile(const Plan &plan)
{
    using Result = JobResultType<Plan>;
    Result result;
    static_assert(
        requires(Result r) { r.plan; }, "every kind's result records the plan it ran");
    result.drive.sizeBytes = quint64(16) << 40; // room for the adaptive sweep's 64 GiB samples
    // A finished timed fstrim holds at least one piece, which its reader insists on; a run
    // cancelled before its first piece is the one that carries its plan and nothing else.
    if constexpr (std::is_same_v<Result, watch::FstrimTimingResult>)
        result.stopReason = StopReason::Cancelled;
    // The sweep's result holds its plan as laid out on the drive, as its reader lays it out again.
    if constexpr (std::is_same_v<Result, SweepResult>) {
        const Expected<ResolvedPlan> resolved = resolvePlan(plan, geometryOf(result.drive));
        QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.error().message));
        result.plan = *resolved;
    } else {
        result.plan = plan;
        QCOMPARE(recordedPlan(result), planJson(JobPlan(plan)));
    }
    const QByteArray bytes = resultToJsonBytes(AnyResult(result));
    const Expected<AnyResult> read = readAnyResult(bytes);
    QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
    const Result *typed = std::get_if<Result>(&*read);
    QVERIFY(typed);
    QCOMPARE(QString::fromUtf8(resultToJsonBytes(*read)), QString::fromUtf8(bytes));
    QCOMPARE(recordedPlan(*typed), recordedPlan(result));
}

} // namespace trimscope::test
