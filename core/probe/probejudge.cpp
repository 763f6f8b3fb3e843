#include "probejudge.h"

#include "sweep/statistics.h"

#include <algorithm>

namespace trimscope::probe {

namespace {

// The median of a trial's first judged writes (0 when it has none).
double judgedMedian(const ProbeTrialSamples &trial)
{
    QList<double> early;
    for (qsizetype i = 0; i < std::min(trial.writes.size(), kJudgedWrites); ++i)
        early.append(trial.writes.at(i).seconds);
    return early.isEmpty() ? 0 : computeStatistics(std::move(early)).median;
}

// The pace the drive itself gave the pair's baselines: their lower quartile, pooled. The
// machine's waits for the CPU only ever add to a write; a quarter of the writes meeting none is
// common even on a busy computer.
double floorOf(const ProbeTrialSamples &a, const ProbeTrialSamples &b)
{
    QList<double> all = a.baseline + b.baseline;
    if (all.isEmpty())
        return 0;
    std::sort(all.begin(), all.end());
    return all.at(all.size() / 4);
}

// The second fastest of a trial's first window of writes after its discard (0 when it has
// fewer than two): one write may meet the drive at its pace by luck, the rest of a drive that
// owes work do not.
double steadyFirstWindow(const ProbeTrialSamples &trial)
{
    QList<double> first;
    for (qsizetype i = 0; i < std::min(trial.writes.size(), kProbeWindowWrites); ++i)
        first.append(trial.writes.at(i).seconds);
    if (first.size() < 2)
        return 0;
    std::sort(first.begin(), first.end());
    return first.at(1);
}

} // namespace

double earlySlowdown(const ProbeTrialSamples &trial)
{
    const double early = judgedMedian(trial);
    const double baseline = trial.baseline.isEmpty() ? 0 : computeStatistics(trial.baseline).median;
    return early > 0 && baseline > 0 ? early / baseline : 1;
}

PairJudgement judgePair(const ProbeTrialSamples &shamTrial, const ProbeTrialSamples &real,
                        const BackgroundProbePlan &plan)
{
    PairJudgement j;
    j.realSlowdown = earlySlowdown(real);
    j.shamSlowdown = earlySlowdown(shamTrial);
    // A sham whose writes came faster than its baseline (its baseline met a burst of load) does
    // not make the real trial's ordinary writes look slow.
    const double machine = std::max(j.shamSlowdown, 1.0);
    const double sham = judgedMedian(shamTrial);
    j.realOverSham = sham > 0 ? judgedMedian(real) / sham : 1;
    const double realBaseline =
        real.baseline.isEmpty() ? 0 : computeStatistics(real.baseline).median;
    const double steady = steadyFirstWindow(real);
    j.realSteadySlowdown = steady > 0 && realBaseline > 0 ? steady / realBaseline : 1;
    const bool slowerThanItsBaseline =
        j.realSlowdown >= kPairFactor * machine && j.realSteadySlowdown >= kPairFactor * machine;
    if (slowerThanItsBaseline && j.realOverSham >= kPairFactor)
        j.verdict = PairVerdict::Background;
    // "None" only where the writes went at the drive's own pace: where the machine made them
    // many times slower, a drive's few ms more are within their noise (20-33 ms writes beside
    // two busy loops hid the emulated drive's 5 ms, and a threshold said "none").
    else if (j.realSlowdown < kNoneFactor * machine && j.realOverSham < kNoneFactor &&
             j.shamSlowdown < plan.slowFactor &&
             computeStatistics(real.baseline).median <= plan.slowFactor * floorOf(shamTrial, real))
        j.verdict = PairVerdict::NoBackground;
    return j;
}

} // namespace trimscope::probe
