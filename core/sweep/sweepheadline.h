#pragma once

#include "sweepresult.h"

#include <optional>

namespace trimscope {

// The few figures a person reads first after a sweep: what a small TRIM costs (the size a
// filesystem's online discard sends most: 4 KiB when measured, else the smallest size), what the
// largest TRIM measured costs, and what the run itself took.
struct SweepHeadline
{
    std::optional<SizePoint> small;   // 4 KiB, or the smallest size measured
    std::optional<SizePoint> largest; // the largest size measured
    int discards = 0;
    double trimSeconds = 0; // the drive's time in TRIM commands (modelled time when simulated)
    quint64 smallestPlanned = 0;
    quint64 largestPlanned = 0;
};

SweepHeadline sweepHeadline(const SweepResult &result);

} // namespace trimscope
