#include "jsonfields.h"

#include "checkednumber.h"

namespace trimscope {

QString JsonFields::text(const char *key) const
{
    return value(key).toString();
}

double JsonFields::number(const char *key, double fallback) const
{
    return value(key).toDouble(fallback);
}

quint64 JsonFields::count(const char *key) const
{
    // Negative, NaN, infinite or beyond 2^64: 0, as for a missing field (never a cast's UB).
    return checkedInteger<quint64>(value(key).toDouble()).value_or(0);
}

int JsonFields::integer(const char *key, int fallback) const
{
    return value(key).toInt(fallback);
}

bool JsonFields::flag(const char *key, bool fallback) const
{
    return value(key).toBool(fallback);
}

QStringList JsonFields::texts(const char *key) const
{
    QStringList list;
    for (const QJsonValue &entry : array(key))
        list.append(entry.toString());
    return list;
}

QJsonObject JsonFields::object(const char *key) const
{
    return value(key).toObject();
}

QJsonArray JsonFields::array(const char *key) const
{
    return value(key).toArray();
}

std::optional<double> JsonFields::optionalNumber(const char *key) const
{
    const QJsonValue v = value(key);
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

std::optional<bool> JsonFields::optionalFlag(const char *key) const
{
    const QJsonValue v = value(key);
    return v.isBool() ? std::optional<bool>(v.toBool()) : std::nullopt;
}

std::optional<QString> JsonFields::optionalText(const char *key) const
{
    const QJsonValue v = value(key);
    return v.isString() ? std::optional<QString>(v.toString()) : std::nullopt;
}

QJsonValue jsonOrNull(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonValue jsonOrNull(const std::optional<bool> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonValue jsonOrNull(const std::optional<QString> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

} // namespace trimscope
