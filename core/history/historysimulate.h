#pragma once

#include "historystore.h"

#include <QList>

// A made-up history for a simulated drive (`trimscope-cli history record --simulate PROFILE
// --days N`): every figure a History view draws, with what a real year has in it. Deterministic.
namespace trimscope::history {

// `days` readings ending on `lastDay`, drive key "simulated:PROFILE": host writes at 20 GB a
// day, three times that over the last 45 days (so the last 30 days' rate differs from the
// average since new), wear and power-on hours to match, a summer in the temperatures, a weekly
// fstrim (one failed), the discards it served, reallocated sectors growing twice, a TRIM reach
// change, and every 37th day missing (a gap). Empty for an unknown profile.
QList<DriveReading> simulatedHistory(const QString &profileId, QDate lastDay, int days);

} // namespace trimscope::history
