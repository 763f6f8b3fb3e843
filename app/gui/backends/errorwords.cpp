#include "errorwords.h"

#include <QCoreApplication>

namespace trimscope::gui {

namespace {
struct ErrorWords
{
    Q_DECLARE_TR_FUNCTIONS(ErrorWords)
};
} // namespace

QString errorInWords(const Error &error)
{
    QString headline;
    switch (error.code) {
    case ErrorCode::None:
        return QString();
    case ErrorCode::NotAuthorized:
        headline = ErrorWords::tr(
            "Not authorized: the administrator password was not given or was wrong.");
        break;
    case ErrorCode::NotAuthorizedDismissed:
        headline = ErrorWords::tr("Not authorized: the password dialog was dismissed.");
        break;
    case ErrorCode::InvalidArgument:
        headline = ErrorWords::tr("Invalid request.");
        break;
    case ErrorCode::NoSuchDevice:
        headline = ErrorWords::tr("No such drive.");
        break;
    case ErrorCode::NotABlockDevice:
        headline = ErrorWords::tr("Not a drive (not a block device).");
        break;
    case ErrorCode::DeviceBusy:
        headline = ErrorWords::tr("The drive is busy: another job runs on it.");
        break;
    case ErrorCode::DeviceInUse:
        headline = ErrorWords::tr("The drive is in use (mounted, or part of a RAID, LVM or swap).");
        break;
    case ErrorCode::NoDiscardSupport:
        headline = ErrorWords::tr("The drive does not support discard (TRIM).");
        break;
    case ErrorCode::IoError:
        headline = ErrorWords::tr("Input/output error.");
        break;
    case ErrorCode::Cancelled:
        headline = ErrorWords::tr("Cancelled.");
        break;
    case ErrorCode::PermissionDenied:
        headline = ErrorWords::tr("Permission denied.");
        break;
    case ErrorCode::Unsupported:
        headline = ErrorWords::tr("Not supported for this drive.");
        break;
    }
    return error.message.isEmpty() ? headline : headline + QLatin1Char(' ') + error.message;
}

} // namespace trimscope::gui
