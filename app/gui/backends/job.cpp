#include "job.h"

namespace trimscope::gui {

FailedJob::FailedJob(const QString &kind, const Error &error, QObject *parent)
    : Job(parent), m_kind(kind)
{
    QMetaObject::invokeMethod(
        this,
        [this, error] {
            m_running = false;
            emit finished(error, {});
        },
        Qt::QueuedConnection);
}

QString errorInWords(const Error &error)
{
    return Job::inWords(error);
}

QString Job::inWords(const Error &error)
{
    QString headline;
    switch (error.code) {
    case ErrorCode::None:
        return QString();
    case ErrorCode::NotAuthorized:
        headline = tr("Not authorized: the administrator password was not given or was wrong.");
        break;
    case ErrorCode::NotAuthorizedDismissed:
        headline = tr("Not authorized: the password dialog was dismissed.");
        break;
    case ErrorCode::InvalidArgument:
        headline = tr("Invalid request.");
        break;
    case ErrorCode::NoSuchDevice:
        headline = tr("No such drive.");
        break;
    case ErrorCode::NotABlockDevice:
        headline = tr("Not a drive (not a block device).");
        break;
    case ErrorCode::DeviceBusy:
        headline = tr("The drive is busy: another job runs on it.");
        break;
    case ErrorCode::DeviceInUse:
        headline = tr("The drive is in use (mounted, or part of a RAID, LVM or swap).");
        break;
    case ErrorCode::NoDiscardSupport:
        headline = tr("The drive does not support discard (TRIM).");
        break;
    case ErrorCode::IoError:
        headline = tr("Input/output error.");
        break;
    case ErrorCode::Cancelled:
        headline = tr("Cancelled.");
        break;
    case ErrorCode::PermissionDenied:
        headline = tr("Permission denied.");
        break;
    case ErrorCode::Unsupported:
        headline = tr("Not supported for this drive.");
        break;
    }
    return error.message.isEmpty() ? headline : headline + QLatin1Char(' ') + error.message;
}

} // namespace trimscope::gui
