#include "polkitcheck.h"

#include <QDBusArgument>
#include <QDBusMetaType>
#include <QVariantMap>

namespace trimscope::helper {

QDBusMessage polkitCheckCall(const QString &busName, const QString &actionId,
                             const QMap<QString, QString> &details, PolkitInteraction interaction)
{
    qDBusRegisterMetaType<QMap<QString, QString>>();
    QDBusArgument subject;
    subject.beginStructure();
    subject << QStringLiteral("system-bus-name")
            << QVariantMap{{QStringLiteral("name"), QVariant::fromValue(busName)}};
    subject.endStructure();
    QDBusMessage check =
        QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.PolicyKit1"),
                                       QStringLiteral("/org/freedesktop/PolicyKit1/Authority"),
                                       QStringLiteral("org.freedesktop.PolicyKit1.Authority"),
                                       QStringLiteral("CheckAuthorization"));
    check << QVariant::fromValue(subject) << actionId << QVariant::fromValue(details)
          << uint(interaction) << QString();
    return check;
}

std::optional<PolkitAnswer> parsePolkitAnswer(const QDBusMessage &reply)
{
    if (reply.type() != QDBusMessage::ReplyMessage ||
        reply.signature() != QLatin1String("(bba{ss})"))
        return std::nullopt;
    const QDBusArgument argument = reply.arguments().value(0).value<QDBusArgument>();
    bool authorized = false;
    bool challenge = false;
    QMap<QString, QString> details;
    argument.beginStructure();
    argument >> authorized >> challenge >> details;
    argument.endStructure();
    return PolkitAnswer{authorized, challenge,
                        details.value(QStringLiteral("polkit.dismissed")) == QLatin1String("true"),
                        details.value(QStringLiteral("polkit.temporary_authorization_id"))};
}

} // namespace trimscope::helper
