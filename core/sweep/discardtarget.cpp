#include "discardtarget.h"

#include "common/units.h"

#include <QByteArray>
#include <QRandomGenerator>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace trimscope {

Expected<double> FdDiscardTarget::timedDiscard(quint64 offset, quint64 length)
{
    std::uint64_t range[2] = {offset, length};
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const int rc = ::ioctl(m_fd, BLKDISCARD, range);
    const auto end = Clock::now();
    if (rc != 0) {
        const int err = errno;
        const ErrorCode code = err == EOPNOTSUPP ? ErrorCode::NoDiscardSupport : ErrorCode::IoError;
        return makeError(code, QStringLiteral("discard of %1 at offset %2 failed: %3")
                                   .arg(formatBytes(length))
                                   .arg(offset)
                                   .arg(QString::fromLocal8Bit(std::strerror(err))));
    }
    return std::chrono::duration<double>(end - start).count();
}

Error FdDiscardTarget::prewrite(quint64 offset, quint64 length)
{
    // Random bytes, so a compressing or deduplicating controller really stores them.
    static const QByteArray chunk = [] {
        QByteArray bytes(4 << 20, Qt::Uninitialized);
        QRandomGenerator generator(0x7215c09e);
        generator.fillRange(reinterpret_cast<quint32 *>(bytes.data()),
                            bytes.size() / qsizetype(sizeof(quint32)));
        return bytes;
    }();
    quint64 written = 0;
    while (written < length) {
        const auto toWrite = std::min<quint64>(length - written, quint64(chunk.size()));
        const ssize_t rc = ::pwrite(m_fd, chunk.constData(), toWrite, off_t(offset + written));
        if (rc < 0 && errno == EINTR)
            continue;
        if (rc <= 0)
            return {ErrorCode::IoError, QStringLiteral("pre-write at offset %1 failed: %2")
                                            .arg(offset + written)
                                            .arg(QString::fromLocal8Bit(std::strerror(errno)))};
        written += quint64(rc);
    }
    if (::fdatasync(m_fd) != 0)
        return {ErrorCode::IoError, QStringLiteral("flushing the pre-write failed: %1")
                                        .arg(QString::fromLocal8Bit(std::strerror(errno)))};
    // The written pages stay in the device's page cache, and BLKDISCARD drops them inside the
    // timed window: tens of milliseconds for a GiB. Dropped here, outside it (they are clean).
    ::posix_fadvise(m_fd, off_t(offset), off_t(length), POSIX_FADV_DONTNEED);
    return {};
}

} // namespace trimscope
