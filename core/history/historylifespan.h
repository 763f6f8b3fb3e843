#pragma once

#include "health/lifespan.h"
#include "historyday.h"

#include <QList>

// The lifespan from the history: seed 002's formula (health/lifespan.h) fed with the write rate
// of the last N recorded days, beside the one from the average since new.
namespace trimscope::history {

struct WindowLifespan
{
    int windowDays = 0;                // asked for: 30, 90
    health::LifespanEstimate estimate; // its input.writeRate->days: the days actually spanned
};

// The host-write rate over the last `windowDays` calendar days of `days` (sorted by day): from
// the earliest recorded day inside the window to the last one. Unknown (estimate.years nullopt,
// with the reason) when fewer than two days with host writes fall in it.
WindowLifespan lifespanOverWindow(const QList<HistoryDay> &days, int windowDays,
                                  double capacityBytes,
                                  const health::LifespanAssumptions &assumptions);

// Why `w`'s lifespan is unknown, in the user's language; empty where it is known. A window with
// fewer than two days of host writes says so; every other reason is core/health's words.
QString windowLifespanUnknownText(const WindowLifespan &w);

// The average since new, from the last day's power-on hours and host writes.
health::LifespanEstimate lifespanSinceNew(const QList<HistoryDay> &days, double capacityBytes,
                                          const health::LifespanAssumptions &assumptions);

} // namespace trimscope::history
