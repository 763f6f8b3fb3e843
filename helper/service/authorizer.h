#pragma once

#include <QDBusConnection>
#include <QDBusMessage>
#include <QMap>
#include <QObject>
#include <functional>

namespace trimscope::helper {

// The helper's one authorization gate. Every exported method calls authorize() before it
// looks at its arguments; the method's work runs only in `onAuthorized`, and only when polkit
// answered "authorized" for the calling bus name. Every other outcome (no, challenge, dismissed,
// polkit unreachable, a reply we cannot parse) sends the caller NotAuthorized or
// NotAuthorizedDismissed: deny by default.
class Authorizer : public QObject
{
    Q_OBJECT
public:
    explicit Authorizer(QDBusConnection connection, QObject *parent = nullptr);

    // Marks `call` as answered later (setDelayedReply must already have been called by the
    // caller's QDBusContext), asks polkit asynchronously and either runs `onAuthorized` or
    // replies with the error itself. `details` are shown in the authentication prompt.
    void authorize(const QDBusMessage &call, const QString &actionId,
                   const QMap<QString, QString> &details, std::function<void()> onAuthorized);

    // Prompt details for a destructive action on `untrustedPath`: "drive" names model, serial
    // and size when the path is a block device we can read about in sysfs, else the path as
    // given. Read-only; the path is validated again, properly, once authorized.
    static QMap<QString, QString> driveDetails(const QString &untrustedPath);

private:
    QDBusConnection m_connection;
};

} // namespace trimscope::helper
