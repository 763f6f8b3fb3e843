#include "joboptions.h"

#include "jobs/jobkind.h"

#include <QJsonArray>
#include <QMetaType>
#include <cmath>
#include <limits>
#include <utility>

namespace trimscope::helper {

using namespace trimscope::fsbench;
using namespace trimscope::recovery;

namespace {

Error invalidOption(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, message);
}

// What the helper takes from an untrusted caller, beyond what the plan's own validation says:
// a number under `key` (a file key, dotted into nested objects) in [min, max], either end open
// when said, and a multiple of `step` when it is not 0.
struct Bound
{
    const char *key;
    double min;
    double max;
    bool minOpen = false;
    bool maxOpen = false;
    double step = 0;
};

constexpr double kFourKiB = 4096;
constexpr double kOneMiB = 1 << 20;
constexpr double kOneGiB = double(1 << 30);
constexpr double kTwoTo50 = double(quint64(1) << 50);

// Per kind: its bounds, and what the kind's own validation says (the checks that need the drive
// come later, in the helper). FsBench: a named tree preset fixes the tree's shape.
QList<Bound> boundsOf(const FsBenchPlan &)
{
    return {{"tree.files", 1, 1000000},
            {"tree.bytes", 1, 64 * kOneGiB},
            {"tree.files_per_directory", 1, 100000},
            {"settle_timeout_s", 0, 3600}};
}
void normalize(FsBenchPlan &plan)
{
    if (const auto preset = treePreset(plan.tree.preset)) {
        const quint64 seed = plan.tree.seed;
        plan.tree = *preset;
        plan.tree.seed = seed;
    }
}
Error check(const FsBenchPlan &plan)
{
    if (plan.tree.preset != QLatin1String("custom") && !treePreset(plan.tree.preset))
        return invalidOption(QStringLiteral("option tree.preset must be one of %1 or custom")
                                 .arg(treePresetNames().join(QStringLiteral(", "))));
    return validateFsBenchPlan(plan);
}

QList<Bound> boundsOf(const MkfsTimingPlan &)
{
    return {};
}
Error check(const MkfsTimingPlan &plan)
{
    return validateMkfsTimingPlan(plan);
}

QList<Bound> boundsOf(const RecoveryPlan &)
{
    return {{"random_s", 1, 3600},
            {"idle_s", 0, 24 * 3600},
            {"fill_passes", 1, 4},
            {"random_block_bytes", kFourKiB, 16 * kOneMiB, false, false, kFourKiB},
            {"random_queue_depth", 1, 256},
            {"fill_block_bytes", kFourKiB, 64 * kOneMiB, false, false, kFourKiB},
            {"fill_queue_depth", 1, 256},
            {"fill_pieces", 1, 1024}};
}

QList<Bound> boundsOf(const FillCurvePlan &)
{
    return {{"sample_bytes", 0, kTwoTo50},
            {"cliff_drop_fraction", 0.05, 0.95, true, true},
            {"block_bytes", kFourKiB, 64 * kOneMiB, false, false, kFourKiB},
            {"queue_depth", 1, 256}};
}

QList<Bound> boundsOf(const probe::BackgroundProbeRequest &)
{
    return {{"discard_bytes", 0, 64 * kOneGiB, false, false, kFourKiB},
            {"max_s", 0, 120},
            {"max_wait_s", 0, 3600}};
}

QList<Bound> boundsOf(const stall::StallPlan &)
{
    return {{"read_region_bytes", 0, kTwoTo50, false, false, kFourKiB},
            {"discard_region_bytes", 0, kTwoTo50, false, false, kFourKiB},
            {"small_bytes", kFourKiB, kTwoTo50, false, false, kFourKiB},
            {"medium_bytes", kFourKiB, kTwoTo50, false, false, kFourKiB},
            {"small_discards", 0, 1000},
            {"medium_discards", 0, 1000},
            {"region_discards", 0, 1000},
            {"baseline_s", 1, 600},
            {"gap_s", 0.1, 60},
            {"max_latency_s", 0, 60, true}};
}

QList<Bound> boundsOf(const DiagnosePlan &)
{
    return {};
}
Error check(const DiagnosePlan &plan)
{
    return validateDiagnosePlan(plan);
}

// The kernel's dev_t holds 12 bits of major and 20 of minor.
QList<Bound> boundsOf(const watch::FstrimTimingPlan &)
{
    return {{"filesystem_major", 0, 4095}, {"filesystem_minor", 0, (1 << 20) - 1}};
}
Error check(const watch::FstrimTimingPlan &plan)
{
    return watch::validateFstrimTimingPlan(plan);
}

QList<Bound> boundsOf(const SweepPlan &)
{
    return {{"time_budget_s", 0, 24 * 3600}};
}
// An adaptive sweep samples each size until its median is known: a count of repeats beside it
// would be ignored, so one other than the default is refused.
Error check(const SweepPlan &plan)
{
    if (plan.adaptive && plan.repeats != SweepPlan().repeats)
        return invalidOption(QStringLiteral("options repeats and adaptive exclude each other"));
    return validatePlanBounds(plan);
}
// Every key the sweep's plan writes: the adaptive ones only for an adaptive plan.
QJsonObject everyKey(const SweepPlan &)
{
    SweepPlan adaptive;
    adaptive.adaptive = true;
    return adaptive.toJson();
}
// StartSweep's callers from before its options were the plan's file form sent the seed as an
// unsigned integer (t; Helper1.xml promised that), where the file holds decimal text, which keeps
// all 64 bits (a JSON number is exact to 2^53 only). Still accepted: any D-Bus integer type with a
// value of 0 or more is turned into that text here, exactly, before the codec reads it.
void acceptOlderForms(const SweepPlan &, QVariantMap &options)
{
    const auto seed = options.find(QStringLiteral("seed"));
    if (seed == options.end())
        return;
    switch (seed->metaType().id()) {
    case QMetaType::UChar:
    case QMetaType::UShort:
    case QMetaType::UInt:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        *seed = QString::number(seed->toULongLong());
        break;
    case QMetaType::Short:
    case QMetaType::Int:
    case QMetaType::Long:
    case QMetaType::LongLong:
        if (seed->toLongLong() >= 0)
            *seed = QString::number(seed->toLongLong());
        break;
    default:
        break;
    }
}

// Kinds without a hook of their own.
template <class Plan> void normalize(Plan &) {}
template <class Plan> Error check(const Plan &)
{
    return {};
}
template <class Plan> QJsonObject everyKey(const Plan &)
{
    return Plan().toJson();
}
template <class Plan> void acceptOlderForms(const Plan &, QVariantMap &) {}

// The options' plain values as JSON; nothing for anything else (a nested container arrives as
// a QDBusArgument, a byte array as ay: neither is a plan's).
std::optional<QJsonValue> plainJson(const QVariant &value)
{
    switch (value.metaType().id()) {
    case QMetaType::Bool:
        return QJsonValue(value.toBool());
    case QMetaType::UChar:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::LongLong:
        return QJsonValue(value.toLongLong());
    case QMetaType::ULong:
    case QMetaType::ULongLong: {
        const qulonglong number = value.toULongLong();
        return number <= qulonglong(std::numeric_limits<qint64>::max())
                   ? QJsonValue(qint64(number))
                   : QJsonValue(double(number));
    }
    case QMetaType::Double:
        return QJsonValue(value.toDouble());
    case QMetaType::QString:
        return QJsonValue(value.toString());
    case QMetaType::QStringList:
        return QJsonValue(QJsonArray::fromStringList(value.toStringList()));
    default:
        return std::nullopt;
    }
}

QJsonValue valueAt(const QJsonObject &json, const QString &key)
{
    const qsizetype dot = key.indexOf(u'.');
    if (dot < 0)
        return json.value(key);
    return valueAt(json.value(key.left(dot)).toObject(), key.mid(dot + 1));
}

void insertAt(QJsonObject &json, const QString &key, const QJsonValue &value)
{
    const qsizetype dot = key.indexOf(u'.');
    if (dot < 0) {
        json.insert(key, value);
        return;
    }
    QJsonObject inner = json.value(key.left(dot)).toObject();
    insertAt(inner, key.mid(dot + 1), value);
    json.insert(key.left(dot), inner);
}

bool sameValue(const QJsonValue &a, const QJsonValue &b)
{
    if (a.isDouble() && b.isDouble())
        return a.toDouble() == b.toDouble(); // integers and doubles alike; NaN never
    return a == b;
}

QString typeWords(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return QStringLiteral("a boolean (b)");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("text (s)");
    case QJsonValue::Array:
        return QStringLiteral("a list of text (as)");
    default:
        return QStringLiteral("a plain value");
    }
}

