#include "joboptions.h"

#include "optionmap.h"
#include "sweepoptions.h"

#include <array>
#include <limits>

namespace trimscope::helper {

using namespace trimscope::fsbench;
using namespace trimscope::recovery;

namespace {

const auto kFilesystems = QStringLiteral("filesystems");
const auto kVariants = QStringLiteral("variants");
const auto kPreset = QStringLiteral("preset");
const auto kFiles = QStringLiteral("files");
const auto kBytes = QStringLiteral("bytes");
const auto kSeed = QStringLiteral("seed");
const auto kWithDiscard = QStringLiteral("with_discard");
const auto kWithoutDiscard = QStringLiteral("without_discard");
const auto kRandomSeconds = QStringLiteral("random_seconds");
const auto kIdleSeconds = QStringLiteral("idle_seconds");
const auto kFillPasses = QStringLiteral("fill_passes");
const auto kSampleBytes = QStringLiteral("sample_bytes");
const auto kCliffDrop = QStringLiteral("cliff_drop_fraction");
const auto kTrimFirst = QStringLiteral("trim_first");
const auto kDiscardBytes = QStringLiteral("discard_bytes");
const auto kMaxSeconds = QStringLiteral("max_seconds");
const auto kMaxWaitSeconds = QStringLiteral("max_wait_seconds");
const auto kFillFirst = QStringLiteral("fill_first");
const auto kReadRegionBytes = QStringLiteral("read_region_bytes");
const auto kDiscardRegionBytes = QStringLiteral("discard_region_bytes");
const auto kSmallBytes = QStringLiteral("small_bytes");
const auto kMediumBytes = QStringLiteral("medium_bytes");
const auto kSmallDiscards = QStringLiteral("small_discards");
const auto kMediumDiscards = QStringLiteral("medium_discards");
const auto kRegionDiscards = QStringLiteral("region_discards");
const auto kBaselineSeconds = QStringLiteral("baseline_seconds");
const auto kGapSeconds = QStringLiteral("gap_seconds");
const auto kWrites = QStringLiteral("writes");
const auto kMaxLatencySeconds = QStringLiteral("max_latency_seconds");
const auto kBudgetSeconds = QStringLiteral("budget_seconds");
const auto kFilesystem = QStringLiteral("filesystem");
const auto kPieceBytes = QStringLiteral("piece_bytes");
const auto kMinimumBytes = QStringLiteral("minimum_bytes");

constexpr int kMaxTreeFiles = 1000000;
constexpr quint64 kMaxTreeBytes = quint64(64) << 30;
constexpr quint64 kMaxSampleBytes = quint64(1) << 50;
constexpr quint64 kMaxProbeDiscardBytes = quint64(64) << 30;
constexpr double kMaxProbeSeconds = 120;
constexpr quint64 kMaxStallRegionBytes = quint64(1) << 50;
constexpr int kMaxStallDiscards = 1000;

QStringList variantNames()
{
    return {QStringLiteral("discard"), QStringLiteral("nodiscard"),
            QStringLiteral("discard-async")};
}

// The first error of a sequence of reads, in order.
Error firstError(std::initializer_list<Error> errors)
{
    for (const Error &error : errors) {
        if (error.isError())
            return error;
    }
    return {};
}

} // namespace

Expected<FsBenchPlan> fsBenchPlanFromOptions(const QVariantMap &options)
{
    const OptionMap map(options);
    FsBenchPlan plan;
    QString preset;
    if (const Error error = firstError(
            {map.checkKnownKeys({kFilesystems, kVariants, kPreset, kFiles, kBytes, kSeed}),
             map.readChoices(kFilesystems, knownFilesystems(), plan.filesystems),
             map.readChoices(kVariants, variantNames(), plan.variants),
             map.readChoice(kPreset, treePresetNames(), preset)});
        error.isError())
        return error;
    if (!preset.isEmpty())
        plan.tree = *treePreset(preset);
    quint64 bytes = plan.tree.bytes;
    if (const Error error = firstError(
            {map.readInt(kFiles, 1, kMaxTreeFiles, plan.tree.files),
             map.readUnsigned(kBytes, 1, kMaxTreeBytes, bytes),
             map.readUnsigned(kSeed, 0, std::numeric_limits<quint64>::max(), plan.tree.seed)});
        error.isError())
        return error;
    plan.tree.bytes = bytes;
    if (map.has(kFiles) || map.has(kBytes))
        plan.tree.preset = QStringLiteral("custom");
    if (const Error error = validateFsBenchPlan(plan); error.isError())
        return error;
    return plan;
}

QVariantMap fsBenchOptionsFromPlan(const FsBenchPlan &plan)
{
    QVariantMap options{{kFilesystems, plan.filesystems}};
    if (!plan.variants.isEmpty())
        options.insert(kVariants, plan.variants);
    if (plan.tree.preset != QLatin1String("custom") && treePreset(plan.tree.preset)) {
        options.insert(kPreset, plan.tree.preset);
    } else {
        options.insert(kFiles, QVariant::fromValue(uint(plan.tree.files)));
        options.insert(kBytes, QVariant::fromValue(qulonglong(plan.tree.bytes)));
    }
    options.insert(kSeed, QVariant::fromValue(qulonglong(plan.tree.seed)));
    return options;
}

Expected<MkfsTimingPlan> mkfsTimingPlanFromOptions(const QVariantMap &options)
{
    const OptionMap map(options);
    MkfsTimingPlan plan;
    if (const Error error = firstError(
            {map.checkKnownKeys({kFilesystems, kWithDiscard, kWithoutDiscard}),
             map.readChoices(kFilesystems, knownFilesystems(), plan.filesystems),
             map.readBool(kWithDiscard, plan.withDiscard),
             map.readBool(kWithoutDiscard, plan.withoutDiscard), validateMkfsTimingPlan(plan)});
        error.isError())
        return error;
    return plan;
}

QVariantMap mkfsTimingOptionsFromPlan(const MkfsTimingPlan &plan)
{
    return {{kFilesystems, plan.filesystems},
            {kWithDiscard, plan.withDiscard},
            {kWithoutDiscard, plan.withoutDiscard}};
}

Expected<RecoveryPlan> recoveryPlanFromOptions(const QVariantMap &options)
{
    const OptionMap map(options);
    QString preset = QStringLiteral("standard");
    if (const Error error =
            firstError({map.checkKnownKeys({kPreset, kRandomSeconds, kIdleSeconds, kFillPasses}),
                        map.readChoice(kPreset, recoveryPresetNames(), preset)});
        error.isError())
        return error;
    RecoveryPlan plan = *recoveryPreset(preset);
    if (const Error error = firstError({map.readInt(kRandomSeconds, 1, 3600, plan.randomSeconds),
                                        map.readInt(kIdleSeconds, 0, 24 * 3600, plan.idleSeconds),
                                        map.readInt(kFillPasses, 1, 4, plan.fillPasses)});
        error.isError())
        return error;
    return plan;
}

QVariantMap recoveryOptionsFromPlan(const RecoveryPlan &plan)
{
    return {{kRandomSeconds, QVariant::fromValue(uint(plan.randomSeconds))},
            {kIdleSeconds, QVariant::fromValue(uint(plan.idleSeconds))},
            {kFillPasses, QVariant::fromValue(uint(plan.fillPasses))}};
}

Expected<FillCurvePlan> fillCurvePlanFromOptions(const QVariantMap &options)
{
    const OptionMap map(options);
    FillCurvePlan plan;
    if (const Error error =
            firstError({map.checkKnownKeys({kSampleBytes, kCliffDrop, kTrimFirst}),
                        map.readUnsigned(kSampleBytes, 0, kMaxSampleBytes, plan.sampleBytes),
                        map.readBool(kTrimFirst, plan.trimFirst)});
        error.isError())
        return error;
    if (map.has(kCliffDrop)) {
        double drop = 0;
        if (const Error error = map.readDouble(kCliffDrop, 0.05, 0.95, true, drop);
            error.isError() || drop >= 0.95)
            return error.isError()
                       ? error
                       : makeError(ErrorCode::InvalidArgument,
                                   QStringLiteral("option cliff_drop_fraction must be above "
                                                  "0.05 and below 0.95"));
        plan.cliffDropFraction = drop;
    }
    return plan;
}

QVariantMap fillCurveOptionsFromPlan(const FillCurvePlan &plan)
{
    return {{kSampleBytes, QVariant::fromValue(qulonglong(plan.sampleBytes))},
            {kCliffDrop, plan.cliffDropFraction},
            {kTrimFirst, plan.trimFirst}};
}

Expected<probe::BackgroundProbeRequest>
backgroundProbeRequestFromOptions(const QVariantMap &options)
{
    const OptionMap map(options);
    probe::BackgroundProbeRequest request;
    if (const Error error = firstError(
            {map.checkKnownKeys({kDiscardBytes, kMaxSeconds, kMaxWaitSeconds, kFillFirst}),
             map.readUnsigned(kDiscardBytes, 0, kMaxProbeDiscardBytes, request.discardBytes),
             map.readDouble(kMaxSeconds, 0, kMaxProbeSeconds, true, request.maxSeconds),
             map.readDouble(kMaxWaitSeconds, 0, probe::kMaxProbeWaitSeconds, true,
                            request.maxWaitSeconds),
             map.readBool(kFillFirst, request.fillFirst)});
        error.isError())
        return error;
    if (request.discardBytes % 4096)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("option discard_bytes must be a multiple of 4096"));
    return request;
}

