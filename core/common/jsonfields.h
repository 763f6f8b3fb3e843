#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <optional>

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

} // namespace trimscope
