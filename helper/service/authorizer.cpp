#include "authorizer.h"

#include "common/error.h"
#include "polkitcheck.h"

#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>

namespace trimscope::helper {

namespace {

// polkit gives the user this long to answer a prompt; we wait a little longer.
constexpr int kCheckTimeoutMs = 6 * 60 * 1000;

// What a prompt named, as one comparable text: the action and every detail shown.
QString promptNamed(const QString &actionId, const QMap<QString, QString> &details)
{
    QString named = actionId;
    for (auto it = details.cbegin(); it != details.cend(); ++it)
        named += QLatin1Char('\n') + it.key() + QLatin1Char('=') + it.value();
    return named;
}

} // namespace

bool PolkitAuthorizer::keptAnswerCovers(const QString &id, const QString &named)
{
    const auto known = m_keptFor.constFind(id);
    if (known != m_keptFor.cend())
        return *known == named;
    m_keptFor.insert(id, named);
    m_keptOrder.append(id);
    if (m_keptOrder.size() > kMaxKeptRemembered)
        m_keptFor.remove(m_keptOrder.takeFirst());
    return true;
}

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
    const QDBusMessage check =
        polkitCheckCall(call.service(), actionId, details, PolkitInteraction::AllowUser);

    auto *watcher =
        new QDBusPendingCallWatcher(m_connection.asyncCall(check, kCheckTimeoutMs), this);
    connect(
        watcher, &QDBusPendingCallWatcher::finished, this,
        [this, watcher, actionId, named = promptNamed(actionId, details),
         answered = std::move(answered)] {
            watcher->deleteLater();
            const QDBusMessage reply = watcher->reply();
            // Anything but a (bba{ss}) answer stays "not authorized".
            const PolkitAnswer answer = parsePolkitAnswer(reply).value_or(PolkitAnswer());
            if (answer.authorized && !answer.keptAuthorizationId.isEmpty() &&
                !keptAnswerCovers(answer.keptAuthorizationId, named))
                answered({ErrorCode::NotAuthorized,
                          QStringLiteral("not authorized for %1: polkit answered from an "
                                         "authorization kept for another device or filesystem, "
                                         "and a kept authorization covers only what its prompt "
                                         "named (ask again when it has expired, after 5 "
                                         "minutes)")
                              .arg(actionId)});
            else if (answer.authorized)
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
                              .arg(actionId, answer.challenge ? QStringLiteral(" %1").arg(
                                                                    QLatin1String(kNoAgentAnswered))
                                                              : QString())});
        });
}

} // namespace trimscope::helper
