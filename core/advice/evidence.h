#pragma once

#include "advice.h"
#include "auditmatch.h"
#include "device/libataquirks.h"
#include "estimates.h"
#include "inuse.h"
#include "trimcurve.h"

#include <optional>

namespace trimscope::advice {

// What the advice rests on, gathered once by the pipeline (advice.cpp) and only read from then
// on: the verdict, its figures, its words and its fixes are each computed from it.
struct Evidence
{
    const AdviceInput &input;
    const AdviceThresholds &thresholds;
    TrimCurve curve;
    std::optional<DriveInfo> drive; // the measured drive, if any
    AuditMatch audit;
    QList<FsEstimate> estimates;
    QList<FsPrediction> predictions; // the estimates the curve could price
    InUseFigures inUse;              // what the drive in use measured of itself
    // A background probe ran but could not tell (the computer was busy): left out of `input`,
    // counted as a doubt of its own.
    bool probeInconclusive = false;
    // What the kernel's own list says of the measured drive's TRIM (libata's quirks; none for a
    // drive behind another driver or a simulated one): a drive whose TRIM the kernel sends
    // unqueued holds other I/O up behind every discard, which its TRIM times do not show.
    LibataTrimQuirks kernelQuirks;

    // The measured drive's display name, or "this drive".
    QString driveName() const;
    // The drive is simulated: its figures are a model's, said so wherever "measured" would
    // stand (issue 47 item 13).
    bool simulated() const { return drive && drive->simulated; }
    // The background probe saw the drive trim in the background.
    bool backgroundTrimming() const;
    // The small or medium phase whose discards held I/O up longest, when that is over the
    // threshold: what online discard would do to the drive in use.
    const stall::StallPhaseFigures *onlineStall() const;
    // The kernel sends this drive's TRIM unqueued and no stall test measured what that costs
    // the I/O around it.
    bool unqueuedTrimUnmeasured() const;
    // What the measured curve alone says, ignoring the stack.
    Verdict curveVerdict() const;
    // The prediction of that verdict furthest over (or nearest to) its limit, of those its
    // figures decide: not one left undecided because the background probe could not tell.
    const FsPrediction *worstPrediction(Verdict verdict) const;
};

// What the verdict rests on; the sentence, what would change it and the fixes follow from it.
enum class Ground {
    NoTrim,         // the drive (or the kernel for its disk) says it has no TRIM
    StackBlocked,   // the audit found TRIM blocked between the filesystems and the drive
    Stall,          // discards hold other I/O up for too long
    BackgroundTrim, // the drive trims in the background
    Estimates,      // the kernel-tree delete estimates against their limits
    // Nothing measured on a spare drive, but the drive in use measured itself: its own counters
    // and a timed fstrim (inuse.h).
    InUse,
    NothingMeasured, // nothing a verdict could rest on
};

struct Decision
{
    Verdict verdict = Verdict::Unknown;
    Ground ground = Ground::NothingMeasured;
    Verdict fromCurve = Verdict::Unknown; // Evidence::curveVerdict()
};

} // namespace trimscope::advice
