#include "exclusiveopen.h"

#include "deviceidentity.h"

#include <QFile>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace trimscope {

UniqueFd &UniqueFd::operator=(UniqueFd &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
    }
    return *this;
}

UniqueFd::~UniqueFd()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

Error verifyOpenedDevice(int fd, const BlockDevice &device)
{
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISBLK(st.st_mode))
        return {ErrorCode::NotABlockDevice,
                QStringLiteral("%1 is no longer a block device").arg(device.path)};
    if (major(st.st_rdev) != device.major || minor(st.st_rdev) != device.minor)
        return {ErrorCode::NoSuchDevice,
                QStringLiteral("%1 changed between examining and opening it").arg(device.path)};
    quint64 size = 0;
    if (::ioctl(fd, BLKGETSIZE64, &size) != 0 || size != device.sizeBytes)
        return {
            ErrorCode::NoSuchDevice,
            QStringLiteral("%1 changed size between examining and opening it").arg(device.path)};
    // The same number and size may be another medium (a stick swapped for one of its size).
    const quint64 sequence = diskSeqOfDescriptor(fd);
    if (device.diskSeq != 0 && sequence != 0 && sequence != device.diskSeq)
        return {ErrorCode::NoSuchDevice,
                QStringLiteral("%1 holds another medium than the one examined (disk sequence "
                               "%2, now %3)")
                    .arg(device.path)
                    .arg(device.diskSeq)
                    .arg(sequence)};
    return {};
}

Expected<UniqueFd> openExclusiveForWriting(const BlockDevice &device)
{
    UniqueFd fd(::open(QFile::encodeName(device.path).constData(), O_RDWR | O_EXCL | O_CLOEXEC));
    if (!fd.isValid()) {
        const int err = errno;
        const QString reason = QString::fromLocal8Bit(std::strerror(err));
        switch (err) {
        case EBUSY:
            return makeError(ErrorCode::DeviceInUse,
                             QStringLiteral("%1 is in use (the kernel refused exclusive access: "
                                            "mounted, held or opened by another program)")
                                 .arg(device.path));
        case EACCES:
        case EPERM:
            return makeError(ErrorCode::PermissionDenied,
                             QStringLiteral("no permission to open %1 for writing (run as root or "
                                            "through the TrimScope helper)")
                                 .arg(device.path));
        case ENOENT:
        case ENXIO:
        case ENODEV:
            return makeError(ErrorCode::NoSuchDevice,
                             QStringLiteral("%1: %2").arg(device.path, reason));
        case EROFS:
            return makeError(ErrorCode::DeviceInUse,
                             QStringLiteral("%1 is read-only").arg(device.path));
        default:
            return makeError(ErrorCode::IoError,
                             QStringLiteral("cannot open %1: %2").arg(device.path, reason));
        }
    }
    if (const Error error = verifyOpenedDevice(fd.get(), device); error.isError())
        return error;
    return fd;
}

} // namespace trimscope
