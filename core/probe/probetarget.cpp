#include "probetarget.h"

#include "probelimits.h"
#include "sweep/discardtarget.h"

#include <QRandomGenerator>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

namespace trimscope::probe {

namespace {

Error ioError(const QString &what, int err)
{
    return makeError(ErrorCode::IoError, QStringLiteral("%1: %2").arg(
                                             what, QString::fromLocal8Bit(std::strerror(err))));
}

} // namespace

FdWriteProbeTarget::FdWriteProbeTarget(int fd, quint64 sizeBytes) : m_fd(fd), m_size(sizeBytes)
{
    if (::posix_memalign(&m_buffer, kAlign, kMaxWriteBytes) != 0)
        m_buffer = nullptr;
    else
        QRandomGenerator(0x5eed7b9).fillRange(static_cast<quint32 *>(m_buffer),
                                              kMaxWriteBytes / sizeof(quint32));
}

FdWriteProbeTarget::~FdWriteProbeTarget()
{
    std::free(m_buffer);
}

Expected<double> FdWriteProbeTarget::timedWrite(quint64 offset, quint64 length)
{
    if (!m_buffer)
        return makeError(ErrorCode::IoError, QStringLiteral("no memory for the probe buffer"));
    if (!inside(offset, length, m_size) || length > kMaxWriteBytes || offset % kAlign ||
        length % kAlign)
        return invalid(QStringLiteral("probe write of %1 at %2 is outside the device or misaligned")
                           .arg(length)
                           .arg(offset));
    // O_DIRECT only around the probe write: the fd is shared with code that writes from
    // unaligned buffers.
    const int flags = ::fcntl(m_fd, F_GETFL);
    if (flags < 0 || ::fcntl(m_fd, F_SETFL, flags | O_DIRECT) != 0)
        return ioError(QStringLiteral("cannot switch to O_DIRECT"), errno);
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    ssize_t rc;
    do {
        rc = ::pwrite(m_fd, m_buffer, length, off_t(offset));
    } while (rc < 0 && errno == EINTR);
    int err = errno;
    const bool synced = rc == ssize_t(length) && ::fdatasync(m_fd) == 0;
    if (rc == ssize_t(length))
        err = errno;
    const auto end = Clock::now();
    ::fcntl(m_fd, F_SETFL, flags);
    if (rc != ssize_t(length))
        return ioError(QStringLiteral("probe write at offset %1 failed").arg(offset),
                       rc < 0 ? err : EIO);
    if (!synced)
        return ioError(QStringLiteral("flushing the probe write failed"), err);
    return std::chrono::duration<double>(end - start).count();
}

Expected<double> FdWriteProbeTarget::timedDiscard(quint64 offset, quint64 length)
{
    if (!inside(offset, length, m_size))
        return invalid(QStringLiteral("discard outside the device"));
    return FdDiscardTarget(m_fd).timedDiscard(offset, length);
}

Error FdWriteProbeTarget::fill(quint64 offset, quint64 length)
{
    if (!inside(offset, length, m_size))
        return invalid(QStringLiteral("fill outside the device"));
    return FdDiscardTarget(m_fd).prewrite(offset, length);
}

double FdWriteProbeTarget::nowSeconds() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void FdWriteProbeTarget::sleepFor(double seconds)
{
    if (seconds > 0)
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

} // namespace trimscope::probe
