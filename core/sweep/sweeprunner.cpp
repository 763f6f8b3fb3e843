#include "sweeprunner.h"

#include "emptytrimcheck.h"
#include "measurementpriority.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <optional>
#include <random>

namespace trimscope {

namespace {
double monotonicSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

double medianOf(QList<double> values)
{
    return computeStatistics(std::move(values)).median;
}
} // namespace

SweepRunner::SweepRunner(DiscardTarget &target, ResolvedPlan plan, DriveInfo drive,
                         const CancelToken &cancel)
    : m_target(target), m_plan(std::move(plan)), m_drive(std::move(drive)), m_cancel(cancel),
      m_samplesBySize(m_plan.sizes.size()), m_targetReached(m_plan.sizes.size(), false),
      m_expectedSamples(m_plan.sizes.size(), m_plan.plan.adaptiveRule().lookAtOrAfter(0))
{
}

namespace {
// One sample of the largest size moves to the front and one of the smallest after it, the rest
// keep their shuffled order: the estimate of what is left rests on both ends.
void endsFirst(QList<SweepRunner::Step> &steps, int smallest)
{
    for (const int size : {smallest, 0}) {
        const auto step = std::find_if(steps.begin(), steps.end(), [&](const SweepRunner::Step &s) {
            return s.sizeIndex == size;
        });
        if (step != steps.end())
            std::rotate(steps.begin(), step, step + 1);
    }
}
} // namespace

QList<SweepRunner::Step> SweepRunner::fixedSchedule() const
{
    QList<Step> steps;
    const int repeats = m_plan.plan.repeats;
    for (int sample = 0; sample < repeats; ++sample) {
        for (int size = 0; size < m_plan.sizes.size(); ++size)
            steps.append({size, sample});
    }
    if (m_plan.plan.order == SweepOrder::Interleaved) {
        std::mt19937_64 generator(m_plan.plan.seed);
        std::shuffle(steps.begin(), steps.end(), generator);
        endsFirst(steps, int(m_plan.sizes.size()) - 1);
    }
    return steps;
}

double SweepRunner::expectedSecondsFor(int sizeIndex) const
{
    if (!m_samplesBySize.at(sizeIndex).isEmpty())
        return medianOf(m_samplesBySize.at(sizeIndex));
    // Unmeasured: between the nearest measured sizes, a command's cost plus a cost per byte
    // (linear in the size: on log-log axes, the line between two sizes 22 octaves apart said
    // 2-20 times too much in between, and most of a sweep's time is in its largest sizes).
    int larger = sizeIndex - 1;
    while (larger >= 0 && m_samplesBySize.at(larger).isEmpty())
        --larger;
    int smaller = sizeIndex + 1;
    while (smaller < m_plan.sizes.size() && m_samplesBySize.at(smaller).isEmpty())
        ++smaller;
    const bool haveLarger = larger >= 0;
    const bool haveSmaller = smaller < m_plan.sizes.size();
    if (haveLarger && haveSmaller) {
        const double x0 = double(m_plan.sizes.at(smaller));
        const double x1 = double(m_plan.sizes.at(larger));
        const double y0 = medianOf(m_samplesBySize.at(smaller));
        const double y1 = medianOf(m_samplesBySize.at(larger));
        return y0 + (y1 - y0) * (double(m_plan.sizes.at(sizeIndex)) - x0) / (x1 - x0);
    }
    // One-sided, the neighbour's value. The sweep measures its largest and smallest sizes
    // first (endsFirst) and says nothing of what is left before it has (estimateFounded).
    if (haveLarger)
        return medianOf(m_samplesBySize.at(larger));
    if (haveSmaller)
        return medianOf(m_samplesBySize.at(smaller));
    return -1;
}

bool SweepRunner::estimateFounded() const
{
    // The largest size, whose discards take most of the time, and the smallest, so that every
    // size lies between two measured ones (issue 47, item 11: an estimate from a first 4 KiB
    // sample said 6.6 s of a 15 s run were left at 10 %).
    return !m_samplesBySize.isEmpty() && !m_samplesBySize.constFirst().isEmpty() &&
           !m_samplesBySize.constLast().isEmpty();
}

void SweepRunner::reportProgress(int samplesDone, int samplesPlanned, double remainingSeconds)
{
    if (!onProgress)
        return;
    SweepProgress progress;
    progress.samplesDone = samplesDone;
    progress.samplesPlanned = samplesPlanned;
    progress.elapsedSeconds = monotonicSeconds() - m_startedAt;
    progress.etaSeconds = remainingSeconds;
    if (remainingSeconds >= 0 && m_measuredSeconds + remainingSeconds > 0)
        progress.fraction = m_measuredSeconds / (m_measuredSeconds + remainingSeconds);
    else if (samplesPlanned > 0)
        progress.fraction = double(samplesDone) / samplesPlanned;
    // Counted in samples until the estimate is founded, then in time: never back.
    progress.fraction = std::clamp(progress.fraction, m_reportedFraction, 1.0);
    m_reportedFraction = progress.fraction;
    onProgress(progress);
}

std::optional<double> SweepRunner::prewrite(quint64 offset, quint64 bytes, SweepResult &result)
{
    const double before = monotonicSeconds();
    if (const Error error = m_target.prewrite(offset, bytes); error.isError()) {
        result.stopReason = StopReason::Failed;
        result.error = error;
        return std::nullopt;
    }
    const double spent = monotonicSeconds() - before;
    result.prewriteSeconds += spent;
    m_measuredSeconds += spent;
    return spent;
}

bool SweepRunner::measure(const Step &step, SweepResult &result)
{
    const quint64 bytes = m_plan.sizes.at(step.sizeIndex);
    const quint64 offset = m_plan.layout.offset(step.sizeIndex, step.sampleIndex);
    if (m_plan.plan.prewrite) {
        const std::optional<double> spent = prewrite(offset, bytes, result);
        if (!spent)
            return false;
        // The write speed the ETA counts with: the sweep's own writes.
        m_prewriteBytes += double(bytes);
        m_prewriteSeconds += *spent;
    }
    Sample sample;
    sample.bytes = bytes;
    sample.offset = offset;
    sample.startedAt = monotonicSeconds() - m_startedAt;
    const Expected<double> seconds = m_target.timedDiscard(offset, bytes);
    if (!seconds) {
        result.stopReason = StopReason::Failed;
        result.error = seconds.error();
        return false;
    }
    sample.seconds = *seconds;
    QList<double> &samples = m_samplesBySize[step.sizeIndex];
    samples.append(sample.seconds);
    m_measuredSeconds += sample.seconds * m_target.clockSecondsPerSecond();
    ++m_samplesDone;
    // What this sample took beyond its write and its TRIM: since the previous sample's TRIM
    // returned (or the start), less what the clock counted in between.
    const double endedAt = monotonicSeconds();
    const double own =
        std::max(0.0, endedAt - m_lastSampleEndedAt - (m_measuredSeconds - m_measuredAtLastSample));
    m_ownSecondsSum += own;
    m_ownSecondsMax = std::max(m_ownSecondsMax, own);
    m_lastSampleEndedAt = endedAt;
    m_measuredAtLastSample = m_measuredSeconds;
    if (m_plan.plan.adaptive) {
        const AdaptiveRule rule = m_plan.plan.adaptiveRule();
        // The interval is judged at the rule's checkpoints only; the guess of how many samples
        // the size needs is refreshed there too (and while there are too few to judge).
        if (samples.size() < 6 || rule.isLook(int(samples.size()))) {
            m_targetReached[step.sizeIndex] = rule.reached(samples);
            m_expectedSamples[step.sizeIndex] = rule.expectedSamples(samples);
        }
    }
    result.samples.append(sample);
    if (onSample)
        onSample(sample);
    return true;
}

bool SweepRunner::sizeFinished(int sizeIndex) const
{
    return m_targetReached.at(sizeIndex) ||
           m_samplesBySize.at(sizeIndex).size() >= m_plan.sampleSlots.at(sizeIndex);
}

double SweepRunner::expectedSecondsPerSample(int sizeIndex) const
{
    const double discard = expectedSecondsFor(sizeIndex);
    if (discard < 0)
        return -1;
    // On the clock: a simulated drive reports its model's seconds and sleeps its time scale's
    // multiple of them (issue 47, item 11: at --simulated-time-scale 0.25 the first estimate
    // said 5 times what the run took, at 4 about 4 times: the sleeps beyond the model counted as
    // the runner's own time between two discards, spread over every sample left).
    double perSample = discard * m_target.clockSecondsPerSecond();
    // The writes go at the drive's write speed, as measured by the writes so far.
    if (m_plan.plan.prewrite && m_prewriteBytes > 0)
        perSample += double(m_plan.sizes.at(sizeIndex)) * m_prewriteSeconds / m_prewriteBytes;
    // What the runner itself spends between two discards (progress, statistics, the clock):
    // negligible for large discards, a good part of the time of a 4 KiB one.
    return perSample + ownSecondsPerSample();
}

double SweepRunner::ownSecondsPerSample() const
{
    // The largest is left out: the first estimate comes after two samples, and a single pause
    // in one of them (the start-up, or a busy machine's scheduler: 3 ms in 2 samples) spread
    // over the 138 samples left said 0.55 s for a 0.3 s run (CI, tst_firsteta, intel-320).
    // Pauses that recur stay in the mean of the others.
    if (m_samplesDone < 2)
        return 0;
    return (m_ownSecondsSum - m_ownSecondsMax) / (m_samplesDone - 1);
}

QList<quint64> SweepRunner::trimmedRegions(const SweepResult &result, quint64 bytes) const
{
    QList<quint64> offsets;
    for (const Sample &sample : result.samples) {
        if (sample.bytes == bytes && offsets.size() < EmptyTrimCheck::kPairs)
            offsets.append(sample.offset);
    }
    return offsets;
}

int SweepRunner::checkDiscardsLeft() const
{
    if (!m_plan.plan.prewrite || m_checkDone)
        return 0;
    const int planned = m_plan.plannedCheckPairs() * emptyTrimCheckDiscardsPerPair(m_plan.sizes);
    return std::max(0, planned - m_checkDiscardsDone);
}

double SweepRunner::checkSecondsLeft() const
{
    if (checkDiscardsLeft() == 0)
        return 0;
    // Per pair: an empty TRIM at each checked size, at most about what one of written data
    // costs, and at the paired sizes a TRIM of written data with its write before it (what a
    // sweep sample costs).
    double perPair = 0;
    for (const quint64 bytes : emptyTrimCheckSizes(m_plan.sizes)) {
        const int index = int(m_plan.sizes.indexOf(bytes));
        const double discard = expectedSecondsFor(index);
        const double sample = expectedSecondsPerSample(index);
        if (discard < 0 || sample < 0)
            return -1;
        perPair += discard * m_target.clockSecondsPerSecond() +
                   (emptyTrimCheckThroughputSize(m_plan.sizes, bytes) ? 0 : sample);
    }
    const double perDiscard = perPair / emptyTrimCheckDiscardsPerPair(m_plan.sizes);
    return perDiscard * checkDiscardsLeft();
}

bool SweepRunner::checkEmptyTrims(SweepResult &result, int &done,
                                  const std::function<void(bool last)> &progressed)
{
    EmptyTrimCheck &check = result.emptyCheck;
    // A size with too few regions to judge is not checked at all: no TRIM is wasted on it.
    for (const quint64 bytes : emptyTrimCheckSizes(m_plan.sizes)) {
        const QList<quint64> regions = trimmedRegions(result, bytes);
        const bool throughput = emptyTrimCheckThroughputSize(m_plan.sizes, bytes);
        if (regions.size() >= EmptyTrimCheck::kMinPairs)
            check.sizes.append({bytes, regions, {}, 0, throughput, {}});
    }
    const auto timedDiscard = [&](quint64 offset, quint64 bytes) -> std::optional<double> {
        if (m_cancel.isCancelled()) {
            result.stopReason = StopReason::Cancelled;
            return std::nullopt;
        }
        const Expected<double> seconds = m_target.timedDiscard(offset, bytes);
        if (!seconds) {
            result.stopReason = StopReason::Failed;
            result.error = seconds.error();
            return std::nullopt;
        }
        m_measuredSeconds += *seconds * m_target.clockSecondsPerSecond();
        ++m_checkDiscardsDone;
        ++done;
        progressed(false);
        return *seconds;
    };
    // The sizes take turns, so drift over the check touches each alike.
    for (int pair = 0; pair < EmptyTrimCheck::kPairs; ++pair) {
        for (EmptyTrimCheck::Size &size : check.sizes) {
            if (pair >= size.offsets.size())
                continue;
            const quint64 offset = size.offsets.at(pair);
            if (!size.throughput) {
                // Written data again, trimmed right before its empty space is.
                if (!prewrite(offset, size.bytes, result))
                    return false;
                const std::optional<double> written = timedDiscard(offset, size.bytes);
                if (!written)
                    return false;
                size.writtenSeconds.append(*written);
            }
            const std::optional<double> empty = timedDiscard(offset, size.bytes);
            if (!empty)
                return false;
            size.emptySeconds.append(*empty);
        }
    }
    return true;
}

QList<int> SweepRunner::adaptiveRemaining() const
{
    QList<int> remaining(m_plan.sizes.size(), 0);
    for (int size = 0; size < m_plan.sizes.size(); ++size) {
        if (sizeFinished(size))
            continue;
        const int count = int(m_samplesBySize.at(size).size());
        const int expected = std::min(m_expectedSamples.at(size), m_plan.sampleSlots.at(size));
        remaining[size] = std::max(1, expected - count);
    }
    return remaining;
}

SweepResult SweepRunner::run()
{
    SweepResult result;
    result.start(m_drive);
    result.plan = m_plan;
    const ScopedMeasurementPriority priority(raisePriority);
    result.measurementPriority = priority.description();
    m_startedAt = monotonicSeconds();
    m_lastSampleEndedAt = m_startedAt;

    const auto stopRequested = [&]() {
        if (m_cancel.isCancelled()) {
            result.stopReason = StopReason::Cancelled;
            return true;
        }
        const double budget = m_plan.plan.timeBudgetSeconds;
        if (budget > 0 && monotonicSeconds() - m_startedAt >= budget) {
            result.stopReason = StopReason::TimeBudget;
            return true;
        }
        return false;
    };
    // Seconds still expected for `remaining[i]` more samples of each size, never beyond the
    // time budget; -1 while unknown.
    const auto expectedSecondsLeft = [&](const QList<int> &remaining) {
        if (!estimateFounded())
            return -1.0;
        double total = 0;
        for (int size = 0; size < remaining.size(); ++size) {
            if (remaining.at(size) == 0)
                continue;
            const double perSample = expectedSecondsPerSample(size);
            if (perSample < 0)
                return -1.0;
            total += perSample * remaining.at(size);
        }
        const double budget = m_plan.plan.timeBudgetSeconds;
        if (budget > 0)
            total = std::min(total, std::max(0.0, budget - (monotonicSeconds() - m_startedAt)));
        // The empty-space check runs after the sweep, whatever stopped it short of its plan.
        const double check = checkSecondsLeft();
        return check < 0 ? -1.0 : total + check;
    };
    // Progress costs a median per size: report at most every 50 ms, and always at the end and
    // as soon as there is an estimate of what is left.
    double lastReport = -1;
    bool estimateReported = false;
    const auto reportIfDue = [&](int done, const QList<int> &remaining, bool last) {
        const double now = monotonicSeconds();
        const bool firstEstimate = !estimateReported && estimateFounded();
        if (!last && !firstEstimate && lastReport >= 0 && now - lastReport < 0.05)
            return;
        estimateReported = estimateReported || firstEstimate;
        lastReport = now;
        const int left = std::accumulate(remaining.begin(), remaining.end(), 0);
        reportProgress(done, done + left + checkDiscardsLeft(), expectedSecondsLeft(remaining));
    };

    bool running = true;
    int done = 0;
    if (!m_plan.plan.adaptive) {
        const QList<Step> steps = fixedSchedule();
        QList<int> remaining(m_plan.sizes.size(), m_plan.plan.repeats);
        reportProgress(0, int(steps.size()) + checkDiscardsLeft(), -1);
        for (qsizetype i = 0; i < steps.size() && running; ++i) {
            running = !stopRequested() && measure(steps.at(i), result);
            if (!running)
                break;
            ++done;
            --remaining[steps.at(i).sizeIndex];
            reportIfDue(done, remaining, i + 1 == steps.size());
        }
    } else {
        // Rounds of one sample of every size still sampling, shuffled within the round when
        // interleaved; a size leaves when the rule stops it or its fresh regions run out.
        std::mt19937_64 generator(m_plan.plan.seed);
        for (int round = 0; running; ++round) {
            QList<Step> steps;
            for (int size = 0; size < m_plan.sizes.size(); ++size) {
                if (!sizeFinished(size))
                    steps.append({size, round});
            }
            if (steps.isEmpty())
                break;
            if (m_plan.plan.order == SweepOrder::Interleaved) {
                std::shuffle(steps.begin(), steps.end(), generator);
                if (round == 0)
                    endsFirst(steps, int(m_plan.sizes.size()) - 1);
            }
            for (qsizetype i = 0; i < steps.size() && running; ++i) {
                running = !stopRequested() && measure(steps.at(i), result);
                if (!running)
                    break;
                ++done;
                bool last = true;
                for (int size = 0; size < m_plan.sizes.size() && last; ++size)
                    last = sizeFinished(size);
                if (last || !estimateReported || monotonicSeconds() - lastReport >= 0.05)
                    reportIfDue(done, adaptiveRemaining(), last);
            }
        }
    }

    if (!m_plan.plan.prewrite) {
        result.emptyCheck.notCheckedReason = QStringLiteral("no-prewrite");
    } else if (result.stopReason == StopReason::Cancelled ||
               result.stopReason == StopReason::Failed) {
        result.emptyCheck.notCheckedReason = QStringLiteral("stopped");
    } else {
        const QList<int> none(m_plan.sizes.size(), 0);
        const int doneBefore = done;
        const bool checked =
            checkEmptyTrims(result, done, [&](bool last) { reportIfDue(done, none, last); });
        m_checkDone = true;
        result.emptyCheck.notCheckedReason =
            checked ? QStringLiteral("too-few-samples") : QStringLiteral("stopped");
        if (done > doneBefore)
            reportIfDue(done, none, true);
    }

    result.finish(monotonicSeconds() - m_startedAt);
    result.rebuildPoints();
    return result;
}

} // namespace trimscope
