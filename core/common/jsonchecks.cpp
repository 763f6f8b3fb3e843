#include "jsonchecks.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace trimscope {

namespace {

struct JsonCheckText
{
    Q_DECLARE_TR_FUNCTIONS(JsonCheck)
};

QString numberShown(double value)
{
    return QString::number(value, 'g', 17);
}

} // namespace

QString fieldPath(const QString &parent, const char *key)
{
    const QString name = QLatin1String(key);
    return parent.isEmpty() ? name : parent + QLatin1Char('.') + name;
}

QString fieldPath(const QString &parent, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(parent).arg(index);
}

Error fieldError(const QString &path, const QString &why)
{
    return {ErrorCode::InvalidArgument, QStringLiteral("%1: %2").arg(path, why)};
}

QString quantityProblem(const QJsonValue &value)
{
    if (!value.isDouble())
        return JsonCheckText::tr("not a number");
    const double number = value.toDouble();
    if (!std::isfinite(number))
        return JsonCheckText::tr("not a finite number");
    if (number < 0)
        return JsonCheckText::tr("%1 is negative").arg(numberShown(number));
    return {};
}

QString signedProblem(const QJsonValue &value, double min, double max)
{
    if (!value.isDouble() || !std::isfinite(value.toDouble()))
        return JsonCheckText::tr("not a number");
    const double number = value.toDouble();
    if (number != std::trunc(number))
        return JsonCheckText::tr("%1 is not a whole number").arg(numberShown(number));
    if (number < min || number > max)
        return JsonCheckText::tr("%1 is out of range").arg(numberShown(number));
    return {};
}

QString countProblem(const QJsonValue &value, double max)
{
    if (const QString why = quantityProblem(value); !why.isEmpty())
        return why;
    const double number = value.toDouble();
    if (number != std::trunc(number))
        return JsonCheckText::tr("%1 is not a whole number").arg(numberShown(number));
    // 2^53: beyond it a double no longer holds every whole number our writers could write.
    if (number > std::min(max, 9007199254740992.0))
        return JsonCheckText::tr("%1 is too large").arg(numberShown(number));
    return {};
}

QString textProblem(const QJsonValue &value)
{
    if (!value.isString())
        return JsonCheckText::tr("not text");
    const QString text = value.toString();
    const bool control = std::any_of(text.cbegin(), text.cend(), [](QChar c) {
        return c.category() == QChar::Other_Control;
    });
    return control ? JsonCheckText::tr("holds a line break or another control character")
                   : QString();
}

QString flagProblem(const QJsonValue &value)
{
    return value.isBool() ? QString() : JsonCheckText::tr("not true or false");
}

QString textsProblem(const QJsonValue &value)
{
    if (!value.isArray())
        return JsonCheckText::tr("not a list");
    const QJsonArray list = value.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (const QString why = textProblem(list.at(i)); !why.isEmpty())
            return JsonCheckText::tr("entry %1: %2").arg(i).arg(why);
    }
    return {};
}

Error checkObjectField(const QJsonObject &json, const char *key, const QString &path)
{
    if (!json.contains(QLatin1String(key)))
        return fieldError(fieldPath(path, key), JsonCheckText::tr("missing"));
    if (!json.value(QLatin1String(key)).isObject())
        return fieldError(fieldPath(path, key), JsonCheckText::tr("not an object"));
    return {};
}

Error checkArrayField(const QJsonObject &json, const char *key, const QString &path,
                      bool nonEmpty)
{
    if (!json.contains(QLatin1String(key)))
        return fieldError(fieldPath(path, key), JsonCheckText::tr("missing"));
    const QJsonValue value = json.value(QLatin1String(key));
    if (!value.isArray())
        return fieldError(fieldPath(path, key), JsonCheckText::tr("not a list"));
    if (nonEmpty && value.toArray().isEmpty())
        return fieldError(fieldPath(path, key), JsonCheckText::tr("an empty list"));
    return {};
}

} // namespace trimscope
