#pragma once

#include "sweep/sweepresult.h"

#include <QList>
#include <optional>

namespace trimscope::advice {

// One measured point of a TRIM curve: the median time of one discard of `bytes`.
struct CurvePoint
{
    quint64 bytes = 0;
    double medianSeconds = 0;
    int samples = 0;
    double ciRelativeHalfWidth = 0; // how well the median is known; 0 when unknown
};

// A drive's TRIM time as a function of discard size, from one or more sweeps of that drive.
// Sweeps of the same drive are pooled per size (every sample, one median), so repeating a
// sweep sharpens the curve instead of adding a second one.
class TrimCurve
{
public:
    static TrimCurve fromSweeps(const QList<SweepResult> &sweeps);
    // `emptyPoints`: the TRIM of space that holds no data, from the sweeps' empty-space checks.
    static TrimCurve fromPoints(QList<CurvePoint> points, QList<CurvePoint> emptyPoints = {});

    bool isEmpty() const { return m_points.isEmpty(); }
    const QList<CurvePoint> &points() const { return m_points; } // ascending by size
    quint64 smallestBytes() const;
    quint64 largestBytes() const;
    bool covers(quint64 bytes) const;

    // Time of one discard of `bytes`: linear interpolation of log(seconds) over log(bytes)
    // between the two nearest measured sizes. Below the smallest size the smallest size's time
    // is used (a command cannot get cheaper than the command itself); above the largest the time
    // grows as it did between the two largest sizes, from not at all (a drive whose TRIMs cost
    // the command alone) to in proportion to the size (one bound by throughput). Proportional
    // growth put a drive with flat 20 ms TRIMs at 36 ms for ext4's 57 MiB discards.
    std::optional<double> secondsAt(quint64 bytes) const;
    // Same, for fractional sizes such as 13.2 KiB.
    std::optional<double> secondsAt(double bytes) const;

    // Time of one discard of `bytes` of space that holds no data: the empty-space check's
    // medians, interpolated the same way; beyond its largest size it grows as the written
    // data's curve does, and it never exceeds that curve. Nothing when no sweep checked empty
    // space (a sweep without pre-write, or from before the check).
    std::optional<double> emptySecondsAt(double bytes) const;
    const QList<CurvePoint> &emptyPoints() const { return m_empty; } // ascending by size

    // The mean time of a filesystem's discards that average `averageBytes` but vary in size:
    // secondsAt (emptySecondsAt) averaged over sizes spread as widely as knowing only their mean
    // allows (an exponential spread, the most even one for a given mean). Where the curve is
    // a straight line in size, the same as at the average; where small discards cost more (a
    // drive slower below 1 MiB), more. XFS's discards on Debian 13's mkfs averaged 1.1-2.2 MiB
    // on the slow-small emulated drive (20 ms a TRIM, 50 ms below 1 MiB) and its deletes took
    // 25-35 ms more per discard, up to 30 ms for the kernel tree's 439 of 1.3 MiB: the curve at
    // the average said 20 ms, this spread says 28-34 ms (tst_advice,
    // spreadPricingMatchesTheDeletes).
    std::optional<double> spreadSecondsAt(double averageBytes) const;
    std::optional<double> spreadEmptySecondsAt(double averageBytes) const;

    // Time to discard `totalBytes` in pieces of `pieceBytes` (the last one smaller).
    std::optional<double> secondsToDiscard(double totalBytes, quint64 pieceBytes) const;

private:
    double largestSlope() const; // d log(seconds) / d log(bytes) at the top, within [0, 1]

    QList<CurvePoint> m_points;
    QList<CurvePoint> m_empty;
};

} // namespace trimscope::advice
