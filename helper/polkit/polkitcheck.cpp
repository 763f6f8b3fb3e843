#include "polkitcheck.h"

#include <QDBusArgument>
#include <QDBusMetaType>
#include <QVariantMap>

namespace trimscope::helper {

QDBusMessage polkitCheckCall(const QString &busName, const QString &actionId,
                             const QMap<QString, QString> &details, PolkitInteraction interaction,
                             const QString &cancellationId)
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
          << uint(interaction) << cancellationId;
    return check;
}

QDBusMessage polkitCancelCall(const QString &cancellationId)
{
    QDBusMessage cancel =
        QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.PolicyKit1"),
                                       QStringLiteral("/org/freedesktop/PolicyKit1/Authority"),
                                       QStringLiteral("org.freedesktop.PolicyKit1.Authority"),
                                       QStringLiteral("CancelCheckAuthorization"));
    cancel << cancellationId;
    return cancel;
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

std::optional<bool> polkitWouldTakePassword(const QDBusConnection &bus, const QString &actionId,
                                            int timeoutMs)
{
    const QDBusMessage reply =
        bus.call(polkitCheckCall(bus.baseService(), actionId, {}, PolkitInteraction::None),
                 QDBus::Block, timeoutMs);
    const std::optional<PolkitAnswer> answer = parsePolkitAnswer(reply);
    if (!answer)
        return std::nullopt;
    return answer->authorized || answer->challenge;
}

} // namespace trimscope::helper
