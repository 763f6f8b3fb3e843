#pragma once

#include "common/expected.h"

namespace trimscope::probe {

// What the background-TRIM probe needs from a drive: timed small writes that reach the medium,
// one discard, and a clock. Real devices use FdWriteProbeTarget; tests and the simulated
// profiles use a target with a virtual clock.
class WriteProbeTarget
{
public:
    virtual ~WriteProbeTarget() = default;
    virtual quint64 sizeBytes() const = 0;
    // Writes `length` bytes at `offset` and waits until they are on the medium; returns the
    // seconds both took.
    virtual Expected<double> timedWrite(quint64 offset, quint64 length) = 0;
    virtual Expected<double> timedDiscard(quint64 offset, quint64 length) = 0;
    // Writes a region outside any timing, so the drive has data to trim.
    virtual Error fill(quint64 offset, quint64 length) = 0;
    virtual double nowSeconds() const = 0; // monotonic
    virtual void sleepFor(double seconds) = 0;
};

// A block device fd opened for writing (O_EXCL by whoever opened it; the fd stays theirs).
// Probe writes use O_DIRECT (switched on around each write only) and fdatasync, so they reach
// the device instead of the page cache. Nothing outside [0, sizeBytes) is ever touched.
class FdWriteProbeTarget final : public WriteProbeTarget
{
public:
    FdWriteProbeTarget(int fd, quint64 sizeBytes);
    ~FdWriteProbeTarget() override;
    FdWriteProbeTarget(const FdWriteProbeTarget &) = delete;
    FdWriteProbeTarget &operator=(const FdWriteProbeTarget &) = delete;

    quint64 sizeBytes() const override { return m_size; }
    Expected<double> timedWrite(quint64 offset, quint64 length) override;
    Expected<double> timedDiscard(quint64 offset, quint64 length) override;
    Error fill(quint64 offset, quint64 length) override;
    double nowSeconds() const override;
    void sleepFor(double seconds) override;

private:
    int m_fd;
    quint64 m_size;
    void *m_buffer = nullptr; // aligned for O_DIRECT
};

} // namespace trimscope::probe
