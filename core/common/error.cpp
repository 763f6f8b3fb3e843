#include "error.h"

#include <array>
#include <utility>

namespace trimscope {

namespace {
constexpr std::array kNames = {
    std::pair{ErrorCode::None, "None"},
    std::pair{ErrorCode::NotAuthorized, "NotAuthorized"},
    std::pair{ErrorCode::NotAuthorizedDismissed, "NotAuthorizedDismissed"},
    std::pair{ErrorCode::InvalidArgument, "InvalidArgument"},
    std::pair{ErrorCode::NoSuchDevice, "NoSuchDevice"},
    std::pair{ErrorCode::NotABlockDevice, "NotABlockDevice"},
    std::pair{ErrorCode::DeviceBusy, "DeviceBusy"},
    std::pair{ErrorCode::DeviceInUse, "DeviceInUse"},
    std::pair{ErrorCode::NoDiscardSupport, "NoDiscardSupport"},
    std::pair{ErrorCode::IoError, "IoError"},
    std::pair{ErrorCode::Cancelled, "Cancelled"},
    std::pair{ErrorCode::PermissionDenied, "PermissionDenied"},
    std::pair{ErrorCode::Unsupported, "Unsupported"},
};
constexpr auto kDbusPrefix = "io.github.trimscope.Error.";
} // namespace

QString errorCodeName(ErrorCode code)
{
    for (const auto &[c, name] : kNames) {
        if (c == code)
            return QString::fromLatin1(name);
    }
    return QStringLiteral("Unknown");
}

QString dbusErrorName(ErrorCode code)
{
    return QString::fromLatin1(kDbusPrefix) + errorCodeName(code);
}

ErrorCode errorCodeFromName(const QString &name)
{
    for (const auto &[c, n] : kNames) {
        if (name == QLatin1String(n))
            return c;
    }
    return ErrorCode::IoError;
}

ErrorCode errorCodeFromDbusName(const QString &name)
{
    const QString prefix = QString::fromLatin1(kDbusPrefix);
    return name.startsWith(prefix) ? errorCodeFromName(name.mid(prefix.size()))
                                   : ErrorCode::IoError;
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
    case ErrorCode::PermissionDenied:
    case ErrorCode::Unsupported:
        return true;
    case ErrorCode::None:
    case ErrorCode::IoError:
    case ErrorCode::Cancelled:
        return false;
    }
    return false;
}

} // namespace trimscope
