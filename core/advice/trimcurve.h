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
    static TrimCurve fromPoints(QList<CurvePoint> points);

    bool isEmpty() const { return m_points.isEmpty(); }
    const QList<CurvePoint> &points() const { return m_points; } // ascending by size
    quint64 smallestBytes() const;
    quint64 largestBytes() const;
    bool covers(quint64 bytes) const;

    // Time of one discard of `bytes`: linear interpolation of log(seconds) over log(bytes)
    // between the two nearest measured sizes. Below the smallest size the smallest size's time
    // is used (a command cannot get cheaper than the command itself); above the largest the time
    // grows in proportion to the size (large discards are bound by throughput).
    std::optional<double> secondsAt(quint64 bytes) const;
    // Same, for fractional sizes such as 13.2 KiB.
    std::optional<double> secondsAt(double bytes) const;

    // Time to discard `totalBytes` in pieces of `pieceBytes` (the last one smaller).
    std::optional<double> secondsToDiscard(double totalBytes, quint64 pieceBytes) const;

private:
    QList<CurvePoint> m_points;
};

} // namespace trimscope::advice
