#include "authorizer.h"

#include "common/error.h"

#include <QDBusArgument>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace trimscope::helper {

namespace {

constexpr auto kPolkitService = "org.freedesktop.PolicyKit1";
constexpr auto kPolkitPath = "/org/freedesktop/PolicyKit1/Authority";
constexpr auto kPolkitInterface = "org.freedesktop.PolicyKit1.Authority";
constexpr uint kAllowUserInteraction = 1;
// polkit gives the user this long to answer a prompt; we wait a little longer.
constexpr int kCheckTimeoutMs = 6 * 60 * 1000;

struct PolkitAnswer
{
    bool authorized = false;
    bool challenge = false;
    bool dismissed = false;
};

// (bba{ss}): is_authorized, is_challenge, details. Anything else stays "not authorized".
PolkitAnswer parseAnswer(const QDBusMessage &reply)
{
    PolkitAnswer answer;
    if (reply.type() != QDBusMessage::ReplyMessage ||
        reply.signature() != QLatin1String("(bba{ss})"))
        return answer;
    const QDBusArgument argument = reply.arguments().value(0).value<QDBusArgument>();
    bool authorized = false;
    bool challenge = false;
    QMap<QString, QString> details;
    argument.beginStructure();
    argument >> authorized >> challenge >> details;
    argument.endStructure();
    answer.authorized = authorized;
    answer.challenge = challenge;
    answer.dismissed = details.value(QStringLiteral("polkit.dismissed")) == QLatin1String("true");
    return answer;
}

} // namespace

Authorizer::Authorizer(QDBusConnection connection, QObject *parent)
    : QObject(parent), m_connection(std::move(connection))
{
    qDBusRegisterMetaType<QMap<QString, QString>>();
}

void Authorizer::authorize(const QDBusMessage &call, const QString &actionId,
                           const QMap<QString, QString> &details,
                           std::function<void()> onAuthorized)
{
    const QString caller = call.service();
    const auto deny = [this, call](ErrorCode code, const QString &message) {
        m_connection.send(call.createErrorReply(dbusErrorName(code), message));
    };
    if (caller.isEmpty())
        return deny(ErrorCode::NotAuthorized, QStringLiteral("the caller has no bus name"));
    if (m_openByCaller.value(caller) >= kMaxOpenPerCaller)
        return deny(ErrorCode::NotAuthorized,
                    QStringLiteral("%1 authorization requests of this caller are still open; "
                                   "answer them first")
                        .arg(kMaxOpenPerCaller));
    ++m_openByCaller[caller];
    ++m_open;
    Q_EMIT openQuestionsChanged(m_open);
    decide(call, actionId, details,
           [this, caller, deny, onAuthorized = std::move(onAuthorized)](const Decision &answer) {
               if (--m_openByCaller[caller] == 0)
                   m_openByCaller.remove(caller);
               --m_open;
               if (answer.denial == ErrorCode::None)
                   onAuthorized();
               else
                   deny(answer.denial, answer.message);
               Q_EMIT openQuestionsChanged(m_open);
           });
}

void PolkitAuthorizer::decide(const QDBusMessage &call, const QString &actionId,
                              const QMap<QString, QString> &details,
                              std::function<void(const Decision &)> answered)
{
    QDBusArgument subject;
    subject.beginStructure();
    subject << QStringLiteral("system-bus-name")
            << QVariantMap{{QStringLiteral("name"), QVariant::fromValue(call.service())}};
    subject.endStructure();

    QDBusMessage check = QDBusMessage::createMethodCall(
        QString::fromLatin1(kPolkitService), QString::fromLatin1(kPolkitPath),
        QString::fromLatin1(kPolkitInterface), QStringLiteral("CheckAuthorization"));
    check << QVariant::fromValue(subject) << actionId << QVariant::fromValue(details)
          << kAllowUserInteraction << QString();

    auto *watcher =
        new QDBusPendingCallWatcher(m_connection.asyncCall(check, kCheckTimeoutMs), this);
    connect(
        watcher, &QDBusPendingCallWatcher::finished, this,
        [watcher, actionId, answered = std::move(answered)] {
            watcher->deleteLater();
            const QDBusMessage reply = watcher->reply();
            const PolkitAnswer answer = parseAnswer(reply);
            if (answer.authorized)
                answered({});
            else if (reply.type() == QDBusMessage::ErrorMessage)
                answered({ErrorCode::NotAuthorized,
                          QStringLiteral("could not check authorization for %1: %2")
                              .arg(actionId, reply.errorMessage())});
            else if (answer.dismissed)
                answered({ErrorCode::NotAuthorizedDismissed,
                          QStringLiteral("the authentication for %1 was dismissed").arg(actionId)});
            else
                answered({ErrorCode::NotAuthorized,
                          QStringLiteral("not authorized for %1%2")
                              .arg(actionId, answer.challenge
                                                 ? QStringLiteral(" (authentication required; no "
                                                                  "authentication agent answered)")
                                                 : QString())});
        });
}

} // namespace trimscope::helper
