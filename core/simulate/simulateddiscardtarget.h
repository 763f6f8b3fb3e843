#pragma once

#include "simulatedprofiles.h"
#include "sweep/discardtarget.h"

#include <QHash>
#include <random>

namespace trimscope {

// A DiscardTarget that answers from a profile's latency model. It also sleeps for timeScale
// times the modelled time (1: real time, so progress, ETA and a live chart behave as on a real
// drive; 0.1: ten times faster, for demos and tests; 0: not at all); it reports the modelled time.
// A range trimmed again before anything wrote it costs what empty space does
// (LatencyModel::emptySeconds), so the sweep's empty-space check sees the model's difference.
class SimulatedDiscardTarget final : public DiscardTarget
{
public:
    SimulatedDiscardTarget(SimulatedProfile profile, quint64 seed, double timeScale);

    Expected<double> timedDiscard(quint64 offset, quint64 length) override;
    Error prewrite(quint64 offset, quint64 length) override;
    // Its time scale; without sleeps (0), the model's seconds: the estimate of a run that takes
    // no time says what the modelled drive would take.
    double clockSecondsPerSecond() const override { return m_timeScale > 0 ? m_timeScale : 1; }
    // A discard of space known to hold no data, wherever it lies.
    Expected<double> timedEmptyDiscard(quint64 offset, quint64 length);

private:
    Expected<double> timed(quint64 offset, quint64 length, bool empty);

    SimulatedProfile m_profile;
    std::mt19937_64 m_random;
    double m_timeScale;
    double m_oversleptSeconds = 0;     // late wake-ups not yet taken off a sleep
    QHash<quint64, quint64> m_trimmed; // offset -> length of the ranges trimmed since written
};

} // namespace trimscope
