#pragma once

#include "common/error.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QHash>
#include <QMap>
#include <QMultiHash>
#include <QObject>
#include <QStringList>
#include <functional>

class QDBusServiceWatcher;

namespace trimscope::helper {

// The helper's one authorization gate. Every exported method calls authorize() before it
// acts (it may only identify the device the prompt names); the work runs only in `onAuthorized`,
// and only when the answer for the calling bus name was "authorized". Every other outcome sends the
// caller NotAuthorized or NotAuthorizedDismissed: deny by default. PolkitAuthorizer asks polkit;
// tests put a fixed answer in its place.
//
// While a question is open the caller's arguments wait in memory and an admin may take minutes
// to answer: the gate counts open questions (the helper does not idle out while any is open) and
// refuses a caller more than kMaxOpenPerCaller at once, before asking anyone.
class Authorizer : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxOpenPerCaller = 4;

    explicit Authorizer(QDBusConnection connection, QObject *parent = nullptr);

    // Marks `call` as answered later (setDelayedReply must already have been called by the
    // caller's QDBusContext), decides, and either runs `onAuthorized` or replies with the error
    // itself. `details` are shown in the authentication prompt.
    void authorize(const QDBusMessage &call, const QString &actionId,
                   const QMap<QString, QString> &details, std::function<void()> onAuthorized);

    // Questions asked and not answered yet, over all callers.
    int openQuestions() const { return m_open; }

signals:
    void openQuestionsChanged(int open);

protected:
    struct Decision
    {
        ErrorCode denial = ErrorCode::None; // None: authorized
        QString message;
    };
    // Asks whoever decides; calls `answered` exactly once, possibly later.
    virtual void decide(const QDBusMessage &call, const QString &actionId,
                        const QMap<QString, QString> &details,
                        std::function<void(const Decision &)> answered) = 0;

    QDBusConnection m_connection;

private:
    // The caller left the bus (the bus daemon says so): an answer for it is not acted on.
    bool callerGone(const QString &caller) const;

    int m_open = 0;
    QHash<QString, int> m_openByCaller;
};

// polkit's CheckAuthorization, with the caller's system-bus-name as subject: first without user
// interaction (a "no" that is no challenge is the policy's: NotAuthorized saying so, and nobody
// is asked), then, for a challenge, with it. A challenge nobody answers, a dismissed prompt, a
// failed authentication, an unreachable polkit or a reply we cannot parse are all a "no", each
// named (error.h: refusalSuffix).
//
// A kept authorization (a local rule answering AUTH_ADMIN_KEEP; our own actions keep nothing)
// is polkit's per subject and action, whatever the details, and polkit consults it before any
// rule: kept for one drive it would answer yes for every other one, even where a rule says NO.
// So a kept answer counts only for exactly what the prompt named when it was granted (the
// action and its details: device, drive, mount point, option); for anything else it is a "no".
//
// A caller that leaves the bus while its question is open (the GUI's Stop while a password
// prompt shows: it drops its connection) has the question withdrawn (CancelCheckAuthorization:
// polkit closes the prompt), and whatever polkit answers then, nothing is done for it.
class PolkitAuthorizer final : public Authorizer
{
    Q_OBJECT
public:
    explicit PolkitAuthorizer(QDBusConnection connection, QObject *parent = nullptr);

    // How many kept authorizations are remembered (polkit keeps each for 5 minutes).
    static constexpr int kMaxKeptRemembered = 256;

protected:
    void decide(const QDBusMessage &call, const QString &actionId,
                const QMap<QString, QString> &details,
                std::function<void(const Decision &)> answered) override;

private:
    // Sends `check` to polkit and hands its reply (or error) to `replied`.
    void ask(const QDBusMessage &check, std::function<void(const QDBusMessage &)> replied);
    // The decision from polkit's last answer, `reply`: the first one's when it was no challenge
    // (authorized, or polkit could not be asked), else the answer after the prompt.
    void conclude(const QString &caller, const QString &actionId,
                  const QMap<QString, QString> &details, const QDBusMessage &reply,
                  const std::function<void(const Decision &)> &answered);
    // Whether a kept authorization `id` may answer for `named`; the first answer carrying an id
    // is the one that granted it, and binds it to what that prompt named.
    bool keptAnswerCovers(const QString &id, const QString &named);

    void callerLeft(const QString &caller);

    QDBusServiceWatcher *m_callers;
    QMultiHash<QString, QString> m_openChecks; // caller -> cancellation ids of its open checks
    quint64 m_nextCheck = 0;
    QHash<QString, QString> m_keptFor; // temporary authorization id -> what its prompt named
    QStringList m_keptOrder;           // oldest first, to forget beyond kMaxKeptRemembered
};

} // namespace trimscope::helper
