#pragma once

#include "probeplan.h"
#include "proberesult.h"

namespace trimscope::probe {

// How many of the first writes after a trial's discard (or the moment a sham trial's would have
// come) the pair's judgement weighs: a drive that trims in the background slows them from the
// start (the simulated profile's 0.3 s of owed work slows six at 50 ms apart), and ten keep one
// write's wait for the CPU from deciding.
constexpr qsizetype kJudgedWrites = 2 * kProbeWindowWrites;
// A real trial's writes must slow this much more than its sham's did for the pair to say
// "background". Less than a lone trial's slowFactor: the sham takes the machine's share of a
// slow-down out, and on a busy computer the drive's own extra time is a smaller part of each
// write (the emulated drive's 5 ms beside a loaded machine's 2-5 ms).
constexpr double kPairFactor = 1.5;
// ... and no more than this much by either measure for it to say "none": between the two the
// drive's share is too small to tell from the machine's noise (beside four busy loops the
// emulated drive's 5 ms rose 20 ms writes 1.4x, real and sham alike).
constexpr double kNoneFactor = 1.25;

enum class PairVerdict { Background, NoBackground, Unclear };

struct PairJudgement
{
    PairVerdict verdict = PairVerdict::Unclear;
    // The median of a trial's first kJudgedWrites writes after its discard over its own baseline
    // median: the real trial's and its sham's.
    double realSlowdown = 1;
    double shamSlowdown = 1;
    // The real trial's judged median over the sham's: the same writes of two trials a few
    // seconds apart, with nothing but the discard between them.
    double realOverSham = 1;
    // The second fastest of the real trial's first kProbeWindowWrites writes after its discard
    // over its baseline median: how slow the drive was from the discard on, at its least.
    double realSteadySlowdown = 1;
};

// A trial's slow-down: the median of its first judged writes over its baseline's median (1 when
// either is missing).
double earlySlowdown(const ProbeTrialSamples &trial);

// One pair of trials, run one right after the other on the same machine: "background" when the
// real trial's first writes after its discard slowed kPairFactor times more than the sham's
// against their own baselines, took kPairFactor times the sham's too, and all but one of its
// first kProbeWindowWrites did so (realSteadySlowdown); "none" when by
// neither measure they slowed kNoneFactor times and the sham's kept their pace; else nothing.
// Medians against medians, not a threshold crossing anywhere in the writes: on a busy computer a
// burst of load pushes some stretch of any trial's writes over a threshold (shams and real trials
// alike, so pairs said nothing), and neither moves the medians much. Both measures, because on a
// loaded machine either alone was fooled (recorded beside two busy loops, tst_proberecorded): a
// baseline served fast while the writes after it waited for the CPU (0.2 ms, then 31 ms: 130x
// "slower" with no discard owed), and a sham that met a burst of load its real trial missed.
// And the medians alone were fooled on a drive whose writes take 0.2 ms: a burst of load slowed
// half a real trial's ten writes to 0.5-6 ms while its sham met none (3.4x, twice in one probe
// of the emulated fast drive beside builds: "background"); between the slow ones its writes went
// at the drive's pace, the first two among them. A drive that owes work for a discard serves no
// write at its pace until the work is done (the emulated background drive: 5.3 ms, every one).
PairJudgement judgePair(const ProbeTrialSamples &sham, const ProbeTrialSamples &real,
                        const BackgroundProbePlan &plan);

} // namespace trimscope::probe