QVariantMap backgroundProbeOptionsFromRequest(const probe::BackgroundProbeRequest &request)
{
    QVariantMap options{{kFillFirst, request.fillFirst}};
    if (request.discardBytes)
        options.insert(kDiscardBytes, QVariant::fromValue(qulonglong(request.discardBytes)));
    if (request.maxSeconds > 0)
        options.insert(kMaxSeconds, request.maxSeconds);
    if (request.maxWaitSeconds > 0)
        options.insert(kMaxWaitSeconds, request.maxWaitSeconds);
    return options;
}

Expected<stall::StallPlan> stallPlanFromOptions(const QVariantMap &options)
{
    const OptionMap map(options);
    stall::StallPlan plan;
    if (const Error error = firstError(
            {map.checkKnownKeys({kReadRegionBytes, kDiscardRegionBytes, kSmallBytes, kMediumBytes,
                                 kSmallDiscards, kMediumDiscards, kRegionDiscards, kBaselineSeconds,
                                 kGapSeconds, kWrites, kFillFirst, kMaxLatencySeconds}),
             map.readUnsigned(kReadRegionBytes, 0, kMaxStallRegionBytes, plan.readRegionBytes),
             map.readUnsigned(kDiscardRegionBytes, 0, kMaxStallRegionBytes,
                              plan.discardRegionBytes),
             map.readUnsigned(kSmallBytes, 4096, kMaxStallRegionBytes, plan.smallBytes),
             map.readUnsigned(kMediumBytes, 4096, kMaxStallRegionBytes, plan.mediumBytes),
             map.readInt(kSmallDiscards, 0, kMaxStallDiscards, plan.smallDiscards),
             map.readInt(kMediumDiscards, 0, kMaxStallDiscards, plan.mediumDiscards),
             map.readInt(kRegionDiscards, 0, kMaxStallDiscards, plan.regionDiscards),
             map.readDouble(kBaselineSeconds, 1, 600, false, plan.baselineSeconds),
             map.readDouble(kGapSeconds, 0.1, 60, false, plan.gapSeconds),
             map.readBool(kWrites, plan.writes), map.readBool(kFillFirst, plan.fillFirst),
             map.readDouble(kMaxLatencySeconds, 0, 60, true, plan.maxLatencySeconds)});
        error.isError())
        return error;
    for (const auto &[key, value] :
         {std::pair{kReadRegionBytes, plan.readRegionBytes},
          std::pair{kDiscardRegionBytes, plan.discardRegionBytes},
          std::pair{kSmallBytes, plan.smallBytes}, std::pair{kMediumBytes, plan.mediumBytes}}) {
        if (value % 4096)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("option %1 must be a multiple of 4096").arg(key));
    }
    return plan;
}

