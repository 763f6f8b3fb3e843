#pragma once

#include "blockdevice.h"
#include "common/expected.h"

namespace trimscope {

// An owned file descriptor, closed on destruction.
class UniqueFd
{
public:
    UniqueFd() = default;
    explicit UniqueFd(int fd) : m_fd(fd) {}
    UniqueFd(UniqueFd &&other) noexcept : m_fd(std::exchange(other.m_fd, -1)) {}
    UniqueFd &operator=(UniqueFd &&other) noexcept;
    UniqueFd(const UniqueFd &) = delete;
    UniqueFd &operator=(const UniqueFd &) = delete;
    ~UniqueFd();

    int get() const { return m_fd; }
    bool isValid() const { return m_fd >= 0; }
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd = -1;
};

// Opens the probed device O_RDWR | O_EXCL: the kernel then refuses it while anything mounts or
// holds it, and nobody can mount it while we work. Re-checks that the node is still the device
// that was probed (same device number, size and disk sequence), closing the gap between probe and
// open.
Expected<UniqueFd> openExclusiveForWriting(const BlockDevice &device);

// The same checks for an fd someone else opened (udisks' OpenDevice in the Flatpak path).
Error verifyOpenedDevice(int fd, const BlockDevice &device);

} // namespace trimscope
