#include "trimcurve.h"

#include "sweep/statistics.h"

#include <QMap>
#include <algorithm>
#include <array>
#include <cmath>

namespace trimscope::advice {

namespace {

QList<CurvePoint> pooled(const QMap<quint64, QList<double>> &samplesBySize)
{
    QList<CurvePoint> points;
    for (auto it = samplesBySize.cbegin(); it != samplesBySize.cend(); ++it) {
        const SampleStatistics stats = computeStatistics(it.value());
        if (stats.median <= 0)
            continue;
        points.append({it.key(), stats.median, stats.count, stats.medianCiRelativeHalfWidth()});
    }
    return points;
}

QList<CurvePoint> ascending(QList<CurvePoint> points)
{
    points.removeIf([](const CurvePoint &p) { return p.bytes == 0 || !(p.medianSeconds > 0); });
    std::sort(points.begin(), points.end(),
              [](const CurvePoint &a, const CurvePoint &b) { return a.bytes < b.bytes; });
    return points;
}

// Linear in log(seconds) over log(bytes) between the two nearest points; the smallest size's
// time below it (a command cannot get cheaper than the command itself); nothing above the
// largest, which each curve extends its own way.
double interpolated(const QList<CurvePoint> &points, double bytes)
{
    if (bytes <= double(points.constFirst().bytes))
        return points.constFirst().medianSeconds;
    const auto upper =
        std::lower_bound(points.cbegin(), points.cend(), bytes,
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

// Sizes at the midpoints of kSpreadSteps equal shares of an exponential spread, scaled so that
// their mean is `averageBytes` exactly (a curve straight in size then gives its own value).
constexpr int kSpreadSteps = 64;

template <typename PriceAt> std::optional<double> spreadMean(double averageBytes, PriceAt priceAt)
{
    if (!(averageBytes > 0))
        return std::nullopt;
    std::array<double, kSpreadSteps> shares{};
    double sum = 0;
    for (int i = 0; i < kSpreadSteps; ++i) {
        shares[std::size_t(i)] = -std::log(1 - (i + 0.5) / kSpreadSteps);
        sum += shares[std::size_t(i)];
    }
    double seconds = 0;
    for (const double share : shares) {
        const std::optional<double> at = priceAt(averageBytes * share * kSpreadSteps / sum);
        if (!at)
            return std::nullopt;
        seconds += *at;
    }
    return seconds / kSpreadSteps;
}

} // namespace

TrimCurve TrimCurve::fromSweeps(const QList<SweepResult> &sweeps)
{
    QMap<quint64, QList<double>> samplesBySize;
    QMap<quint64, QList<double>> emptyBySize;
    for (const SweepResult &sweep : sweeps) {
        for (const SizePoint &point : sweep.points) {
            if (point.bytes > 0 && !point.samples.isEmpty())
                samplesBySize[point.bytes] += point.samples;
        }
        for (const EmptyTrimCheck::Size &size : sweep.emptyCheck.sizes) {
            if (size.emptySeconds.size() >= EmptyTrimCheck::kMinPairs)
                emptyBySize[size.bytes] += size.emptySeconds;
        }
    }
    return fromPoints(pooled(samplesBySize), pooled(emptyBySize));
}

TrimCurve TrimCurve::fromPoints(QList<CurvePoint> points, QList<CurvePoint> emptyPoints)
{
    TrimCurve curve;
    curve.m_points = ascending(std::move(points));
    curve.m_empty = ascending(std::move(emptyPoints));
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
    const CurvePoint &last = m_points.constLast();
    if (bytes >= double(last.bytes))
        return last.medianSeconds * std::pow(bytes / double(last.bytes), largestSlope());
    return interpolated(m_points, bytes);
}

double TrimCurve::largestSlope() const
{
    if (m_points.size() < 2)
        return 1;
    const CurvePoint &a = m_points.at(m_points.size() - 2);
    const CurvePoint &b = m_points.constLast();
    const double slope =
        std::log(b.medianSeconds / a.medianSeconds) / std::log(double(b.bytes) / double(a.bytes));
    return std::clamp(slope, 0.0, 1.0);
}

std::optional<double> TrimCurve::emptySecondsAt(double bytes) const
{
    const std::optional<double> written = secondsAt(bytes);
    if (m_empty.isEmpty() || !written)
        return std::nullopt;
    const CurvePoint &last = m_empty.constLast();
    double seconds = 0;
    if (bytes >= double(last.bytes)) {
        // Beyond the largest size checked, no faster than the written data's curve grows.
        const std::optional<double> there = secondsAt(double(last.bytes));
        seconds = last.medianSeconds * *written / *there;
    } else {
        seconds = interpolated(m_empty, bytes);
    }
    return std::min(seconds, *written);
}

std::optional<double> TrimCurve::spreadSecondsAt(double averageBytes) const
{
    return spreadMean(averageBytes, [this](double bytes) { return secondsAt(bytes); });
}

std::optional<double> TrimCurve::spreadEmptySecondsAt(double averageBytes) const
{
    return spreadMean(averageBytes, [this](double bytes) { return emptySecondsAt(bytes); });
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
