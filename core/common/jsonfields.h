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
// a key cannot be written under one name and read under another. A plan lists them in its own
// static constexpr jsonFields(), which the helper's bounds look their keys up in (jsonKeyOf).
//   - a member that is itself such a struct is written as a nested object through its own list;
//   - an enum is written as its name: jsonName(value) and fromJsonName(text, value), found
//     beside the enum;
//   - JsonForm::DecimalText writes an unsigned integer as decimal text, all 64 bits of it (a
//     JSON number is exact to 2^53 only); text that is not a number reads as 0;
//   - writtenIf names a flag of the struct: the key is written only while it is set (and read
//     whenever present).
enum class JsonForm { Plain, DecimalText };
template <class Struct, class Member> struct JsonField
{
    const char *key;
    Member Struct::*member;
    JsonForm form = JsonForm::Plain;
    bool Struct::*writtenIf = nullptr;
};
// Written out for compilers without C++20's deduction for aggregates (clang before 17).
template <class Struct, class Member>
JsonField(const char *, Member Struct::*) -> JsonField<Struct, Member>;
template <class Struct, class Member>
JsonField(const char *, Member Struct::*, JsonForm) -> JsonField<Struct, Member>;
template <class Struct, class Member>
JsonField(const char *, Member Struct::*, JsonForm, bool Struct::*) -> JsonField<Struct, Member>;

// A struct that lists its keys in a static jsonFields().
template <class T>
concept JsonTable = requires
{
    T::jsonFields();
};

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

// AsSaid: as the struct is (writtenIf honoured); EveryKey: every key of the list, for those who
// list the keys a struct may write (the helper's options).
enum class JsonWrite { AsSaid, EveryKey };

template <class Struct, class... Members>
QJsonObject fieldsToJson(const Struct &object,
                         const std::tuple<JsonField<Struct, Members>...> &fields,
                         JsonWrite which = JsonWrite::AsSaid);
template <class Struct, class... Members>
void fieldsFromJson(const QJsonObject &json, Struct &object,
                    const std::tuple<JsonField<Struct, Members>...> &fields);

template <class Struct, class Member>
QJsonValue fieldToJson(const Struct &object, const JsonField<Struct, Member> &field,
                       JsonWrite which)
{
    const Member &value = object.*(field.member);
    if constexpr (JsonTable<Member>)
        return fieldsToJson(value, Member::jsonFields(), which);
    else if constexpr (std::is_enum_v<Member>)
        return jsonName(value);
    else if constexpr (std::is_same_v<Member, quint64>)
        return field.form == JsonForm::DecimalText ? QJsonValue(QString::number(value))
                                                   : toJsonValue(value);
    else
        return toJsonValue(value);
}

template <class Struct, class Member>
void fieldFromJson(const JsonFields &read, Struct &object, const JsonField<Struct, Member> &field)
{
    Member &value = object.*(field.member);
    if (!read.has(field.key))
        return;
    if constexpr (JsonTable<Member>)
        fieldsFromJson(read.object(field.key), value, Member::jsonFields());
    else if constexpr (std::is_enum_v<Member>)
        fromJsonName(read.text(field.key), value);
    else if constexpr (std::is_same_v<Member, quint64>) {
        if (field.form == JsonForm::DecimalText)
            value = read.text(field.key).toULongLong();
        else
            fromJsonValue(read, field.key, value);
    } else
        fromJsonValue(read, field.key, value);
}

template <class Struct, class... Members>
QJsonObject fieldsToJson(const Struct &object,
                         const std::tuple<JsonField<Struct, Members>...> &fields, JsonWrite which)
{
    QJsonObject json;
    std::apply(
        [&](const auto &...field) {
            const auto write = [&](const auto &f) {
                if (which == JsonWrite::EveryKey || !f.writtenIf || object.*(f.writtenIf))
                    json.insert(QLatin1String(f.key), fieldToJson(object, f, which));
            };
            (write(field), ...);
        },
        fields);
    return json;
}

template <class Struct, class... Members>
void fieldsFromJson(const QJsonObject &json, Struct &object,
                    const std::tuple<JsonField<Struct, Members>...> &fields)
{
    const JsonFields read(json);
    std::apply([&](const auto &...field) { (fieldFromJson(read, object, field), ...); }, fields);
}

// The key `Member` (a pointer to a member of a JsonTable) is written under, from its struct's
// list; nullptr when the list does not write it.
template <class Pointer> struct MemberPointer;
template <class Owner, class Type> struct MemberPointer<Type Owner::*>
{
    using owner = Owner;
};
template <auto Member> constexpr const char *jsonKeyOf()
{
    using Owner = typename MemberPointer<decltype(Member)>::owner;
    const char *key = nullptr;
    std::apply(
        [&](const auto &...field) {
            const auto match = [&](const auto &f) {
                if constexpr (std::is_same_v<decltype(f.member), decltype(Member)>) {
                    if (key == nullptr && f.member == Member)
                        key = f.key;
                }
            };
            (match(field), ...);
        },
        Owner::jsonFields());
    return key;
}
// A path of members into nested structs (&Plan::tree, &TreeSpec::files): is each one written,
// and the dotted key they are written under ("tree.files").
template <auto... Path> constexpr bool writesJsonKey()
{
    return ((jsonKeyOf<Path>() != nullptr) && ...);
}
template <auto... Path> QString jsonKeyPath()
{
    static_assert(writesJsonKey<Path...>(), "a member its struct's JSON list does not write");
    return QStringList{QLatin1String(jsonKeyOf<Path>())...}.join(u'.');
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
