#pragma once

#include "common/error.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QMap>
#include <QObject>
#include <functional>

namespace trimscope::helper {

// The helper's one authorization gate. Every exported method calls authorize() before it
// looks at its arguments; the method's work runs only in `onAuthorized`, and only when the
// answer for the calling bus name was "authorized". Every other outcome sends the caller
// NotAuthorized or NotAuthorizedDismissed: deny by default. PolkitAuthorizer asks polkit; tests
// put a fixed answer in its place.
class Authorizer : public QObject
{
    Q_OBJECT
public:
    explicit Authorizer(QDBusConnection connection, QObject *parent = nullptr);

    // Marks `call` as answered later (setDelayedReply must already have been called by the
    // caller's QDBusContext), decides, and either runs `onAuthorized` or replies with the error
    // itself. `details` are shown in the authentication prompt.
    virtual void authorize(const QDBusMessage &call, const QString &actionId,
                           const QMap<QString, QString> &details,
                           std::function<void()> onAuthorized) = 0;

    // Prompt details for a destructive action on `untrustedPath`: "drive" names model, serial
    // and size when the path is a block device we can read about in sysfs, else the path as
    // given. Read-only; the path is validated again, properly, once authorized.
    static QMap<QString, QString> driveDetails(const QString &untrustedPath);

protected:
    // Replies to `call` with the named error: the answer for every "no".
    void deny(const QDBusMessage &call, ErrorCode code, const QString &message) const;

    QDBusConnection m_connection;
};

// polkit's CheckAuthorization, with the caller's system-bus-name as subject and user
// interaction allowed; a challenge nobody answers, a dismissed prompt, an unreachable polkit or
// a reply we cannot parse are all a "no".
class PolkitAuthorizer final : public Authorizer
{
    Q_OBJECT
public:
    using Authorizer::Authorizer;
    void authorize(const QDBusMessage &call, const QString &actionId,
                   const QMap<QString, QString> &details,
                   std::function<void()> onAuthorized) override;
};

} // namespace trimscope::helper
