#pragma once

#include "probe/probejudge.h"
#include "sweep/statistics.h"

#include <QString>
#include <algorithm>

// One pair of the background probe's trials as its judge saw it, in one line for a test's log:
// what the pair said, its slow-downs, and the baselines' and judged writes' medians in ms.
namespace trimscope::test {

inline QString describePair(qsizetype number, const probe::ProbeTrialSamples &sham,
                            const probe::ProbeTrialSamples &real, const probe::PairJudgement &pair)
{
    using namespace trimscope::probe;
    const auto ms = [](const QList<double> &values) {
        return values.isEmpty() ? 0 : 1e3 * computeStatistics(values).median;
    };
    const auto judged = [](const ProbeTrialSamples &trial) {
        QList<double> writes;
        for (qsizetype w = 0; w < std::min(trial.writes.size(), kJudgedWrites); ++w)
            writes.append(trial.writes.at(w).seconds);
        return writes;
    };
    const QString verdict = pair.verdict == PairVerdict::Background ? QStringLiteral("background")
                            : pair.verdict == PairVerdict::NoBackground ? QStringLiteral("none")
                                                                        : QStringLiteral("unclear");
    return QStringLiteral("pair %1: %2; real %3x (steady %4x), sham %5x, real/sham %6; baselines "
                          "real %7 ms, sham %8 ms; judged writes real %9 ms, sham %10 ms")
        .arg(number)
        .arg(verdict)
        .arg(pair.realSlowdown, 0, 'f', 2)
        .arg(pair.realSteadySlowdown, 0, 'f', 2)
        .arg(pair.shamSlowdown, 0, 'f', 2)
        .arg(pair.realOverSham, 0, 'f', 2)
        .arg(ms(real.baseline), 0, 'f', 3)
        .arg(ms(sham.baseline), 0, 'f', 3)
        .arg(ms(judged(real)), 0, 'f', 3)
        .arg(ms(judged(sham)), 0, 'f', 3);
}

} // namespace trimscope::test
