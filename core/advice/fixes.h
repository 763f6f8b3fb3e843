#pragma once

#include "advice.h"

#include <QList>

namespace trimscope::advice {

struct Evidence;

// What to do for this verdict, most important first: exact lines for this computer's filesystems
// on the measured drive (or a drive of its model), else guidance for the drive wherever it is
// used; the fstrim timer where fstrim is the answer; the audit's own fixes where the stack blocks
// TRIM. Nothing for an unknown verdict.
QList<Fix> fixesFor(const Evidence &evidence, Verdict verdict);

// What schedules a weekly fstrim on the audited computer, as one line a finding can carry:
// `systemctl enable --now fstrim.timer`, or where systemd does not run (its timers never fire
// there) cron's line and its file.
QString weeklyFstrimFixText(const Evidence &evidence);

} // namespace trimscope::advice