QVariantMap stallOptionsFromPlan(const stall::StallPlan &plan)
{
    return {{kReadRegionBytes, QVariant::fromValue(qulonglong(plan.readRegionBytes))},
            {kDiscardRegionBytes, QVariant::fromValue(qulonglong(plan.discardRegionBytes))},
            {kSmallBytes, QVariant::fromValue(qulonglong(plan.smallBytes))},
            {kMediumBytes, QVariant::fromValue(qulonglong(plan.mediumBytes))},
            {kSmallDiscards, QVariant::fromValue(uint(plan.smallDiscards))},
            {kMediumDiscards, QVariant::fromValue(uint(plan.mediumDiscards))},
            {kRegionDiscards, QVariant::fromValue(uint(plan.regionDiscards))},
            {kBaselineSeconds, plan.baselineSeconds},
            {kGapSeconds, plan.gapSeconds},
            {kWrites, plan.writes},
            {kFillFirst, plan.fillFirst},
            {kMaxLatencySeconds, plan.maxLatencySeconds}};
}

Expected<DiagnosePlan> diagnosePlanFromOptions(const QVariantMap &options)
{
    const OptionMap map(options);
    DiagnosePlan plan;
    if (const Error error =
            firstError({map.checkKnownKeys({kBudgetSeconds, kFilesystems}),
                        map.readDouble(kBudgetSeconds, kMinDiagnoseBudgetSeconds,
                                       kMaxDiagnoseBudgetSeconds, false, plan.budgetSeconds),
                        map.readChoices(kFilesystems, knownFilesystems(), plan.filesystems),
                        validateDiagnosePlan(plan)});
        error.isError())
        return error;
    return plan;
}

QVariantMap diagnoseOptionsFromPlan(const DiagnosePlan &plan)
{
    QVariantMap options{{kBudgetSeconds, plan.budgetSeconds}};
    if (!plan.filesystems.isEmpty())
        options.insert(kFilesystems, plan.filesystems);
    return options;
}

