#pragma once

#include "resultfile.h"

namespace trimscope {

// What a result adds to the advice's input, whatever its kind: sweeps of one drive (another
// drive's sweep is refused), the filesystem experiment's delete profiles (a later file replaces
// the profiles of the filesystems it measured; one without any is refused; the deletes of every
// file add up, so files of two tree sizes show how the discards scale), a background-probe
// result, an audit report, a health report. Mkfs timing, write recovery, the fill curve and
// advice itself are refused with InvalidArgument, saying what the advice reads.
Error addAdviceInput(const AnyResult &result, advice::AdviceInput &input);

// What a diagnosis's phases add up to: its drive, health, background probe (when complete),
// sweep, filesystem results of every tree size, and the audit it was given. A drive whose kernel
// accepts no discard (discard_max_bytes 0) is marked so (markWithoutTrim).
advice::AdviceInput adviceInputOf(const DiagnosisResult &diagnosis);

// The one rule for a drive whose kernel accepts no discard: it reads as lacking TRIM, whatever
// its health says (the summary's source is the drive when nothing else is named), and gets the
// "no TRIM" verdict, never a request for a sweep that cannot run.
void markWithoutTrim(advice::AdviceInput &input, const DriveInfo &drive);

// The health figures the advice weighs.
advice::HealthSummary healthSummaryOf(const health::DriveHealth &health);

} // namespace trimscope
