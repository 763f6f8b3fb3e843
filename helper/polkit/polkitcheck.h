#pragma once

#include "common/error.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QMap>
#include <QObject>
#include <QString>
#include <functional>
#include <optional>

// polkit's CheckAuthorization, asked and answered in one place for the helper (its own checks
// per call) and the GUI (what polkit would answer udisks2 for us); and, for a refusal udisks2 or
// systemd passed on, whether a password would have done (the one place for that rule).

namespace trimscope::helper {

// Whether polkit may ask the user (a password prompt) before it answers: CheckAuthorization's
// flags.
enum class PolkitInteraction : uint { None = 0, AllowUser = 1 };

// CheckAuthorization(subject, action_id, details, flags, cancellation_id) with the bus name as
// a system-bus-name subject. A `cancellationId` lets its caller withdraw the question later
// (CancelCheckAuthorization: polkit closes the password prompt and answers "not authorized").
QDBusMessage polkitCheckCall(const QString &busName, const QString &actionId,
                             const QMap<QString, QString> &details, PolkitInteraction interaction,
                             const QString &cancellationId = QString());

// CancelCheckAuthorization(cancellation_id), from the connection that asked.
QDBusMessage polkitCancelCall(const QString &cancellationId);

// polkit's answer to CheckAuthorization.
struct PolkitAnswer
{
    bool authorized = false;
    bool challenge = false; // authorized after authentication (a password)
    bool dismissed = false; // the user dismissed the authentication dialog
    // polkit.temporary_authorization_id: the answer came from, or created, an authorization
    // polkit keeps for this subject and action (auth_admin_keep) whatever the details.
    QString keptAuthorizationId;
};

// The answer in a CheckAuthorization reply, (bba{ss}): is_authorized, is_challenge, details.
// Nothing for an error reply or any other signature: the caller decides what not knowing means
// (the helper: not authorized; the GUI: unknown).
std::optional<PolkitAnswer> parsePolkitAnswer(const QDBusMessage &reply);

// Whether a password would do for `actionId`, as polkit answers for this connection now without
// asking anyone (a challenge, or yes); false for a plain "no": the policy forbids it; nothing when
// polkit gave no answer within `timeoutMs`. Blocks until then.
inline constexpr int kWouldTakePasswordTimeoutMs = 2000; // polkit answers in a few ms
std::optional<bool> polkitWouldTakePassword(const QDBusConnection &bus, const QString &actionId,
                                            int timeoutMs = kWouldTakePasswordTimeoutMs);

// A refusal after a prompt reads the same from udisks2 (its plain NotAuthorized) and systemd
// (AccessDenied) whether the policy said no or the prompt was dismissed or failed: for such a
// refusal, `refusal` read from the error's name alone (udisksRefusal, apply's systemdRefusal) being
// the plain ErrorCode::NotAuthorized, polkit is asked again, without a prompt, whether a password
// would do for `actionId` (polkitWouldTakePassword); for any other refusal nothing is asked and
// nothing is answered. The answer is what udisksRefusal and systemdRefusal take. Blocks (a few ms,
// 2 s at most): for a worker thread or the CLI.
std::optional<bool> passwordWouldHaveDone(const QDBusConnection &bus, ErrorCode refusal,
                                          const QString &actionId);
// The same without blocking, for the window's thread: `answered` gets what passwordWouldHaveDone
// would return, later on `context`'s thread (queued also when nothing is asked), and is not
// called once `context` is gone.
void askWhetherPasswordWouldHaveDone(const QDBusConnection &bus, ErrorCode refusal,
                                     const QString &actionId, QObject *context,
                                     std::function<void(std::optional<bool>)> answered);

} // namespace trimscope::helper
