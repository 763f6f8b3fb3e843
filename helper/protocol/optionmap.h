#pragma once

#include "common/expected.h"

#include <QStringList>
#include <QVariantMap>
#include <optional>

namespace trimscope::helper {

// Reads untrusted a{sv} option maps. Every reader leaves `out` alone when the key is absent and
// refuses a present key whose value has the wrong type or lies out of range with InvalidArgument
// naming the key: a caller's mistake is never guessed around.
class OptionMap
{
public:
    explicit OptionMap(const QVariantMap &options) : m_options(options) {}

    bool has(const QString &key) const { return m_options.contains(key); }
    // InvalidArgument for the first key not in `known`.
    Error checkKnownKeys(const QStringList &known) const;

    // Any D-Bus integer type (y n q i u x t) whose value lies in [min, max].
    Error readUnsigned(const QString &key, quint64 min, quint64 max, quint64 &out) const;
    Error readInt(const QString &key, int min, int max, int &out) const;
    Error readBool(const QString &key, bool &out) const;
    // A double (d) in (min, max] when minExclusive, else [min, max]; never NaN.
    Error readDouble(const QString &key, double min, double max, bool minExclusive,
                     double &out) const;
    // One of `allowed`.
    Error readChoice(const QString &key, const QStringList &allowed, QString &out) const;
    // A non-empty list (as) of distinct entries, each one of `allowed`.
    Error readChoices(const QString &key, const QStringList &allowed, QStringList &out) const;

private:
    QVariantMap m_options;
};

// The unsigned value of any D-Bus integer type; nullopt for negative values, strings, doubles
// and booleans.
std::optional<quint64> unsignedOptionValue(const QVariant &value);

} // namespace trimscope::helper
