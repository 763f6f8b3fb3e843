#pragma once

#include <QJsonObject>
#include <QList>
#include <optional>

namespace trimscope {

// Does the drive answer a TRIM of empty space (unmapped LBAs) faster than a TRIM of written
// data? Many do, at once (NVMe drives after a secure erase or on never-written space): a curve
// of such TRIMs measures nothing. A sweep that pre-writes its regions times written data; this
// check adds a few TRIMs of empty space at one or two of its sizes and compares the medians.
// The empty regions are ones the sweep itself has trimmed already: whatever a region held
// before, it is unmapped then, so the check needs no writes and no space of its own.
struct EmptyTrimCheck
{
    enum class Outcome {
        NotChecked,  // the sweep wrote nothing first, or stopped before the check
        Same,        // empty space costs about what written data does
        EmptyFaster, // the drive answers TRIM of empty space at least kFasterRatio x faster
    };

    // Pairs per checked size, and the ratio of medians (written / empty) that counts as
    // "faster": twice, far beyond what the medians of a few samples move by chance.
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
        double emptyMedian() const; // 0 when nothing was measured
        double ratio() const;       // written / empty median; 0 when unknown
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

} // namespace trimscope
