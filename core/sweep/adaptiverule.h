#pragma once

#include "statistics.h"

#include <QList>

namespace trimscope {

// When an adaptive sweep stops sampling one size, so that "the median is known to ±5 %" stays
// true although the sweep looks at its samples again and again.
//
// Testing the interval after every sample from the 6th on stops whenever the few samples so far
// happen to lie close together: the interval then covers the drive's median in about 92 % of
// sizes instead of 95 %, and a size can stop well off it. So the rule
//  - looks only at checkpoints that grow geometrically (10, 12, 14, 17, 20, 23, 27, 32, 37, …:
//    each 1.15 times the last), never before `firstLook` samples, and
//  - judges, and reports, the order-statistic interval at 97 % instead of 95 %: the correction
//    for looking repeatedly. Simulated over 10,000 sizes each (tst_adaptiverule), the interval
//    at the stop covers the true median in at least 95 % of sizes for normal, uniform, skewed,
//    bimodal and pause-ridden noise, and the median lies within the target of it as often.
// There is no sample cap: a size samples until its interval is narrow enough, the sweep's time
// budget runs out, or it has no fresh region left.
struct AdaptiveRule
{
    static constexpr double kIntervalConfidence = 0.97;
    static constexpr double kLookRatio = 1.15;
    static constexpr int kDefaultFirstLook = 10;

    double targetRelativeHalfWidth = 0.05;
    int firstLook = kDefaultFirstLook;

    // Whether the rule judges a size when it has `count` samples.
    bool isLook(int count) const;
    // The first checkpoint at or after `count`.
    int lookAtOrAfter(int count) const;
    // The statistics the rule judges by (the interval at kIntervalConfidence).
    static SampleStatistics statistics(const QList<double> &samples);
    // True when `samples` (in measurement order) is at a checkpoint and its interval is within
    // the target.
    bool reached(const QList<double> &samples) const;
    // The sample count at which the rule stopped on these samples, replaying them in order:
    // -1 when it never did.
    int stoppedAt(const QList<double> &samples) const;
    // How many samples a size that has `samples` will probably need in all: its interval
    // narrows as 1/√n, rounded up to the checkpoint the rule would stop at.
    int expectedSamples(const QList<double> &samples) const;
};

} // namespace trimscope
