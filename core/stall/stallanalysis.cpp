#include "stallanalysis.h"

#include "recovery/fioresult.h"
#include "stalltext.h"
#include "sweep/statistics.h"

#include <QCoreApplication>
#include <algorithm>
#include <limits>

namespace trimscope::stall {

namespace {

constexpr double kNs = 1e9;
// fio logs completion times truncated to the millisecond: the middle of that millisecond is
// the best guess, off by half a millisecond at most.
constexpr qint64 kHalfMsNs = 500'000;
constexpr int kMaxBuckets = 5000;
constexpr qint64 kMinBucketNs = 10'000'000;

double seconds(qint64 ns)
{
    return double(ns) / kNs;
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : quantileOfSorted(values, 0.5);
}

// Latency figures of the I/O that completed in [fromNs, toNs) and started after `notBeforeNs`.
// By completion: a read that was queued just before a discard and waited for it belongs to the
// discard's phase, not to the one before.
void fillLatencies(StallPhaseFigures &figures, const QList<IoSample> &ios, qint64 fromNs,
                   qint64 toNs, qint64 notBeforeNs)
{
    QList<double> latencies;
    double sum = 0;
    for (const IoSample &io : ios) {
        if (io.endNs >= fromNs && io.endNs < toNs && io.startNs() >= notBeforeNs) {
            latencies.append(seconds(io.latencyNs));
            sum += latencies.last();
        }
    }
    std::sort(latencies.begin(), latencies.end());
    figures.ios = int(latencies.size());
    if (latencies.isEmpty())
        return;
    figures.meanSeconds = sum / double(latencies.size());
    figures.p50Seconds = quantileOfSorted(latencies, 0.5);
    figures.p99Seconds = quantileOfSorted(latencies, 0.99);
    figures.p999Seconds = quantileOfSorted(latencies, 0.999);
    figures.maxSeconds = latencies.last();
}

} // namespace

Expected<QList<IoSample>> parseFioLatencyLog(const QByteArray &log, qint64 msecOffset)
{
    QList<IoSample> samples;
    const std::optional<int> badLine =
        recovery::readFioLog(log, [&](const recovery::FioLogLine &line) {
            if ((line.direction != 0 && line.direction != 1) ||
                line.msec > (std::numeric_limits<qint64>::max() / 1'000'000) - 1)
                return false;
            samples.append({(line.msec + msecOffset) * 1'000'000 + kHalfMsNs, line.value,
                            line.direction == 1});
            return true;
        });
    if (badLine)
        return makeError(ErrorCode::InvalidArgument,
                         StallText::tr("fio's latency log could not be read: line %1 is "
                                       "not \"msec, nsec, direction, size\"")
                             .arg(*badLine));
    return samples;
}

void analyzeStall(StallResult &result, const QList<IoSample> &unsortedIos,
                  const QList<TimedDiscard> &discards, qint64 baselineFromNs, qint64 endNs)
{
    QList<IoSample> ios = unsortedIos;
    std::stable_sort(ios.begin(), ios.end(),
                     [](const IoSample &a, const IoSample &b) { return a.endNs < b.endNs; });
    const qint64 firstDiscardNs = discards.isEmpty() ? endNs : discards.first().startNs;
    const auto toSeconds = [&](qint64 ns) { return seconds(ns - baselineFromNs); };
    qint64 longestNs = 0;
    for (const IoSample &io : ios)
        longestNs = qMax(longestNs, io.latencyNs);

    result.phases.clear();
    result.discards.clear();
    StallPhaseFigures baseline;
    baseline.phase = StallPhase::Baseline;
    baseline.fromSeconds = 0;
    baseline.toSeconds = toSeconds(firstDiscardNs);
    fillLatencies(baseline, ios, baselineFromNs, firstDiscardNs, baselineFromNs);
    result.phases.append(baseline);
    // Held up: slower than nearly every read alone, and clearly above the typical one.
    result.stallThresholdSeconds = qMax(3 * baseline.p50Seconds, baseline.p999Seconds);
    const qint64 thresholdNs = qint64(result.stallThresholdSeconds * kNs);
    const qint64 typicalNs = qint64(baseline.p50Seconds * kNs);

    // Each discard: from its start to the next discard's (or the run's end).
    for (qsizetype i = 0; i < discards.size(); ++i) {
        const TimedDiscard &d = discards[i];
        const qint64 untilNs = i + 1 < discards.size() ? discards[i + 1].startNs : endNs;
        StallDiscard out;
        out.phase = d.phase;
        out.offset = d.offset;
        out.bytes = d.bytes;
        out.startSeconds = toSeconds(d.startNs);
        out.seconds = seconds(d.endNs - d.startNs);
        qint64 added = 0;
        qint64 longest = 0;
        bool completed = false;
        const auto first =
            std::upper_bound(ios.cbegin(), ios.cend(), d.startNs,
                             [](qint64 ns, const IoSample &io) { return ns < io.endNs; });
        for (auto it = first; it != ios.cend() && it->endNs - longestNs < untilNs; ++it) {
            const IoSample &io = *it;
            if (io.startNs() >= untilNs)
                continue;
            // Held up by this discard: in flight while it ran. (Counting the whole window to
            // the next discard would add the machine's own hiccups of that second too.)
            if (io.latencyNs > thresholdNs && io.startNs() < d.endNs)
                added += io.latencyNs - typicalNs;
            // The latency is exact; the completion stamps are good to a millisecond only, too
            // coarse for the gaps between completions on a fast drive. At QD1 the longest I/O
            // is the longest time nothing completed, less a submission.
            // Only what completed before the next discard began: the read in flight then waits
            // for that one.
            if (io.endNs <= untilNs) {
                longest = qMax(longest, io.latencyNs);
                completed = true;
            }
        }
        // Nothing completed since: the device is still silent at the window's end.
        if (!completed)
            longest = qMax(longest, untilNs - d.startNs);
        out.addedSeconds = seconds(added);
        out.longestStallSeconds = seconds(longest);
        result.discards.append(out);
    }

    // Each phase: from its first discard to the next phase's first one.
    for (qsizetype i = 0; i < discards.size();) {
        const StallPhase phase = discards[i].phase;
        qsizetype j = i;
        while (j < discards.size() && discards[j].phase == phase)
            ++j;
        const qint64 fromNs = discards[i].startNs;
        const qint64 toNs = j < discards.size() ? discards[j].startNs : endNs;
        StallPhaseFigures figures;
        figures.phase = phase;
        figures.fromSeconds = toSeconds(fromNs);
        figures.toSeconds = toSeconds(toNs);
        figures.discards = int(j - i);
        figures.discardBytes = discards[i].bytes;
        fillLatencies(figures, ios, fromNs, toNs, baselineFromNs);
        QList<double> added, took;
        for (qsizetype k = i; k < j; ++k) {
            added.append(result.discards[k].addedSeconds);
            took.append(result.discards[k].seconds);
            figures.longestStallSeconds =
                qMax(figures.longestStallSeconds, result.discards[k].longestStallSeconds);
        }
        figures.addedPerDiscardSeconds = median(added);
        figures.discardMedianSeconds = median(took);
        result.phases.append(figures);
        i = j;
    }

    // The chart's line: the longest I/O completing in each bucket.
    StallTimeline &timeline = result.timeline;
    const qint64 span = qMax<qint64>(endNs - baselineFromNs, 0);
    const qint64 bucketNs = qMax(kMinBucketNs, (span + kMaxBuckets - 1) / kMaxBuckets);
    const qsizetype buckets = qsizetype((span + bucketNs - 1) / bucketNs);
    timeline.bucketSeconds = seconds(bucketNs);
    timeline.maxLatencySeconds = QList<double>(buckets, 0.0);
    timeline.ios = QList<int>(buckets, 0);
    for (const IoSample &io : ios) {
        if (io.endNs < baselineFromNs || io.endNs >= endNs)
            continue;
        const qsizetype b = qsizetype((io.endNs - baselineFromNs) / bucketNs);
        if (b >= buckets)
            continue;
        timeline.maxLatencySeconds[b] = qMax(timeline.maxLatencySeconds[b], seconds(io.latencyNs));
        ++timeline.ios[b];
    }
}

} // namespace trimscope::stall
