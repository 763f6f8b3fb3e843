#pragma once

#include "common/expected.h"
#include "common/jsonfields.h"
#include "probelimits.h"

#include <QJsonObject>

namespace trimscope::probe {

// How many neighbouring writes decide whether the drive is slow at a moment (and make one window
// of the wait for an idle drive).
constexpr qsizetype kProbeWindowWrites = 5;
// The quiet gaps of the trials after the first: the drive was just seen idle.
constexpr double kLaterTrialQuietSeconds = 2;

// Where and how long to probe. Offsets and sizes are in bytes and must be multiples of 4 KiB.
struct BackgroundProbePlan
{
    quint64 discardOffset = 0;
    quint64 discardBytes = quint64(1) << 30;
    quint64 probeOffset = 0; // the probe region must not overlap the discard region
    quint64 probeBytes = quint64(1) << 20;
    quint64 writeBytes = 4096;
    int baselineWrites = 20;
    double intervalSeconds = 0.05; // pause between two probe writes after the discard
    double minSeconds = 2;         // probe at least this long, even if writes look normal
    double maxSeconds = 10;        // and never longer
    int recoveredAfter = 10;       // this many writes in a row judged normal end the probe early
    // The drive is slow while the median of five neighbouring writes is above slowFactor x the
    // baseline median; it is flagged when at least minSlowWrites writes fall in such a stretch
    // and the median write from the discard to the stretch's end is slowFactor times the
    // baseline median or more. Medians only: on a busy machine single writes wait for the CPU
    // at any time (a threshold from the baseline's tail, its p95, rose above what a deferring
    // drive's writes cost, and a 3x slow-down went unseen); a drive paying for a discard slows
    // most writes.
    double slowFactor = 2;
    int minSlowWrites = 3;
    bool fillFirst = false; // write the discard region first, so a real drive has data to trim
    // Before the baseline the drive must be idle: a drive still paying for earlier TRIMs (a sweep
    // run just before) writes slowly before and after the probe's discard alike, and its
    // background work goes unseen. Windows of writes are taken with quiet gaps that double from
    // intervalSeconds up to idleQuietSeconds; the drive is idle when two windows in a row, the
    // later one after the longest gap, are within idleTolerance of each other and of the lowest
    // level two such windows in a row have reached (the later after the longest gap too: the
    // windows after shorter gaps come seconds after what ran before, while the computer is still
    // busier than it will be). Work owed for longer than the gaps add up to still
    // looks idle; the probe then says so only if writes fell while it waited. 0 for idleMaxSeconds
    // skips the wait.
    double idleQuietSeconds = 8;
    double idleMaxSeconds = 60;
    double idleTolerance = 1.5;
    // At most this many pairs of trials (each trial: idle wait, baseline, the discard or, in
    // the pair's sham trial, none, and the writes after it); two pairs agreeing end the probe.
    int trials = 4;
    // One bound for the whole probe, every trial and wait included: on a busy computer the drive
    // may never look quiet, and per-trial waits would add up over the trials (168 s were seen).
    // The last trial's writes after its discard end at the bound too; no new pair starts when
    // too little is left for one.
    double maxWaitSeconds = kDefaultProbeWaitSeconds;
};

// The discard region at the start of the device (up to 1 GiB, at most a quarter of it), the
// probe region of 1 MiB at its end: the two never overlap.
BackgroundProbePlan defaultBackgroundProbePlan(quint64 deviceBytes);

// How long the probe takes on an idle drive that does not trim in the background, the usual
// case: two pairs of trials that agree, the first waiting through every quiet gap, the others
// through the shorter gaps of a drive just seen idle; each with its windows of writes, its
// baseline and at least minSeconds after the discard. A drive that keeps owing work, or
// slows after the discard, takes longer (up to idleMaxSeconds and maxSeconds a trial).
double typicalProbeSeconds(const BackgroundProbePlan &plan);

// What a caller chooses; the rest of the plan follows from the device's size.
struct BackgroundProbeRequest
{
    quint64 discardBytes = 0; // 0: the default plan's
    double maxSeconds = 0;    // 0: the default plan's (10 s); a shorter probe also ends sooner
    bool fillFirst = false;
    double maxWaitSeconds = 0; // the whole probe's bound; 0: the default plan's (90 s)

    // Its one codec: the helper's StartJob options are this object (helper/protocol). Its keys,
    // for the codec and for the helper's bounds (common/jsonfields.h):
    static constexpr auto jsonFields()
    {
        return std::tuple{
            JsonField{"discard_bytes", &BackgroundProbeRequest::discardBytes},
            JsonField{"max_s", &BackgroundProbeRequest::maxSeconds},
            JsonField{"max_wait_s", &BackgroundProbeRequest::maxWaitSeconds},
            JsonField{"fill_first", &BackgroundProbeRequest::fillFirst},
        };
    }
    QJsonObject toJson() const;
    static BackgroundProbeRequest fromJson(const QJsonObject &json);
};

// The default plan for the device with the request applied, validated. The quiet period is for
// TRIM work a drive may still owe: one that has served no discard since it appeared (the
// kernel's count for it, `servedNoDiscard`) owes none, so its first trial waits for quiet as
// briefly as the later ones do.
Expected<BackgroundProbePlan> planBackgroundProbe(const BackgroundProbeRequest &request,
                                                  quint64 deviceBytes,
                                                  bool servedNoDiscard = false);
// InvalidArgument naming the bad value: regions outside the device, overlapping, misaligned,
// or times out of bounds (a trial's waits are bounded to 120 s, the whole probe to 10..3600 s).
Error validateBackgroundProbePlan(const BackgroundProbePlan &plan, quint64 deviceBytes);

} // namespace trimscope::probe
