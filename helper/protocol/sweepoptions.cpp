#include "sweepoptions.h"

#include <QMetaType>
#include <limits>
#include <optional>

namespace trimscope::helper {

namespace {

const auto kMinBytes = QStringLiteral("min_bytes");
const auto kMaxBytes = QStringLiteral("max_bytes");
const auto kRepeats = QStringLiteral("repeats");
const auto kAdaptive = QStringLiteral("adaptive");
const auto kOrder = QStringLiteral("order");
const auto kPrewrite = QStringLiteral("prewrite");
const auto kSweepSeed = QStringLiteral("seed");
const auto kTimeBudget = QStringLiteral("time_budget_s");

constexpr double kMaxTimeBudgetSeconds = 24 * 3600;

// The unsigned value of any D-Bus integer type; nothing for negative values, strings, doubles
// and booleans.
std::optional<quint64> unsignedOptionValue(const QVariant &value)
{
    switch (value.metaType().id()) {
    case QMetaType::UChar:
    case QMetaType::UShort:
    case QMetaType::UInt:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        return value.toULongLong();
    case QMetaType::Short:
    case QMetaType::Int:
    case QMetaType::Long:
    case QMetaType::LongLong: {
        const qlonglong signedValue = value.toLongLong();
        if (signedValue < 0)
            return std::nullopt;
        return quint64(signedValue);
    }
    default:
        return std::nullopt;
    }
}

Error invalidSweepOption(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, message);
}

Error readSize(const QVariantMap &options, const QString &key, quint64 &out)
{
    if (!options.contains(key))
        return {};
    const auto value = unsignedOptionValue(options.value(key));
    if (!value || *value == 0)
        return invalidSweepOption(
            QStringLiteral("option %1 must be a positive integer number of bytes").arg(key));
    out = *value;
    return {};
}

Error readBool(const QVariantMap &options, const QString &key, bool &out)
{
    if (!options.contains(key))
        return {};
    const QVariant value = options.value(key);
    if (value.metaType().id() != QMetaType::Bool)
        return invalidSweepOption(QStringLiteral("option %1 must be a boolean").arg(key));
    out = value.toBool();
    return {};
}

} // namespace

Expected<SweepPlan> sweepPlanFromOptions(const QVariantMap &options)
{
    static const QStringList known = {kMinBytes, kMaxBytes, kRepeats,   kAdaptive,
                                      kOrder,    kPrewrite, kSweepSeed, kTimeBudget};
    for (auto it = options.cbegin(); it != options.cend(); ++it) {
        if (!known.contains(it.key()))
            return invalidSweepOption(QStringLiteral("unknown option '%1'; known options: %2")
                                          .arg(it.key(), known.join(QStringLiteral(", "))));
    }

    SweepPlan plan;
    for (const auto &[key, field] :
         {std::pair{kMinBytes, &plan.minBytes}, std::pair{kMaxBytes, &plan.maxBytes}}) {
        if (const Error error = readSize(options, key, *field); error.isError())
            return error;
    }
    if (options.contains(kRepeats)) {
        const auto repeats = unsignedOptionValue(options.value(kRepeats));
        if (!repeats || *repeats < 1 || *repeats > quint64(kMaxRepeats))
            return invalidSweepOption(
                QStringLiteral("option repeats must be an integer from 1 to %1").arg(kMaxRepeats));
        plan.repeats = int(*repeats);
    }
    for (const auto &[key, field] :
         {std::pair{kAdaptive, &plan.adaptive}, std::pair{kPrewrite, &plan.prewrite}}) {
        if (const Error error = readBool(options, key, *field); error.isError())
            return error;
    }
    if (plan.adaptive && options.contains(kRepeats))
        return invalidSweepOption(
            QStringLiteral("options repeats and adaptive exclude each other"));
    if (options.contains(kOrder)) {
        const QVariant value = options.value(kOrder);
        const auto order = value.metaType().id() == QMetaType::QString
                               ? sweepOrderFromName(value.toString())
                               : std::nullopt;
        if (!order)
            return invalidSweepOption(
                QStringLiteral("option order must be \"interleaved\" or \"descending\""));
        plan.order = *order;
    }
    if (options.contains(kSweepSeed)) {
        const auto seed = unsignedOptionValue(options.value(kSweepSeed));
        if (!seed || *seed == 0)
            return invalidSweepOption(QStringLiteral("option seed must be a positive integer"));
        plan.seed = *seed;
    }
    if (options.contains(kTimeBudget)) {
        const QVariant value = options.value(kTimeBudget);
        const double seconds = value.toDouble();
        if (value.metaType().id() != QMetaType::Double || !(seconds > 0) ||
            seconds > kMaxTimeBudgetSeconds)
            return invalidSweepOption(
                QStringLiteral("option time_budget_s must be a number of seconds "
                               "above 0 and at most %1")
                    .arg(kMaxTimeBudgetSeconds));
        plan.timeBudgetSeconds = seconds;
    }
    if (const Error error = validatePlanBounds(plan); error.isError())
        return error;
    return plan;
}

QVariantMap sweepOptionsFromPlan(const SweepPlan &plan)
{
    const SweepPlan defaults;
    QVariantMap options;
    if (plan.minBytes != 0)
        options.insert(kMinBytes, QVariant::fromValue(qulonglong(plan.minBytes)));
    if (plan.maxBytes != 0)
        options.insert(kMaxBytes, QVariant::fromValue(qulonglong(plan.maxBytes)));
    if (plan.adaptive)
        options.insert(kAdaptive, true);
    else if (plan.repeats != defaults.repeats)
        options.insert(kRepeats, QVariant::fromValue(uint(plan.repeats)));
    if (plan.order != defaults.order)
        options.insert(kOrder, sweepOrderName(plan.order));
    // Always sent: a helper from before pre-writing became the default would not pre-write.
    options.insert(kPrewrite, plan.prewrite);
    if (plan.seed != 0)
        options.insert(kSweepSeed, QVariant::fromValue(qulonglong(plan.seed)));
    if (plan.timeBudgetSeconds > 0)
        options.insert(kTimeBudget, plan.timeBudgetSeconds);
    return options;
}

} // namespace trimscope::helper
