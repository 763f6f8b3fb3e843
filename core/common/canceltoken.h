#pragma once

#include <atomic>

namespace trimscope {

// Set from anywhere (a signal handler, a D-Bus call, the GUI thread); long work polls it
// between two device commands. Lock-free, so a signal handler may call cancel().
class CancelToken
{
public:
    void cancel() noexcept { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const noexcept { return m_cancelled.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
    static_assert(std::atomic<bool>::is_always_lock_free);
};

} // namespace trimscope
