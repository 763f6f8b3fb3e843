#pragma once

#include <QJsonObject>
#include <QList>
#include <optional>

namespace trimscope {

// Does the drive answer a TRIM of empty space (unmapped LBAs) faster than a TRIM of written
// data? Many do, at once (NVMe drives after a secure erase or on never-written space): a curve
// of such TRIMs measures nothing. A sweep that pre-writes its regions times written data; this
// check adds a few TRIMs of empty space at one or two of its sizes and compares them with TRIMs
// of written data. The empty regions are ones the sweep itself has trimmed already: whatever a
// region held before, it is unmapped then, so the check needs no space of its own. At the
// command-bound sizes each empty TRIM is paired with one of written data taken just before it:
// the region is written again (outside the timing), trimmed (written data), and trimmed again
// (empty space). The two TRIMs of a pair see the same machine, so a load that comes or goes
// between the sweep and the check cannot pose as a difference (compared with the sweep's
// medians, a plain drive once looked 2x faster on empty space beside a compile).
struct EmptyTrimCheck
{
    enum class Outcome {
        NotChecked,  // the sweep wrote nothing first, or stopped before the check
        Same,        // empty space costs about what written data does
        EmptyFaster, // the drive answers TRIM of empty space at least kFasterRatio x faster
    };

    // Pairs per checked size, and the ratio (written / empty, the median over the pairs) that
    // counts as "faster": twice, far beyond what the median of a few pairs moves by chance.
    static constexpr int kPairs = 5;
    static constexpr int kMinPairs = 3;
    static constexpr double kFasterRatio = 2.0;

    struct Size
    {
        quint64 bytes = 0;
        QList<quint64> offsets;     // the regions trimmed again
        QList<double> emptySeconds; // their times, in measurement order
        double writtenMedian = 0;   // the sweep's median at this size (written data)
        // The plan's largest size, where bytes rather than the command cost: how empty space
        // compares there tells the advice what discarding free space again costs (ext4 does,
        // many times over), but not whether the drive answers a TRIM of empty space at once,
        // which the command-bound sizes answer alone.
        bool throughput = false;
        // Paired sizes: the TRIM of written data right before each empty one, same region.
        // Empty for the throughput size and in files from before the pairing.
        QList<double> writtenSeconds;

        bool paired() const;
        double emptyMedian() const; // 0 when nothing was measured
        // The written side of the comparison: the pairs' median, else the sweep's.
        double comparedWrittenMedian() const;
        // Written / empty: the smaller of the pairs' median ratio and the ratio of the fastest
        // of each side, else the ratio of the medians; 0 when unknown.
        double ratio() const;
    };

    QList<Size> sizes;
    QString notCheckedReason; // "no-prewrite", "stopped", "too-few-samples" when not checked

    Outcome outcome() const;
    // The command-bound size whose ratio decided (the largest ratio); nullopt when not checked.
    std::optional<Size> decisive() const;

    QJsonObject toJson() const;
    // The file's samples; medians and ratios are recomputed (the written medians by
    // SweepResult::rebuildPoints, from the sweep's own samples), so a hand-edited summary
    // cannot lie.
    static EmptyTrimCheck fromJson(const QJsonObject &json);
};

QString emptyTrimOutcomeName(EmptyTrimCheck::Outcome outcome);

// The sizes a plan checks: its smallest, one in the middle of its range and its largest (the
// throughput size); one size when the plan has fewer than three.
QList<quint64> emptyTrimCheckSizes(const QList<quint64> &descendingSizes);
// Whether a checked size is the plan's throughput size (its largest, of three or more).
bool emptyTrimCheckThroughputSize(const QList<quint64> &descendingSizes, quint64 bytes);
// Timed TRIMs the check makes per pair: one of empty space at each checked size, and one of
// written data before it at each paired (command-bound) size.
int emptyTrimCheckDiscardsPerPair(const QList<quint64> &descendingSizes);
// Pairs the check takes per size after a sweep of `samplesPerSize` samples of each (its repeats,
// or an adaptive plan's first look): 0 when too few to judge.
int emptyTrimCheckPairs(int samplesPerSize);
// What the check writes again: each paired size once per pair.
quint64 emptyTrimCheckRewriteBytes(const QList<quint64> &descendingSizes, int pairs);

} // namespace trimscope
