#include "backend.h"

namespace trimscope::gui {

void Backend::refuseHealth(const DriveEntry &drive, const QString &why)
{
    QMetaObject::invokeMethod(
        this,
        [this, id = drive.id, why] {
            emit healthRead(id, makeError(ErrorCode::Unsupported, why), {});
        },
        Qt::QueuedConnection);
}

} // namespace trimscope::gui
