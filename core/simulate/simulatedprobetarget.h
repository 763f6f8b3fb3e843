#pragma once

#include "probe/backgroundprobe.h"
#include "simulatedprofiles.h"

#include <random>

namespace trimscope {

// The background-TRIM probe's counterpart of SimulatedDiscardTarget, on a virtual clock, so a
// probe of a simulated drive takes no wall time. A profile with deferredSecondsPerMiB owes that
// much background work per trimmed MiB; writes issued while work is owed take
// kSlowWriteFactor times longer. Everything else about writes is a fixed 4 KiB time + noise.
class SimulatedProbeTarget final : public probe::WriteProbeTarget
{
public:
    static constexpr double kWriteSeconds = 120e-6;
    static constexpr double kSlowWriteFactor = 8;

    SimulatedProbeTarget(SimulatedProfile profile, quint64 seed);

    quint64 sizeBytes() const override { return m_profile.drive.sizeBytes; }
    Expected<double> timedWrite(quint64 offset, quint64 length) override;
    Expected<double> timedDiscard(quint64 offset, quint64 length) override;
    Error fill(quint64 offset, quint64 length) override;
    double nowSeconds() const override { return m_now; }
    void sleepFor(double seconds) override;

private:
    double noisy(double seconds);

    SimulatedProfile m_profile;
    std::mt19937_64 m_random;
    double m_now = 0;
    double m_backlogUntil = 0;
};

} // namespace trimscope
