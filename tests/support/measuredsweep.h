#pragma once

#include "sweep/sweepresult.h"

#include <QString>

namespace trimscope::test {

// A simulated profile's sweep ("ocz-agility3": a slow TRIM, fstrim advised; "corsair-performance-
// pro": online discard fine), run on its model without real time, and said to be measured on
// `device` ("nvme0n1" of a recorded computer, or a path such as /dev/loop3): a real drive's
// measured verdict, which the advice and apply act on where a simulated one is only shown. An
// empty `device` leaves it simulated. Fatal when the profile is unknown.
SweepResult sweepMeasuredOn(const QString &profileId, const QString &device);

} // namespace trimscope::test
