#pragma once

#include <QString>

namespace trimscope {

// Every failure TrimScope can report, in one place. The helper maps these to D-Bus error
// names, the CLI to exit codes and one-line messages, the GUI to dialogs.
enum class ErrorCode {
    None,
    NotAuthorized,
    NotAuthorizedDismissed,
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

struct Error
{
    ErrorCode code = ErrorCode::None;
    QString message;

    bool isError() const { return code != ErrorCode::None; }
};

// "io.github.trimscope.Error.DeviceBusy" and so on.
QString dbusErrorName(ErrorCode code);
// Inverse of dbusErrorName; unknown names map to IoError so nothing is silently treated as success.
ErrorCode errorCodeFromDbusName(const QString &name);
// Short, stable, machine-readable name ("DeviceBusy"), used in JSON results too.
QString errorCodeName(ErrorCode code);
// Inverse of errorCodeName; unknown names map to IoError, as for errorCodeFromDbusName.
ErrorCode errorCodeFromName(const QString &name);
// A refusal is the user's or the device's fault, not a failure of ours: CLI exit code 2.
bool isRefusal(ErrorCode code);

} // namespace trimscope
