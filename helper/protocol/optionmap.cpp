#include "optionmap.h"

#include <QMetaType>
#include <algorithm>
#include <cmath>

namespace trimscope::helper {

namespace {

Error invalid(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, message);
}

} // namespace

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

Error OptionMap::checkKnownKeys(const QStringList &known) const
{
    for (auto it = m_options.cbegin(); it != m_options.cend(); ++it) {
        if (!known.contains(it.key()))
            return invalid(QStringLiteral("unknown option '%1'; known options: %2")
                               .arg(it.key(), known.join(QStringLiteral(", "))));
    }
    return {};
}

Error OptionMap::readUnsigned(const QString &key, quint64 min, quint64 max, quint64 &out) const
{
    if (!has(key))
        return {};
    const auto value = unsignedOptionValue(m_options.value(key));
    if (!value || *value < min || *value > max)
        return invalid(QStringLiteral("option %1 must be an integer from %2 to %3")
                           .arg(key)
                           .arg(min)
                           .arg(max));
    out = *value;
    return {};
}

Error OptionMap::readInt(const QString &key, int min, int max, int &out) const
{
    quint64 value = 0;
    if (const Error error = readUnsigned(key, quint64(std::max(min, 0)), quint64(max), value);
        error.isError() || !has(key))
        return error;
    out = int(value);
    return {};
}

Error OptionMap::readBool(const QString &key, bool &out) const
{
    if (!has(key))
        return {};
    const QVariant value = m_options.value(key);
    if (value.metaType().id() != QMetaType::Bool)
        return invalid(QStringLiteral("option %1 must be a boolean").arg(key));
    out = value.toBool();
    return {};
}

Error OptionMap::readDouble(const QString &key, double min, double max, bool minExclusive,
                            double &out) const
{
    if (!has(key))
        return {};
    const QVariant value = m_options.value(key);
    const double number = value.toDouble();
    const bool aboveMin = minExclusive ? number > min : number >= min;
    if (value.metaType().id() != QMetaType::Double || std::isnan(number) || !aboveMin ||
        number > max)
        return invalid(
            QStringLiteral("option %1 must be a number %2 %3 and at most %4")
                .arg(key, minExclusive ? QStringLiteral("above") : QStringLiteral("from"))
                .arg(min)
                .arg(max));
    out = number;
    return {};
}

Error OptionMap::readChoice(const QString &key, const QStringList &allowed, QString &out) const
{
    if (!has(key))
        return {};
    const QVariant value = m_options.value(key);
    if (value.metaType().id() != QMetaType::QString || !allowed.contains(value.toString()))
        return invalid(QStringLiteral("option %1 must be one of: %2")
                           .arg(key, allowed.join(QStringLiteral(", "))));
    out = value.toString();
    return {};
}

Error OptionMap::readChoices(const QString &key, const QStringList &allowed, QStringList &out) const
{
    if (!has(key))
        return {};
    const QVariant value = m_options.value(key);
    const QStringList list = value.toStringList();
    const bool distinct = QStringList(list).removeDuplicates() == 0;
    const bool known = std::all_of(list.cbegin(), list.cend(),
                                   [&](const QString &entry) { return allowed.contains(entry); });
    if (value.metaType().id() != QMetaType::QStringList || list.isEmpty() || !distinct || !known)
        return invalid(
            QStringLiteral("option %1 must be a non-empty list of distinct entries from: %2")
                .arg(key, allowed.join(QStringLiteral(", "))));
    out = list;
    return {};
}

} // namespace trimscope::helper