Error checkBound(const QJsonObject &plan, const Bound &bound)
{
    // A bound names a key of the plan's codec: one the codec does not write (renamed there)
    // would bound nothing, so every request of that kind is refused and the tests see it.
    const QJsonValue number = valueAt(plan, QLatin1String(bound.key));
    if (!number.isDouble())
        return invalidOption(
            QStringLiteral("the helper bounds option %1, which is not a number of the plan")
                .arg(QLatin1String(bound.key)));
    const double value = number.toDouble();
    const bool below = bound.minOpen ? !(value > bound.min) : !(value >= bound.min);
    const bool above = bound.maxOpen ? !(value < bound.max) : !(value <= bound.max);
    if (below || above)
        return invalidOption(
            QStringLiteral("option %1 must be %2 %3 and %4 %5")
                .arg(QLatin1String(bound.key),
                     bound.minOpen ? QStringLiteral("above") : QStringLiteral("at least"))
                .arg(bound.min)
                .arg(bound.maxOpen ? QStringLiteral("below") : QStringLiteral("at most"))
                .arg(bound.max));
    if (bound.step > 0 && std::fmod(value, bound.step) != 0)
        return invalidOption(QStringLiteral("option %1 must be a multiple of %2")
                                 .arg(QLatin1String(bound.key))
                                 .arg(bound.step));
    return {};
}

