#pragma once

#include "simulatedprofiles.h"
#include "sweep/discardtarget.h"

#include <random>

namespace trimscope {

// A DiscardTarget that answers from a profile's latency model. It also sleeps for timeScale
// times the modelled time (1: real time, so progress, ETA and a live chart behave as on a real
// drive; 0.1: ten times faster, for demos and tests; 0: not at all); it reports the modelled time.
class SimulatedDiscardTarget final : public DiscardTarget
{
public:
    SimulatedDiscardTarget(SimulatedProfile profile, quint64 seed, double timeScale);

    Expected<double> timedDiscard(quint64 offset, quint64 length) override;
    Error prewrite(quint64 offset, quint64 length) override;

private:
    SimulatedProfile m_profile;
    std::mt19937_64 m_random;
    double m_timeScale;
};

} // namespace trimscope