Expected<watch::FstrimTimingPlan> fstrimTimingPlanFromOptions(const QVariantMap &options)
{
    const OptionMap map(options);
    watch::FstrimTimingPlan plan;
    if (const Error error =
            firstError({map.checkKnownKeys({kFilesystem, kPieceBytes, kMinimumBytes}),
                        map.readUnsigned(kPieceBytes, 0, quint64(1) << 40, plan.pieceBytes),
                        map.readUnsigned(kMinimumBytes, 0, quint64(1) << 30, plan.minimumBytes)});
        error.isError())
        return error;
    const QVariant number = options.value(kFilesystem);
    const auto parsed = number.metaType().id() == QMetaType::QString
                            ? watch::parseDeviceNumber(number.toString())
                            : std::nullopt;
    if (!parsed)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("option %1 is required: the filesystem's device number "
                                        "as a string \"MAJOR:MINOR\"")
                             .arg(kFilesystem));
    plan.filesystemMajor = parsed->first;
    plan.filesystemMinor = parsed->second;
    if (const Error error = watch::validateFstrimTimingPlan(plan); error.isError())
        return error;
    return plan;
}

QVariantMap fstrimTimingOptionsFromPlan(const watch::FstrimTimingPlan &plan)
{
    return {{kFilesystem, plan.filesystemNumber()},
            {kPieceBytes, QVariant::fromValue(qulonglong(plan.pieceBytes))},
            {kMinimumBytes, QVariant::fromValue(qulonglong(plan.minimumBytes))}};
}

namespace {

template <class Plan> Expected<JobPlan> asJobPlan(Expected<Plan> plan)
{
    if (!plan)
        return plan.error();
    return JobPlan(std::move(plan).value());
}

QVariantMap optionsOf(const SweepPlan &plan)
{
    return sweepOptionsFromPlan(plan);
}
QVariantMap optionsOf(const FsBenchPlan &plan)
{
    return fsBenchOptionsFromPlan(plan);
}
QVariantMap optionsOf(const MkfsTimingPlan &plan)
{
    return mkfsTimingOptionsFromPlan(plan);
}
QVariantMap optionsOf(const RecoveryPlan &plan)
{
    return recoveryOptionsFromPlan(plan);
}
QVariantMap optionsOf(const FillCurvePlan &plan)
{
    return fillCurveOptionsFromPlan(plan);
}
QVariantMap optionsOf(const probe::BackgroundProbeRequest &request)
{
    return backgroundProbeOptionsFromRequest(request);
}
QVariantMap optionsOf(const stall::StallPlan &plan)
{
    return stallOptionsFromPlan(plan);
}

QVariantMap optionsOf(const DiagnosePlan &plan)
{
    return diagnoseOptionsFromPlan(plan);
}
QVariantMap optionsOf(const watch::FstrimTimingPlan &plan)
{
    return fstrimTimingOptionsFromPlan(plan);
}

// In JobPlan's order (jobKinds()).
using Reader = Expected<JobPlan> (*)(const QVariantMap &);
constexpr std::array<Reader, std::variant_size_v<JobPlan>> kReaders = {
    [](const QVariantMap &o) { return asJobPlan(sweepPlanFromOptions(o)); },
    [](const QVariantMap &o) { return asJobPlan(fsBenchPlanFromOptions(o)); },
    [](const QVariantMap &o) { return asJobPlan(mkfsTimingPlanFromOptions(o)); },
    [](const QVariantMap &o) { return asJobPlan(recoveryPlanFromOptions(o)); },
    [](const QVariantMap &o) { return asJobPlan(fillCurvePlanFromOptions(o)); },
    [](const QVariantMap &o) { return asJobPlan(backgroundProbeRequestFromOptions(o)); },
    [](const QVariantMap &o) { return asJobPlan(stallPlanFromOptions(o)); },
    [](const QVariantMap &o) { return asJobPlan(diagnosePlanFromOptions(o)); },
    [](const QVariantMap &o) { return asJobPlan(fstrimTimingPlanFromOptions(o)); },
};

} // namespace

Expected<JobPlan> jobPlanFromOptions(const QString &kind, const QVariantMap &options)
{
    const qsizetype index = jobKinds().indexOf(kind);
    if (index < 0)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("unknown job kind '%1'; known kinds: %2")
                             .arg(kind, jobKinds().join(QStringLiteral(", "))));
    return kReaders[size_t(index)](options);
}

QVariantMap optionsFromPlan(const JobPlan &plan)
{
    return std::visit([](const auto &kindPlan) { return optionsOf(kindPlan); }, plan);
}

} // namespace trimscope::helper
