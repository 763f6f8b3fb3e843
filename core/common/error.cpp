#include "error.h"

#include "nametable.h"

namespace trimscope {

namespace {
constexpr NameTable<ErrorCode, 17> kNames = {{
    {ErrorCode::None, "None"},
    {ErrorCode::NotAuthorized, "NotAuthorized"},
    {ErrorCode::NotAuthorizedDismissed, "NotAuthorizedDismissed"},
    {ErrorCode::NotAuthorizedNoAgent, "NotAuthorizedNoAgent"},
    {ErrorCode::NotAuthorizedByPolicy, "NotAuthorizedByPolicy"},
    {ErrorCode::NotAuthorizedAuthFailed, "NotAuthorizedAuthFailed"},
    {ErrorCode::InvalidArgument, "InvalidArgument"},
    {ErrorCode::NoSuchDevice, "NoSuchDevice"},
    {ErrorCode::NotABlockDevice, "NotABlockDevice"},
    {ErrorCode::DeviceBusy, "DeviceBusy"},
    {ErrorCode::DeviceInUse, "DeviceInUse"},
    {ErrorCode::NoDiscardSupport, "NoDiscardSupport"},
    {ErrorCode::IoError, "IoError"},
    {ErrorCode::Cancelled, "Cancelled"},
    {ErrorCode::PermissionDenied, "PermissionDenied"},
    {ErrorCode::Unsupported, "Unsupported"},
    {ErrorCode::WrongPassphrase, "WrongPassphrase"},
}};
constexpr auto kDbusPrefix = "io.github.trimscope.Error.";
} // namespace

QString errorCodeName(ErrorCode code)
{
    return nameOf(kNames, code, "Unknown");
}

QString dbusErrorName(ErrorCode code)
{
    return QString::fromLatin1(kDbusPrefix) + errorCodeName(code);
}

ErrorCode errorCodeFromName(const QString &name)
{
    return valueOf(kNames, name).value_or(ErrorCode::IoError);
}

ErrorCode errorCodeFromDbusName(const QString &name)
{
    const QString prefix = QString::fromLatin1(kDbusPrefix);
    return name.startsWith(prefix) ? errorCodeFromName(name.mid(prefix.size()))
                                   : ErrorCode::IoError;
}

QString refusalSuffix(ErrorCode code)
{
    switch (code) {
    case ErrorCode::NotAuthorizedNoAgent:
        return QLatin1String(kNoAgentAnswered);
    case ErrorCode::NotAuthorizedByPolicy:
        return QStringLiteral("(polkit's policy says no for this user; no password can help)");
    case ErrorCode::NotAuthorizedAuthFailed:
        return QStringLiteral("(authentication required; the authentication failed)");
    default:
        return QString();
    }
}

Error errorFromDbus(const QString &name, const QString &message)
{
    ErrorCode code = errorCodeFromDbusName(name);
    if (code == ErrorCode::NotAuthorized) {
        for (const ErrorCode refusal :
             {ErrorCode::NotAuthorizedNoAgent, ErrorCode::NotAuthorizedByPolicy,
              ErrorCode::NotAuthorizedAuthFailed})
            if (message.endsWith(refusalSuffix(refusal)))
                code = refusal;
    }
    return {code, message};
}

ErrorCode udisksRefusal(const QString &name, std::optional<bool> passwordWouldDo)
{
    const QLatin1String prefix("org.freedesktop.UDisks2.Error.NotAuthorized");
    if (!name.startsWith(prefix))
        return ErrorCode::None;
    const QStringView kind = QStringView(name).mid(prefix.size());
    if (kind == QLatin1String("Dismissed"))
        return ErrorCode::NotAuthorizedDismissed;
    if (kind == QLatin1String("CanObtain"))
        return ErrorCode::NotAuthorizedNoAgent;
    if (!kind.isEmpty() || !passwordWouldDo)
        return ErrorCode::NotAuthorized;
    return *passwordWouldDo ? ErrorCode::NotAuthorizedAuthFailed : ErrorCode::NotAuthorizedByPolicy;
}

bool isRefusal(ErrorCode code)
{
    switch (code) {
    case ErrorCode::InvalidArgument:
    case ErrorCode::NoSuchDevice:
    case ErrorCode::NotABlockDevice:
    case ErrorCode::DeviceBusy:
    case ErrorCode::DeviceInUse:
    case ErrorCode::NoDiscardSupport:
    case ErrorCode::NotAuthorized:
    case ErrorCode::NotAuthorizedDismissed:
    case ErrorCode::NotAuthorizedNoAgent:
    case ErrorCode::NotAuthorizedByPolicy:
    case ErrorCode::NotAuthorizedAuthFailed:
    case ErrorCode::PermissionDenied:
    case ErrorCode::Unsupported:
    case ErrorCode::WrongPassphrase:
        return true;
    case ErrorCode::None:
    case ErrorCode::IoError:
    case ErrorCode::Cancelled:
        return false;
    }
    return false;
}

} // namespace trimscope
