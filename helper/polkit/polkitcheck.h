#pragma once

#include <QDBusConnection>
#include <QDBusMessage>
#include <QMap>
#include <QString>
#include <optional>

// polkit's CheckAuthorization, asked and answered in one place for the helper (its own checks
// per call) and the GUI (what polkit would answer udisks2 for us).

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
// polkit gave no answer within `timeoutMs`. A refusal after a prompt reads the same from polkit
// whether the policy said no or the password was wrong; this tells them apart (udisks2's
// NotAuthorized).
std::optional<bool> polkitWouldTakePassword(const QDBusConnection &bus, const QString &actionId,
                                            int timeoutMs = 2000);

} // namespace trimscope::helper
