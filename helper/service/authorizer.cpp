#include "authorizer.h"

#include "common/error.h"
#include "polkitcheck.h"

#include <QDBusConnectionInterface>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusReply>
#include <QDBusServiceWatcher>

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

bool Authorizer::callerGone(const QString &caller) const
{
    QDBusConnectionInterface *bus = m_connection.interface();
    if (!bus)
        return false;
    const QDBusReply<bool> here = bus->isServiceRegistered(caller);
    return here.isValid() && !here.value();
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
               if (answer.denial == ErrorCode::None && callerGone(caller))
                   deny(ErrorCode::NotAuthorized,
                        QStringLiteral("the caller left the bus before the answer"));
               else if (answer.denial == ErrorCode::None)
                   onAuthorized();
               else
                   deny(answer.denial, answer.message);
               Q_EMIT openQuestionsChanged(m_open);
           });
}

PolkitAuthorizer::PolkitAuthorizer(QDBusConnection connection, QObject *parent)
    : Authorizer(std::move(connection), parent), m_callers(new QDBusServiceWatcher(this))
{
    m_callers->setConnection(m_connection);
    m_callers->setWatchMode(QDBusServiceWatcher::WatchForUnregistration);
    connect(m_callers, &QDBusServiceWatcher::serviceUnregistered, this,
            &PolkitAuthorizer::callerLeft);
}

void PolkitAuthorizer::callerLeft(const QString &caller)
{
    // Withdrawn: polkit closes the prompt and answers the open check "not authorized".
    for (const QString &id : m_openChecks.values(caller))
        m_connection.send(polkitCancelCall(id));
}

void PolkitAuthorizer::ask(const QDBusMessage &check,
                           std::function<void(const QDBusMessage &)> replied)
{
    auto *watcher =
        new QDBusPendingCallWatcher(m_connection.asyncCall(check, kCheckTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [watcher, replied = std::move(replied)] {
                watcher->deleteLater();
                replied(watcher->reply());
            });
}

void PolkitAuthorizer::decide(const QDBusMessage &call, const QString &actionId,
                              const QMap<QString, QString> &details,
                              std::function<void(const Decision &)> answered)
{
    // First without a prompt: what the policy alone says. polkit answers a rule's NO (or a default
    // of "no") and a failed authentication alike, (false, false) with no telling detail (up to
    // polkit 126), so only this first answer tells them apart: not a challenge is the policy's
    // "no", which no password can change, and nobody is asked for one.
    const QString caller = call.service();
    ask(polkitCheckCall(caller, actionId, details, PolkitInteraction::None),
        [this, caller, actionId, details,
         answered = std::move(answered)](const QDBusMessage &reply) {
            const PolkitAnswer answer = parsePolkitAnswer(reply).value_or(PolkitAnswer());
            if (answer.authorized || reply.type() == QDBusMessage::ErrorMessage)
                return conclude(caller, actionId, details, reply, answered);
            if (!answer.challenge)
                return answered(
                    {ErrorCode::NotAuthorized,
                     QStringLiteral("not authorized for %1 %2")
                         .arg(actionId, refusalSuffix(ErrorCode::NotAuthorizedByPolicy))});
            const QString cancellationId = QStringLiteral("trimscope-helper-%1").arg(++m_nextCheck);
            m_openChecks.insert(caller, cancellationId);
            m_callers->addWatchedService(caller);
            ask(polkitCheckCall(caller, actionId, details, PolkitInteraction::AllowUser,
                                cancellationId),
                [this, caller, actionId, details, cancellationId,
                 answered](const QDBusMessage &prompted) {
                    m_openChecks.remove(caller, cancellationId);
                    conclude(caller, actionId, details, prompted, answered);
                });
        });
}

void PolkitAuthorizer::conclude(const QString &caller, const QString &actionId,
                                const QMap<QString, QString> &details, const QDBusMessage &reply,
                                const std::function<void(const Decision &)> &answered)
{
    if (!m_openChecks.contains(caller))
        m_callers->removeWatchedService(caller);
    // Anything but a (bba{ss}) answer stays "not authorized".
    const PolkitAnswer answer = parsePolkitAnswer(reply).value_or(PolkitAnswer());
    const auto refused = [&](ErrorCode refusal) {
        answered(
            {ErrorCode::NotAuthorized,
             QStringLiteral("not authorized for %1 %2").arg(actionId, refusalSuffix(refusal))});
    };
    if (answer.authorized && !answer.keptAuthorizationId.isEmpty() &&
        !keptAnswerCovers(answer.keptAuthorizationId, promptNamed(actionId, details)))
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
        answered(
            {ErrorCode::NotAuthorized, QStringLiteral("could not check authorization for %1: %2")
                                           .arg(actionId, reply.errorMessage())});
    else if (answer.dismissed)
        answered({ErrorCode::NotAuthorizedDismissed,
                  QStringLiteral("the authentication for %1 was dismissed").arg(actionId)});
    else if (answer.challenge)
        refused(ErrorCode::NotAuthorizedNoAgent);
    else // the first answer was a challenge: a password would have done
        refused(ErrorCode::NotAuthorizedAuthFailed);
}

} // namespace trimscope::helper
