#include "simulateddiscardtarget.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace trimscope {

SimulatedDiscardTarget::SimulatedDiscardTarget(SimulatedProfile profile, quint64 seed,
                                               double timeScale)
    : m_profile(std::move(profile)), m_random(seed), m_timeScale(timeScale)
{
}

Expected<double> SimulatedDiscardTarget::timedDiscard(quint64 offset, quint64 length)
{
    const quint64 trimmed = m_trimmed.value(offset);
    const Expected<double> seconds = timed(offset, length, trimmed >= length);
    if (seconds)
        m_trimmed.insert(offset, std::max(length, trimmed));
    return seconds;
}

Expected<double> SimulatedDiscardTarget::timedEmptyDiscard(quint64 offset, quint64 length)
{
    return timed(offset, length, true);
}

Expected<double> SimulatedDiscardTarget::timed(quint64 offset, quint64 length, bool empty)
{
    const DriveInfo &drive = m_profile.drive;
    if (drive.discardMaxBytes == 0)
        return makeError(ErrorCode::NoDiscardSupport,
                         QStringLiteral("%1 does not support discard").arg(drive.displayName()));
    if (offset + length > drive.sizeBytes || length == 0)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("discard beyond the end of the simulated drive"));
    std::normal_distribution<double> noise(0.0, m_profile.discard.jitter);
    const double model =
        empty ? m_profile.discard.emptySeconds(length) : m_profile.discard.seconds(length);
    const double seconds = model * std::exp(noise(m_random));
    if (m_timeScale > 0) {
        // A sleep wakes late, on a busy computer by a millisecond or more: what it overslept is
        // taken off the next one, so a sweep of many short discards takes its modelled time and
        // not that plus every late wake-up. The caller's own time between two discards is not.
        using Clock = std::chrono::steady_clock;
        const double wanted = seconds * m_timeScale;
        const Clock::time_point before = Clock::now();
        if (wanted > m_oversleptSeconds)
            std::this_thread::sleep_until(
                before + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(wanted - m_oversleptSeconds)));
        m_oversleptSeconds += std::chrono::duration<double>(Clock::now() - before).count() - wanted;
        m_oversleptSeconds = std::max(m_oversleptSeconds, 0.0);
    }
    return seconds;
}

// A simulated drive holds no data: its "writes" cost nothing, so nobody waits for them (a
// default sweep writes about 40 GiB first, 90 s at a SATA drive's speed). The TRIMs after them
// are timed as modelled.
Error SimulatedDiscardTarget::prewrite(quint64 offset, quint64 length)
{
    m_trimmed.removeIf([&](const auto &range) {
        return range.key() < offset + length && offset < range.key() + range.value();
    });
    return {};
}

} // namespace trimscope
