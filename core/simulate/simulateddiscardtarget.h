#pragma once

#include "simulatedprofiles.h"
#include "sweep/discardtarget.h"

#include <random>

namespace trimscope {

// A DiscardTarget that answers from a profile's latency model. In real time it also sleeps
// for the modelled time, so progress, ETA and a live chart behave as on a real drive.
class SimulatedDiscardTarget final : public DiscardTarget
{
public:
    SimulatedDiscardTarget(SimulatedProfile profile, quint64 seed, bool realTime);

    Expected<double> timedDiscard(quint64 offset, quint64 length) override;
    Error prewrite(quint64 offset, quint64 length) override;

private:
    SimulatedProfile m_profile;
    std::mt19937_64 m_random;
    bool m_realTime;
};

} // namespace trimscope
