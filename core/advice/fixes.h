#pragma once

#include "advice.h"

#include <QList>

namespace trimscope::advice {

struct Evidence;

// A btrfs filesystem with asynchronous discard on a drive whose discards stall other I/O (a
// stall test) or that trims in the background: async pacing does not help there, nodiscard and
// the weekly fstrim do. Elsewhere btrfs's async discard is right as it is.
bool btrfsAsyncOnDriveThatStalls(const Evidence &evidence, const audit::AuditTarget &target);
// Its fix: nodiscard (fstab line or remount), why, and the tunable that thins it instead.
Fix btrfsNodiscardFixFor(const Evidence &evidence, const audit::AuditTarget &target);

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
