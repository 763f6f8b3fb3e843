#include "adaptiverule.h"

#include <cmath>

namespace trimscope {

int AdaptiveRule::lookAtOrAfter(int count) const
{
    int look = std::max(firstLook, 1);
    while (look < count)
        look = std::max(look + 1, int(std::ceil(look * kLookRatio)));
    return look;
}

bool AdaptiveRule::isLook(int count) const
{
    return count >= firstLook && lookAtOrAfter(count) == count;
}

SampleStatistics AdaptiveRule::statistics(const QList<double> &samples)
{
    return computeStatistics(samples, kIntervalConfidence);
}

bool AdaptiveRule::reached(const QList<double> &samples) const
{
    return isLook(int(samples.size())) &&
           statistics(samples).medianCiRelativeHalfWidth() <= targetRelativeHalfWidth;
}

int AdaptiveRule::stoppedAt(const QList<double> &samples) const
{
    for (int look = lookAtOrAfter(firstLook); look <= samples.size();
         look = lookAtOrAfter(look + 1)) {
        if (reached(samples.first(look)))
            return look;
    }
    return -1;
}

int AdaptiveRule::expectedSamples(const QList<double> &samples) const
{
    const int count = int(samples.size());
    // Under 6 samples there is no interval to extrapolate from.
    if (count < 6)
        return lookAtOrAfter(std::max(count + 1, firstLook));
    const double halfWidth = statistics(samples).medianCiRelativeHalfWidth();
    if (!std::isfinite(halfWidth))
        return lookAtOrAfter(std::max(count + 1, firstLook));
    const double ratio = halfWidth / targetRelativeHalfWidth;
    const double needed = std::min(double(count) * ratio * ratio, 1e6);
    return lookAtOrAfter(std::max({count + 1, firstLook, int(std::ceil(needed))}));
}

} // namespace trimscope
