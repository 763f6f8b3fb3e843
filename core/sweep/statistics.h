#pragma once

#include <QList>

namespace trimscope {

struct SampleStatistics
{
    int count = 0;
    double min = 0;
    double p5 = 0;
    double median = 0;
    double p95 = 0;
    double max = 0;
    double mean = 0;
    double stddev = 0; // sample standard deviation (n - 1); 0 for a single sample
    // Distribution-free confidence interval of the median, from order statistics, at
    // `ciConfidence` (95 % unless asked otherwise). With fewer than 6 samples no such interval
    // exists and [min, max] is reported instead.
    double medianCiLow = 0;
    double medianCiHigh = 0;
    double ciConfidence = 0.95;

    // Half the CI width relative to the median: 0.05 means "median known to within ±5 %".
    double medianCiRelativeHalfWidth() const;
};

SampleStatistics computeStatistics(QList<double> samples, double ciConfidence = 0.95);

// Linear interpolation between order statistics (Hyndman & Fan type 7, as R and NumPy do).
double quantileOfSorted(const QList<double> &sorted, double q);

// 0-based ranks (lo, hi) of the order statistics bounding the CI of the median of n samples
// at `confidence`: the binomial(n, 1/2) interval via its normal approximation, n/2 ± z/2·√n
// (0.98·√n at 95 %), rounded.
struct Ranks
{
    int low;
    int high;
};
Ranks medianConfidenceRanks(int n, double confidence = 0.95);

// The two-sided standard normal quantile for `confidence`: 1.96 for 0.95.
double twoSidedNormalQuantile(double confidence);

} // namespace trimscope
