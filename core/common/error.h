#pragma once

#include <QString>
#include <optional>

namespace trimscope {

// Every failure TrimScope can report, in one place. The helper maps these to D-Bus error
// names, the CLI to exit codes and one-line messages, the GUI to dialogs.
enum class ErrorCode {
    None,
    NotAuthorized,
    NotAuthorizedDismissed,
    // polkit wanted a password and no authentication agent was there to ask for it: the words
    // say where one is (a desktop session, pkttyagent) instead of "the password was wrong".
    NotAuthorizedNoAgent,
    // polkit's policy says no for this user: a rule answers NO, or the action's default is "no"
    // for this kind of session. No password can help: an administrator must allow it.
    NotAuthorizedByPolicy,
    // polkit asked for a password and the authentication failed (a wrong password).
    NotAuthorizedAuthFailed,
    InvalidArgument,
    NoSuchDevice,
    NotABlockDevice,
    DeviceBusy,
    DeviceInUse,
    NoDiscardSupport,
    IoError,
    Cancelled,
    PermissionDenied,
    Unsupported,
    WrongPassphrase, // a LUKS passphrase that opens no key slot
};

// What was wrong with a file a reader refused, so that words for a person are chosen from what
// the reader met, not from reading the file again: set by readInputFile (NotRead) and by the
// result file's reader (report/resultfile.h, the rest); None for any other error.
struct FileFault
{
    enum Kind {
        None,
        NotRead,  // its bytes could not be had: missing, unreadable, not a regular file, too large
        NoJson,   // no JSON object: other text, or JSON of another shape (a list)
        CutShort, // JSON that ends before it is complete
        BrokenJson,    // JSON broken before its end, at byte `at` of `size`
        NoSchema,      // a JSON object that names no schema: not a result at all
        ForeignSchema, // another program's schema
        Unreadable,    // a TrimScope schema this version does not read (unknown, newer, refused)
    };
    Kind kind = None;
    qint64 at = 0;
    qint64 size = 0;
};

struct Error
{
    ErrorCode code = ErrorCode::None;
    QString message;
    FileFault file = {};

    bool isError() const { return code != ErrorCode::None; }
};

// "io.github.trimscope.Error.DeviceBusy" and so on.
QString dbusErrorName(ErrorCode code);
// Inverse of dbusErrorName; unknown names map to IoError so nothing is silently treated as success.
ErrorCode errorCodeFromDbusName(const QString &name);
// What the helper's D-Bus error says, typed: its name, and for a NotAuthorized whose message ends
// with a refusal's suffix (refusalSuffix) that refusal. The helper keeps the one error name
// (callers and scripts test for NotAuthorized) and says which refusal in that fixed suffix.
Error errorFromDbus(const QString &name, const QString &message);
inline constexpr char kNoAgentAnswered[] = "(authentication required; no authentication agent "
                                           "answered)";
// The fixed end of a NotAuthorized message that says which refusal it was: kNoAgentAnswered for
// NotAuthorizedNoAgent, one each for NotAuthorizedByPolicy and NotAuthorizedAuthFailed; empty for
// any other code (NotAuthorizedDismissed has an error name of its own).
QString refusalSuffix(ErrorCode code);
// What udisks2's D-Bus error `name` says polkit answered: NotAuthorizedDismissed;
// NotAuthorizedNoAgent for NotAuthorizedCanObtain (a password would do, and no authentication agent
// answered: the Flatpak's path, where the words must say where a prompt can come from, not "it was
// wrong"); for its plain NotAuthorized, which covers a policy's "no" and a failed authentication
// alike, NotAuthorizedAuthFailed when `passwordWouldDo` (polkit asked again without a prompt:
// polkitWouldTakePassword), NotAuthorizedByPolicy when not, NotAuthorized when unknown; None for an
// error that is no refusal.
ErrorCode udisksRefusal(const QString &name, std::optional<bool> passwordWouldDo = std::nullopt);
// Short, stable, machine-readable name ("DeviceBusy"), used in JSON results too.
QString errorCodeName(ErrorCode code);
// Inverse of errorCodeName; unknown names map to IoError, as for errorCodeFromDbusName.
ErrorCode errorCodeFromName(const QString &name);
// A refusal is the user's or the device's fault, not a failure of ours: CLI exit code 2.
bool isRefusal(ErrorCode code);

} // namespace trimscope
