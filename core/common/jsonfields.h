#pragma once

#include "checkednumber.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <optional>
#include <tuple>

namespace trimscope {

// Typed reads of one JSON object's fields, for the readers of what our writers wrote: a missing
// or mistyped field reads as the fallback, so a reader states only what it checks.
class JsonFields
{
public:
    explicit JsonFields(QJsonObject json) : m_json(std::move(json)) {}

    bool has(const char *key) const { return m_json.contains(QLatin1String(key)); }
    QString text(const char *key) const;
    double number(const char *key, double fallback = 0) const;
    // Byte counts and other unsigned integers, which JSON carries as doubles (exact to 2^53).
    quint64 count(const char *key) const;
    int integer(const char *key, int fallback = 0) const;
    bool flag(const char *key, bool fallback = false) const;
    QStringList texts(const char *key) const;
    QJsonObject object(const char *key) const;
    QJsonArray array(const char *key) const;
    // nullopt when the field is absent or null.
    std::optional<double> optionalNumber(const char *key) const;
    std::optional<bool> optionalFlag(const char *key) const;
    std::optional<QString> optionalText(const char *key) const;

private:
    QJsonValue value(const char *key) const { return m_json.value(QLatin1String(key)); }
    QJsonObject m_json;
};

// null for nullopt: how our writers say "not known".
QJsonValue jsonOrNull(const std::optional<double> &value);
QJsonValue jsonOrNull(const std::optional<bool> &value);
QJsonValue jsonOrNull(const std::optional<QString> &value);

// One key of a struct's JSON, bound to the member it holds. A struct whose members are plain
// values lists its keys once, in a tuple of these, and reads and writes through the same list:
// a key cannot be written under one name and read under another.
template <class Struct, class Member> struct JsonField
{
    const char *key;
    Member Struct::*member;
};
// Written out for compilers without C++20's deduction for aggregates (clang before 17).
template <class Struct, class Member>
JsonField(const char *, Member Struct::*) -> JsonField<Struct, Member>;

// The JSON forms of plain members: numbers (integers travel as doubles, exact to 2^53), flags,
// text, lists of text, and optional numbers, flags and text (null when not known).
template <class T> QJsonValue toJsonValue(const T &value)
{
    if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
        return double(value);
    else if constexpr (std::is_same_v<T, QStringList>)
        return QJsonArray::fromStringList(value);
    else if constexpr (std::is_same_v<T, std::optional<double>> ||
                       std::is_same_v<T, std::optional<bool>> ||
                       std::is_same_v<T, std::optional<QString>>)
        return jsonOrNull(value);
    else
        return QJsonValue(value);
}

// Reads `key` into `value`; an absent key leaves the member's default.
template <class T> void fromJsonValue(const JsonFields &fields, const char *key, T &value)
{
    if (!fields.has(key))
        return;
    if constexpr (std::is_same_v<T, bool>)
        value = fields.flag(key, value);
    else if constexpr (std::is_integral_v<T>)
        value = checkedInteger<T>(fields.number(key, double(value))).value_or(T(0));
    else if constexpr (std::is_floating_point_v<T>)
        value = T(fields.number(key, double(value)));
    else if constexpr (std::is_same_v<T, QString>)
        value = fields.text(key);
    else if constexpr (std::is_same_v<T, QStringList>)
        value = fields.texts(key);
    else if constexpr (std::is_same_v<T, std::optional<double>>)
        value = fields.optionalNumber(key);
    else if constexpr (std::is_same_v<T, std::optional<bool>>)
        value = fields.optionalFlag(key);
    else
        value = fields.optionalText(key);
}

template <class Struct, class... Members>
QJsonObject fieldsToJson(const Struct &object,
                         const std::tuple<JsonField<Struct, Members>...> &fields)
{
    QJsonObject json;
    std::apply(
        [&](const auto &...field) {
            (json.insert(QLatin1String(field.key), toJsonValue(object.*(field.member))), ...);
        },
        fields);
    return json;
}

template <class Struct, class... Members>
void fieldsFromJson(const QJsonObject &json, Struct &object,
                    const std::tuple<JsonField<Struct, Members>...> &fields)
{
    const JsonFields read(json);
    std::apply(
        [&](const auto &...field) {
            (fromJsonValue(read, field.key, object.*(field.member)), ...);
        },
        fields);
}

// A list of values that write themselves (toJson()), as a JSON array in the list's order.
template <class List> QJsonArray toJsonArray(const List &items)
{
    QJsonArray array;
    for (const auto &item : items)
        array.append(item.toJson());
    return array;
}

} // namespace trimscope
