#include "error.h"

#include "nametable.h"

namespace trimscope {

namespace {
constexpr NameTable<ErrorCode, 15> kNames = {{
    {ErrorCode::None, "None"},
    {ErrorCode::NotAuthorized, "NotAuthorized"},
    {ErrorCode::NotAuthorizedDismissed, "NotAuthorizedDismissed"},
    {ErrorCode::NotAuthorizedNoAgent, "NotAuthorizedNoAgent"},
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

Error errorFromDbus(const QString &name, const QString &message)
{
    ErrorCode code = errorCodeFromDbusName(name);
    if (code == ErrorCode::NotAuthorized && message.endsWith(QLatin1String(kNoAgentAnswered)))
        code = ErrorCode::NotAuthorizedNoAgent;
    return {code, message};
}

ErrorCode udisksRefusal(const QString &name)
{
    const QLatin1String prefix("org.freedesktop.UDisks2.Error.NotAuthorized");
    if (!name.startsWith(prefix))
        return ErrorCode::None;
    const QStringView kind = QStringView(name).mid(prefix.size());
    if (kind == QLatin1String("Dismissed"))
        return ErrorCode::NotAuthorizedDismissed;
    if (kind == QLatin1String("CanObtain"))
        return ErrorCode::NotAuthorizedNoAgent;
    return ErrorCode::NotAuthorized;
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
