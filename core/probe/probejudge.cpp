#include "probejudge.h"

#include "sweep/statistics.h"

#include <algorithm>

namespace trimscope::probe {

namespace {

// The seconds of a trial's first `count` writes after its discard (fewer when it has fewer).
QList<double> firstWrites(const ProbeTrialSamples &trial, qsizetype count)
{
    QList<double> first;
    for (qsizetype i = 0; i < std::min(trial.writes.size(), count); ++i)
        first.append(trial.writes.at(i).seconds);
    return first;
}

// The median of a trial's first judged writes (0 when it has none).
double judgedMedian(const ProbeTrialSamples &trial)
{
    QList<double> early = firstWrites(trial, kJudgedWrites);
    return early.isEmpty() ? 0 : computeStatistics(std::move(early)).median;
}

// The median of a trial's baseline writes (0 when it has none).
double baselineMedian(const ProbeTrialSamples &trial)
{
    return trial.baseline.isEmpty() ? 0 : computeStatistics(trial.baseline).median;
}

// `seconds` over the trial's baseline median: 1 where either is unknown.
double overBaseline(double seconds, const ProbeTrialSamples &trial)
{
    const double baseline = baselineMedian(trial);
    return seconds > 0 && baseline > 0 ? seconds / baseline : 1;
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
    QList<double> first = firstWrites(trial, kProbeWindowWrites);
    if (first.size() < 2)
        return 0;
    std::sort(first.begin(), first.end());
    return first.at(1);
}

} // namespace

double earlySlowdown(const ProbeTrialSamples &trial)
{
    return overBaseline(judgedMedian(trial), trial);
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
    j.realSteadySlowdown = overBaseline(steadyFirstWindow(real), real);
    const bool slowerThanItsBaseline =
        j.realSlowdown >= kPairFactor * machine && j.realSteadySlowdown >= kPairFactor * machine;
    if (slowerThanItsBaseline && j.realOverSham >= kPairFactor)
        j.verdict = PairVerdict::Background;
    // "None" only where the writes went at the drive's own pace: where the machine made them
    // many times slower, a drive's few ms more are within their noise (20-33 ms writes beside
    // two busy loops hid the emulated drive's 5 ms, and a threshold said "none").
    else if (j.realSlowdown < kNoneFactor * machine && j.realOverSham < kNoneFactor &&
             j.shamSlowdown < plan.slowFactor &&
             baselineMedian(real) <= plan.slowFactor * floorOf(shamTrial, real))
        j.verdict = PairVerdict::NoBackground;
    return j;
}

} // namespace trimscope::probe
