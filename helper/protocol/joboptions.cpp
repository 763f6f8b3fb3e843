#include "joboptions.h"

#include "common/jsonfields.h"
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
// a member of the plan (a path of members into nested ones) in [min, max], either end open when
// said, and a multiple of `step` when it is not 0. The bound names the member, not its key: the
// key is looked up in the plan's field list (its jsonFields(), which its codec writes through),
// so a key renamed there takes its bound along, and a bound on a member the list does not write
// does not compile.
struct Shape
{
    bool minOpen = false;
    bool maxOpen = false;
    double step = 0;
};
template <class Plan> struct Bound
{
    double (*read)(const Plan &);
    QString key; // dotted for a member of a nested object: "tree.files"
    double min;
    double max;
    Shape shape;
};

template <auto Member, auto... Rest> auto &memberAt(auto &object)
{
    if constexpr (sizeof...(Rest) == 0)
        return object.*Member;
    else
        return memberAt<Rest...>(object.*Member);
}
template <auto First, auto... Rest>
Bound<typename MemberPointer<decltype(First)>::owner> bound(double min, double max,
                                                            Shape shape = {})
{
    using Plan = typename MemberPointer<decltype(First)>::owner;
    return {[](const Plan &plan) { return double(memberAt<First, Rest...>(plan)); },
            jsonKeyPath<First, Rest...>(), min, max, shape};
}

constexpr double kFourKiB = 4096;
constexpr double kOneMiB = 1 << 20;
constexpr double kOneGiB = double(1 << 30);
constexpr double kTwoTo50 = double(quint64(1) << 50);
constexpr Shape kWholeBlocks{.step = kFourKiB};

