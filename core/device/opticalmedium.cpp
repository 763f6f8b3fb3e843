#include "opticalmedium.h"

#include <QFile>
#include <fcntl.h>
#include <linux/cdrom.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace trimscope {

MediumState queryOpticalMedium(const QString &devicePath)
{
    const int fd =
        ::open(QFile::encodeName(devicePath).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return MediumState::Unknown;
    const int status = ::ioctl(fd, CDROM_DRIVE_STATUS, CDSL_CURRENT);
    ::close(fd);
    switch (status) {
    case CDS_DISC_OK:
        return MediumState::Present;
    case CDS_NO_DISC:
    case CDS_TRAY_OPEN:
        return MediumState::Absent;
    default: // CDS_NO_INFO, CDS_DRIVE_NOT_READY (spinning up), or an error
        return MediumState::Unknown;
    }
}

} // namespace trimscope
