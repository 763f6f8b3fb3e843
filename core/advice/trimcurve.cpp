#include "trimcurve.h"

#include "sweep/statistics.h"

#include <QMap>
#include <algorithm>
#include <cmath>

namespace trimscope::advice {

TrimCurve TrimCurve::fromSweeps(const QList<SweepResult> &sweeps)
{
    QMap<quint64, QList<double>> samplesBySize;
    for (const SweepResult &sweep : sweeps) {
        for (const SizePoint &point : sweep.points) {
            if (point.bytes > 0 && !point.samples.isEmpty())
                samplesBySize[point.bytes] += point.samples;
        }
    }
    QList<CurvePoint> points;
    for (auto it = samplesBySize.cbegin(); it != samplesBySize.cend(); ++it) {
        const SampleStatistics stats = computeStatistics(it.value());
        if (stats.median <= 0)
            continue;
        points.append({it.key(), stats.median, stats.count, stats.medianCiRelativeHalfWidth()});
    }
    return fromPoints(std::move(points));
}

TrimCurve TrimCurve::fromPoints(QList<CurvePoint> points)
{
    points.removeIf([](const CurvePoint &p) { return p.bytes == 0 || !(p.medianSeconds > 0); });
    std::sort(points.begin(), points.end(),
              [](const CurvePoint &a, const CurvePoint &b) { return a.bytes < b.bytes; });
    TrimCurve curve;
    curve.m_points = std::move(points);
    return curve;
}

quint64 TrimCurve::smallestBytes() const
{
    return m_points.isEmpty() ? 0 : m_points.constFirst().bytes;
}

quint64 TrimCurve::largestBytes() const
{
    return m_points.isEmpty() ? 0 : m_points.constLast().bytes;
}

bool TrimCurve::covers(quint64 bytes) const
{
    return !m_points.isEmpty() && bytes >= smallestBytes() && bytes <= largestBytes();
}

std::optional<double> TrimCurve::secondsAt(quint64 bytes) const
{
    return secondsAt(double(bytes));
}

std::optional<double> TrimCurve::secondsAt(double bytes) const
{
    if (m_points.isEmpty() || !(bytes > 0))
        return std::nullopt;
    const CurvePoint &first = m_points.constFirst();
    const CurvePoint &last = m_points.constLast();
    if (bytes <= double(first.bytes))
        return first.medianSeconds;
    if (bytes >= double(last.bytes))
        return last.medianSeconds * bytes / double(last.bytes);
    const auto upper =
        std::lower_bound(m_points.cbegin(), m_points.cend(), bytes,
                         [](const CurvePoint &p, double value) { return double(p.bytes) < value; });
    const CurvePoint &hi = *upper;
    if (double(hi.bytes) == bytes)
        return hi.medianSeconds;
    const CurvePoint &lo = *(upper - 1);
    const double x0 = std::log(double(lo.bytes));
    const double x1 = std::log(double(hi.bytes));
    const double t = (std::log(bytes) - x0) / (x1 - x0);
    return std::exp(std::log(lo.medianSeconds) +
                    t * (std::log(hi.medianSeconds) - std::log(lo.medianSeconds)));
}

std::optional<double> TrimCurve::secondsToDiscard(double totalBytes, quint64 pieceBytes) const
{
    if (pieceBytes == 0 || totalBytes < 0)
        return std::nullopt;
    const double whole = std::floor(totalBytes / double(pieceBytes));
    const double rest = totalBytes - whole * double(pieceBytes);
    const auto piece = secondsAt(pieceBytes);
    if (!piece)
        return std::nullopt;
    double seconds = whole * *piece;
    if (rest > 0)
        seconds += secondsAt(rest).value_or(0);
    return seconds;
}

} // namespace trimscope::advice