// Per kind: its bounds, and what the kind's own validation says (the checks that need the drive
// come later, in the helper). FsBench: a named tree preset fixes the tree's shape.
QList<Bound<FsBenchPlan>> boundsOf(const FsBenchPlan &)
{
    return {bound<&FsBenchPlan::tree, &TreeSpec::files>(1, 1000000),
            bound<&FsBenchPlan::tree, &TreeSpec::bytes>(1, 64 * kOneGiB),
            bound<&FsBenchPlan::tree, &TreeSpec::filesPerDirectory>(1, 100000),
            bound<&FsBenchPlan::settleTimeoutSeconds>(0, 3600)};
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

QList<Bound<MkfsTimingPlan>> boundsOf(const MkfsTimingPlan &)
{
    return {};
}
Error check(const MkfsTimingPlan &plan)
{
    return validateMkfsTimingPlan(plan);
}

QList<Bound<RecoveryPlan>> boundsOf(const RecoveryPlan &)
{
    return {bound<&RecoveryPlan::randomSeconds>(1, 3600),
            bound<&RecoveryPlan::idleSeconds>(0, 24 * 3600),
            bound<&RecoveryPlan::fillPasses>(1, 4),
            bound<&RecoveryPlan::randomBlockBytes>(kFourKiB, 16 * kOneMiB, kWholeBlocks),
            bound<&RecoveryPlan::randomQueueDepth>(1, 256),
            bound<&RecoveryPlan::fillBlockBytes>(kFourKiB, 64 * kOneMiB, kWholeBlocks),
            bound<&RecoveryPlan::fillQueueDepth>(1, 256),
            bound<&RecoveryPlan::fillPieces>(1, 1024)};
}

QList<Bound<FillCurvePlan>> boundsOf(const FillCurvePlan &)
{
    return {
        bound<&FillCurvePlan::sampleBytes>(0, kTwoTo50),
        bound<&FillCurvePlan::cliffDropFraction>(0.05, 0.95, {.minOpen = true, .maxOpen = true}),
        bound<&FillCurvePlan::blockBytes>(kFourKiB, 64 * kOneMiB, kWholeBlocks),
        bound<&FillCurvePlan::queueDepth>(1, 256)};
}

using probe::BackgroundProbeRequest;
QList<Bound<BackgroundProbeRequest>> boundsOf(const BackgroundProbeRequest &)
{
    return {bound<&BackgroundProbeRequest::discardBytes>(0, 64 * kOneGiB, kWholeBlocks),
            bound<&BackgroundProbeRequest::maxSeconds>(0, 120),
            bound<&BackgroundProbeRequest::maxWaitSeconds>(0, 3600)};
}

using stall::StallPlan;
QList<Bound<StallPlan>> boundsOf(const StallPlan &)
{
    return {bound<&StallPlan::readRegionBytes>(0, kTwoTo50, kWholeBlocks),
            bound<&StallPlan::discardRegionBytes>(0, kTwoTo50, kWholeBlocks),
            bound<&StallPlan::smallBytes>(kFourKiB, kTwoTo50, kWholeBlocks),
            bound<&StallPlan::mediumBytes>(kFourKiB, kTwoTo50, kWholeBlocks),
            bound<&StallPlan::smallDiscards>(0, 1000),
            bound<&StallPlan::mediumDiscards>(0, 1000),
            bound<&StallPlan::regionDiscards>(0, 1000),
            bound<&StallPlan::baselineSeconds>(1, 600),
            bound<&StallPlan::gapSeconds>(0.1, 60),
            bound<&StallPlan::maxLatencySeconds>(0, 60, {.minOpen = true})};
}

QList<Bound<DiagnosePlan>> boundsOf(const DiagnosePlan &)
{
    return {};
}
Error check(const DiagnosePlan &plan)
{
    return validateDiagnosePlan(plan);
}

// The kernel's dev_t holds 12 bits of major and 20 of minor.
using watch::FstrimTimingPlan;
QList<Bound<FstrimTimingPlan>> boundsOf(const FstrimTimingPlan &)
{
    return {bound<&FstrimTimingPlan::filesystemMajor>(0, 4095),
            bound<&FstrimTimingPlan::filesystemMinor>(0, (1 << 20) - 1)};
}
Error check(const watch::FstrimTimingPlan &plan)
{
    return watch::validateFstrimTimingPlan(plan);
}

QList<Bound<SweepPlan>> boundsOf(const SweepPlan &)
{
    return {bound<&SweepPlan::timeBudgetSeconds>(0, 24 * 3600)};
}
// An adaptive sweep samples each size until its median is known: a count of repeats beside it
// would be ignored, so one other than the default is refused.
Error check(const SweepPlan &plan)
{
    if (plan.adaptive && plan.repeats != SweepPlan().repeats)
        return invalidOption(QStringLiteral("options repeats and adaptive exclude each other"));
    return validatePlanBounds(plan);
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
// The plan's file form with every key its codec may write (the sweep's adaptive ones too).
template <class Plan> QJsonObject everyKey(const Plan &plan)
{
    return fieldsToJson(plan, Plan::jsonFields(), JsonWrite::EveryKey);
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

template <class Plan> Error checkBound(const Plan &plan, const Bound<Plan> &bound)
{
    const QString &key = bound.key;
    const double value = bound.read(plan);
    const Shape &shape = bound.shape;
    const bool below = shape.minOpen ? !(value > bound.min) : !(value >= bound.min);
    const bool above = shape.maxOpen ? !(value < bound.max) : !(value <= bound.max);
    if (below || above)
        return invalidOption(
            QStringLiteral("option %1 must be %2 %3 and %4 %5")
                .arg(key, shape.minOpen ? QStringLiteral("above") : QStringLiteral("at least"))
                .arg(bound.min)
                .arg(shape.maxOpen ? QStringLiteral("below") : QStringLiteral("at most"))
                .arg(bound.max));
    if (shape.step > 0 && std::fmod(value, shape.step) != 0)
        return invalidOption(
            QStringLiteral("option %1 must be a multiple of %2").arg(key).arg(shape.step));
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
    for (const Bound<Plan> &bound : boundsOf(plan)) {
        if (const Error error = checkBound(plan, bound); error.isError())
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

template <class Plan> OptionKeys optionKeysOf()
{
    OptionKeys keys;
    keys.keys = optionsFromJson(everyKey(Plan())).keys();
    for (const Bound<Plan> &bound : boundsOf(Plan()))
        keys.bounded.append(bound.key);
    return keys;
}

template <std::size_t... I>
std::optional<OptionKeys> keysOfKind(const QString &kind, std::index_sequence<I...>)
{
    std::optional<OptionKeys> keys;
    ((kind == QLatin1String(jobKindOf<std::variant_alternative_t<I, JobPlan>>().name)
          ? void(keys = optionKeysOf<std::variant_alternative_t<I, JobPlan>>())
          : void()),
     ...);
    return keys;
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

OptionKeys optionKeys(const QString &kind)
{
    return keysOfKind(kind, std::make_index_sequence<std::variant_size_v<JobPlan>>())
        .value_or(OptionKeys());
}

QVariantMap optionsFromPlan(const JobPlan &plan)
{
    return std::visit([](const auto &kindPlan) { return optionsFromJson(kindPlan.toJson()); },
                      plan);
}

} // namespace trimscope::helper