// One kind's plan from untrusted options, through the plan's own codec: the defaults' file form,
// each option checked against it and put in, read as a plan, and written again, which must give
// back what was asked.
template <class Plan> Expected<Plan> readPlan(QVariantMap options)
{
    const QJsonObject defaults = Plan().toJson();
    const QJsonObject keys = everyKey(Plan());
    const QVariantMap known = optionsFromJson(keys);
    acceptOlderForms(Plan(), options);
    QJsonObject asked = defaults;
    for (auto it = options.cbegin(); it != options.cend(); ++it) {
        if (!known.contains(it.key()))
            return invalidOption(QStringLiteral("unknown option '%1'; known options: %2")
                                     .arg(it.key(), known.keys().join(QStringLiteral(", "))));
        const QJsonValue expected = valueAt(keys, it.key());
        const std::optional<QJsonValue> value = plainJson(it.value());
        if (!value || value->type() != expected.type())
            return invalidOption(
                QStringLiteral("option %1 must be %2").arg(it.key(), typeWords(expected)));
        insertAt(asked, it.key(), *value);
    }
    Plan plan = Plan::fromJson(asked);
    normalize(plan);
    const QJsonObject read = plan.toJson();
    for (auto it = options.cbegin(); it != options.cend(); ++it) {
        if (!sameValue(valueAt(read, it.key()), valueAt(asked, it.key())))
            return invalidOption(
                QStringLiteral("option %1 cannot be %2").arg(it.key(), it.value().toString()));
    }
    for (const Bound &bound : boundsOf(plan)) {
        if (const Error error = checkBound(read, bound); error.isError())
            return error;
    }
    if (const Error error = check(plan); error.isError())
        return error;
    return plan;
}

template <class Plan> Expected<JobPlan> readJobPlan(const QVariantMap &options)
{
    Expected<Plan> plan = readPlan<Plan>(options);
    if (!plan)
        return plan.error();
    return JobPlan(std::move(plan).value());
}

template <std::size_t... I>
std::optional<Expected<JobPlan>> readKind(const QString &kind, const QVariantMap &options,
                                          std::index_sequence<I...>)
{
    std::optional<Expected<JobPlan>> plan;
    ((kind == QLatin1String(jobKindOf<std::variant_alternative_t<I, JobPlan>>().name)
          ? void(plan = readJobPlan<std::variant_alternative_t<I, JobPlan>>(options))
          : void()),
     ...);
    return plan;
}

void flatten(const QJsonObject &json, const QString &prefix, QVariantMap &options)
{
    for (auto it = json.begin(); it != json.end(); ++it) {
        const QString key = prefix + it.key();
        const QJsonValue value = it.value();
        if (value.isObject()) {
            flatten(value.toObject(), key + u'.', options);
        } else if (value.isArray()) {
            QStringList texts;
            for (const QJsonValue &entry : value.toArray())
                texts.append(entry.toString());
            options.insert(key, texts);
        } else if (value.isDouble()) {
            // Whole numbers as x (exact; JSON numbers are exact to 2^53), the rest as d.
            const double number = value.toDouble();
            if (std::trunc(number) == number && std::abs(number) < 9007199254740992.0)
                options.insert(key, qlonglong(number));
            else
                options.insert(key, number);
        } else if (value.isBool() || value.isString()) {
            options.insert(key, value.toVariant());
        }
    }
}

} // namespace

QVariantMap optionsFromJson(const QJsonObject &json)
{
    QVariantMap options;
    flatten(json, QString(), options);
    return options;
}

Expected<QJsonObject> jsonFromOptions(const QVariantMap &options)
{
    QJsonObject json;
    for (auto it = options.cbegin(); it != options.cend(); ++it) {
        const std::optional<QJsonValue> value = plainJson(it.value());
        if (!value)
            return invalidOption(QStringLiteral("option %1 must be a boolean, a number, text or "
                                                "a list of text")
                                     .arg(it.key()));
        insertAt(json, it.key(), *value);
    }
    return json;
}

Expected<JobPlan> jobPlanFromOptions(const QString &kind, const QVariantMap &options)
{
    std::optional<Expected<JobPlan>> plan =
        readKind(kind, options, std::make_index_sequence<std::variant_size_v<JobPlan>>());
    if (!plan)
        return invalidOption(QStringLiteral("unknown job kind '%1'; known kinds: %2")
                                 .arg(kind, jobKinds().join(QStringLiteral(", "))));
    return std::move(*plan);
}

QVariantMap optionsFromPlan(const JobPlan &plan)
{
    return std::visit([](const auto &kindPlan) { return optionsFromJson(kindPlan.toJson()); },
                      plan);
}

} // namespace trimscope::helper
