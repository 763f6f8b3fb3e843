#pragma once

#include "audit/trimaudit.h"

#include <QString>
#include <optional>

// md's RAID 4/5/6 passes discards only with raid456's devices_handle_discard_safely, and that is
// safe only on drives whose trimmed blocks read back as zeroes (drivers/md/raid5.c: "Set to Y if
// all devices in each array reliably return zeroes on reads from discarded regions"): parity is
// kept as if they did. What the measured drive returns decides whether the audit's fix is offered.
namespace trimscope::advice {

struct Evidence;

// The audit finding is an md RAID layer above the measured drive that blocks discards (raid456
// without devices_handle_discard_safely).
bool isRaidDiscardBlocker(const Evidence &e, const audit::Finding &finding);
// The measured drive does not return zeroes after TRIM (or not so that the kernel relies on it):
// the audit's fix is withheld and this finding says why. nullopt otherwise.
std::optional<audit::Finding> raidDiscardUnsafeFinding(const Evidence &e,
                                                       const audit::Finding &blocker);
// What the fix's explanation adds where it is offered: this drive returns zeroes, or that it is
// not known.
QString raidDiscardFixNote(const Evidence &e);
// The fix is withheld: the drive is known not to return zeroes after TRIM.
bool raidDiscardUnsafe(const Evidence &e);

} // namespace trimscope::advice
