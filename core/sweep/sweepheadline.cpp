#include "sweepheadline.h"

namespace trimscope {

namespace {
constexpr quint64 kSmallTrimBytes = 4096;
}

SweepHeadline sweepHeadline(const SweepResult &result)
{
    SweepHeadline headline;
    // Every discard sent, the empty-space check's too (issue 46), and the drive's time in them.
    headline.discards = int(result.discardsSent());
    for (const Sample &sample : result.samples)
        headline.trimSeconds += sample.seconds;
    for (const EmptyTrimCheck::Size &size : result.emptyCheck.sizes) {
        for (const double seconds : size.emptySeconds + size.writtenSeconds)
            headline.trimSeconds += seconds;
    }
    if (!result.plan.sizes.isEmpty()) {
        headline.largestPlanned = result.plan.sizes.first(); // descending
        headline.smallestPlanned = result.plan.sizes.last();
    }
    for (const SizePoint &point : result.points) {
        if (point.stats.count == 0)
            continue;
        if (!headline.largest || point.bytes > headline.largest->bytes)
            headline.largest = point;
        const bool better = !headline.small || point.bytes == kSmallTrimBytes ||
                            (headline.small->bytes != kSmallTrimBytes &&
                             point.bytes < headline.small->bytes);
        if (better)
            headline.small = point;
    }
    return headline;
}

} // namespace trimscope
