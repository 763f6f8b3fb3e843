#pragma once

#include "error.h"
#include "jsonfields.h"

namespace trimscope {

// Readers of result files refuse what our writers never write, naming the field, rather than
// read it as a fallback and show "-149.78 %" later: JsonFields reads, these check first.
// A field's path as a message names it: "pieces[2].seconds".
QString fieldPath(const QString &parent, const char *key);
QString fieldPath(const QString &parent, qsizetype index);

// InvalidArgument: "PATH: WHY".
Error fieldError(const QString &path, const QString &why);

// Why `value` is not what a writer writes for that kind of member; empty when it is.
// Counts: whole numbers from 0 to `max` (JSON numbers are exact to 2^53). Quantities (times,
// shares, bytes as doubles): finite and not negative. Text: a string of one line (no control
// character: a newline in a mount point breaks every line it is printed in). Lists of text:
// arrays of such strings.
QString countProblem(const QJsonValue &value, double max);
QString signedProblem(const QJsonValue &value, double min, double max);
QString quantityProblem(const QJsonValue &value);
QString textProblem(const QJsonValue &value);
QString flagProblem(const QJsonValue &value);
QString textsProblem(const QJsonValue &value);

template <class T> QString memberProblem(const QJsonValue &value)
{
    if constexpr (std::is_same_v<T, bool>)
        return flagProblem(value);
    else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
        return countProblem(value, double(std::numeric_limits<T>::max()));
    else if constexpr (std::is_integral_v<T>)
        return signedProblem(value, double(std::numeric_limits<T>::min()),
                             double(std::numeric_limits<T>::max()));
    else if constexpr (std::is_floating_point_v<T>)
        return quantityProblem(value);
    else if constexpr (std::is_same_v<T, QString>)
        return textProblem(value);
    else if constexpr (std::is_same_v<T, QStringList>)
        return textsProblem(value);
    else
        return value.isNull() ? QString() : memberProblem<typename T::value_type>(value);
}

// The first member of `fields` present in `json` with a value its writer could not have
// written, named as path.key. A missing key is not checked here (it reads as the default).
template <class Struct, class... Members>
Error checkFields(const QJsonObject &json, const std::tuple<JsonField<Struct, Members>...> &fields,
                  const QString &path)
{
    Error error;
    std::apply(
        [&](const auto &...field) {
            const auto check = [&](const auto &f) {
                using Member = std::remove_cvref_t<decltype(std::declval<Struct>().*(f.member))>;
                if (error.isError() || !json.contains(QLatin1String(f.key)))
                    return;
                const QJsonValue value = json.value(QLatin1String(f.key));
                if (const QString why = f.form == JsonForm::DecimalText
                                            ? textProblem(value)
                                            : memberProblem<Member>(value);
                    !why.isEmpty())
                    error = fieldError(fieldPath(path, f.key), why);
            };
            (check(field), ...);
        },
        fields);
    return error;
}

// `key` in `json` must be an object (an array that, with `nonEmpty`, holds something).
Error checkObjectField(const QJsonObject &json, const char *key, const QString &path);
Error checkArrayField(const QJsonObject &json, const char *key, const QString &path,
                      bool nonEmpty);

} // namespace trimscope
