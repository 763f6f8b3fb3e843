#pragma once

#include "common/expected.h"

namespace trimscope {

// What a sweep discards on: a real device fd, or a simulated drive. The timing lives here, next
// to the command, so that nothing but the command sits inside the timed window.
class DiscardTarget
{
public:
    virtual ~DiscardTarget() = default;
    // Discards [offset, offset + length) and returns how long the command took, in seconds.
    virtual Expected<double> timedDiscard(quint64 offset, quint64 length) = 0;
    // Writes [offset, offset + length) with incompressible data and flushes it to the device.
    virtual Error prewrite(quint64 offset, quint64 length) = 0;
    // Seconds on the clock that a second of the discard time it reports takes: 1 where the
    // command is timed by the clock; a simulated drive reports its model's time and sleeps a
    // multiple of it. What the sweep's estimate of the time left counts with.
    virtual double clockSecondsPerSecond() const { return 1; }
};

// BLKDISCARD on a block device fd the caller opened for writing (and keeps open).
class FdDiscardTarget final : public DiscardTarget
{
public:
    explicit FdDiscardTarget(int fd) : m_fd(fd) {}
    Expected<double> timedDiscard(quint64 offset, quint64 length) override;
    Error prewrite(quint64 offset, quint64 length) override;

private:
    int m_fd;
};

} // namespace trimscope
