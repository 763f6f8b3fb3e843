#include "polkitcheck.h"

#include <QDBusArgument>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QVariantMap>

namespace trimscope::helper {

namespace {

QDBusMessage wouldTakePasswordCall(const QDBusConnection &bus, const QString &actionId)
{
    return polkitCheckCall(bus.baseService(), actionId, {}, PolkitInteraction::None);
}

std::optional<bool> wouldTakePasswordIn(const QDBusMessage &reply)
{
    const std::optional<PolkitAnswer> answer = parsePolkitAnswer(reply);
    if (!answer)
        return std::nullopt;
    return answer->authorized || answer->challenge;
}

// Only the plain NotAuthorized leaves open which refusal it was.
bool leavesPasswordOpen(ErrorCode refusal)
{
    return refusal == ErrorCode::NotAuthorized;
}

} // namespace

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
    return wouldTakePasswordIn(
        bus.call(wouldTakePasswordCall(bus, actionId), QDBus::Block, timeoutMs));
}

std::optional<bool> passwordWouldHaveDone(const QDBusConnection &bus, ErrorCode refusal,
                                          const QString &actionId)
{
    if (!leavesPasswordOpen(refusal))
        return std::nullopt;
    return polkitWouldTakePassword(bus, actionId);
}

void askWhetherPasswordWouldHaveDone(const QDBusConnection &bus, ErrorCode refusal,
                                     const QString &actionId, QObject *context,
                                     std::function<void(std::optional<bool>)> answered)
{
    if (!leavesPasswordOpen(refusal)) {
        QMetaObject::invokeMethod(
            context, [answered = std::move(answered)] { answered(std::nullopt); },
            Qt::QueuedConnection);
        return;
    }
    auto *watcher = new QDBusPendingCallWatcher(
        bus.asyncCall(wouldTakePasswordCall(bus, actionId), kWouldTakePasswordTimeoutMs), context);
    QObject::connect(watcher, &QDBusPendingCallWatcher::finished, context,
                     [answered = std::move(answered)](QDBusPendingCallWatcher *call) {
                         call->deleteLater();
                         answered(wouldTakePasswordIn(call->reply()));
                     });
}

} // namespace trimscope::helper
