#include "simulatedprobetarget.h"

#include <cmath>

namespace trimscope {

SimulatedProbeTarget::SimulatedProbeTarget(SimulatedProfile profile, quint64 seed)
    : m_profile(std::move(profile)), m_random(seed)
{
}

double SimulatedProbeTarget::noisy(double seconds)
{
    std::normal_distribution<double> noise(0.0, 0.05);
    return seconds * std::exp(noise(m_random));
}

Expected<double> SimulatedProbeTarget::timedWrite(quint64 offset, quint64 length)
{
    if (length == 0 || offset + length > sizeBytes())
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("write beyond the end of the simulated drive"));
    double seconds = kWriteSeconds * double(length) / 4096.0;
    if (m_now < m_backlogUntil)
        seconds *= kSlowWriteFactor;
    seconds = noisy(seconds);
    m_now += seconds;
    return seconds;
}

Expected<double> SimulatedProbeTarget::timedDiscard(quint64 offset, quint64 length)
{
    const DriveInfo &drive = m_profile.drive;
    if (drive.discardMaxBytes == 0)
        return makeError(ErrorCode::NoDiscardSupport,
                         QStringLiteral("%1 does not support discard").arg(drive.displayName()));
    if (length == 0 || offset + length > drive.sizeBytes)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("discard beyond the end of the simulated drive"));
    const double seconds = noisy(m_profile.discard.seconds(length));
    m_now += seconds;
    const double owed = m_profile.deferredSecondsPerMiB * double(length) / double(1 << 20);
    if (owed > 0)
        m_backlogUntil = std::max(m_backlogUntil, m_now) + owed;
    return seconds;
}

Error SimulatedProbeTarget::fill(quint64 offset, quint64 length)
{
    if (offset + length > sizeBytes())
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("fill beyond the end of the simulated drive"));
    m_now += double(length) / 450e6;
    return {};
}

void SimulatedProbeTarget::sleepFor(double seconds)
{
    if (seconds > 0)
        m_now += seconds;
}

} // namespace trimscope
