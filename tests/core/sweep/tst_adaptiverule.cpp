// The adaptive sweep's stopping rule keeps its promise under repeated looks: simulated over many
// sizes with known noise, the interval it stops with covers the true median in at least 95 % of
// them, and the median is within the target of the truth as often. The rule it replaced (judge
// the 95 % interval after every sample from the 6th on) does not.
#include "sweep/adaptiverule.h"
#include "testmain.h"

#include <QTest>
#include <cmath>
#include <random>

using namespace trimscope;

namespace {

enum class Noise { Normal, Uniform, LogNormalWithPauses, Bimodal, Skewed, Quiet };

// Relative to a true median of about 1.
class NoiseModel
{
public:
    NoiseModel(Noise noise, quint64 seed) : m_noise(noise), m_random(seed) {}
    double next()
    {
        std::normal_distribution<double> normal;
        std::uniform_real_distribution<double> uniform;
        switch (m_noise) {
        case Noise::Normal:
            return 1 + 0.15 * normal(m_random);
        case Noise::Uniform:
            return 1 + 0.15 * (2 * uniform(m_random) - 1);
        case Noise::LogNormalWithPauses: // GC-like: 2 % of commands wait 20 times as long more
            return std::exp(0.15 * normal(m_random)) + (uniform(m_random) < 0.02 ? 20 : 0);
        case Noise::Bimodal:
            return (uniform(m_random) < 0.3 ? 1.3 : 1.0) * std::exp(0.05 * normal(m_random));
        case Noise::Skewed:
            return 0.7 + 0.3 * std::exponential_distribution<double>(1)(m_random);
        case Noise::Quiet:
            return std::exp(0.03 * normal(m_random));
        }
        return 1;
    }

private:
    Noise m_noise;
    std::mt19937_64 m_random;
};

double trueMedian(Noise noise)
{
    NoiseModel model(noise, 99);
    QList<double> many(200000);
    for (double &x : many)
        x = model.next();
    return computeStatistics(many).median;
}

struct Outcome
{
    double coverage = 0;     // the interval at the stop holds the true median
    double withinTarget = 0; // the median at the stop is within the target of the true one
    double meanSamples = 0;
};

// `oldRule`: judge the 95 % interval after every sample from the 6th on, as the sweep did.
Outcome simulate(Noise noise, bool oldRule, int sizes)
{
    const double truth = trueMedian(noise);
    const AdaptiveRule rule;
    constexpr int kCap = 1000;
    int covered = 0, within = 0;
    double samplesTaken = 0;
    for (int size = 0; size < sizes; ++size) {
        NoiseModel model(noise, quint64(size) + 1);
        QList<double> samples;
        SampleStatistics stats;
        while (samples.size() < kCap) {
            samples.append(model.next());
            if (oldRule) {
                if (samples.size() < 6)
                    continue;
                stats = computeStatistics(samples);
                if (stats.medianCiRelativeHalfWidth() <= 0.05)
                    break;
            } else if (rule.reached(samples)) {
                break;
            }
        }
        if (!oldRule)
            stats = AdaptiveRule::statistics(samples);
        covered += stats.medianCiLow <= truth && truth <= stats.medianCiHigh;
        within += std::fabs(stats.median / truth - 1) <= 0.05;
        samplesTaken += double(samples.size());
    }
    return {double(covered) / sizes, double(within) / sizes, samplesTaken / sizes};
}

} // namespace

class TestAdaptiveRule : public QObject
{
    Q_OBJECT
private slots:
    void checkpointsGrowGeometrically()
    {
        const AdaptiveRule rule;
        QList<int> looks;
        for (int n = 1; n <= 100; ++n) {
            if (rule.isLook(n))
                looks.append(n);
        }
        QCOMPARE(looks, (QList<int>{10, 12, 14, 17, 20, 23, 27, 32, 37, 43, 50, 58, 67, 78, 90}));
        QCOMPARE(rule.lookAtOrAfter(0), 10);
        QCOMPARE(rule.lookAtOrAfter(24), 27);
    }

    // Samples of a quiet drive stop at the first look; a noisy one's expected count grows with
    // the square of its interval's width.
    void expectedSamples()
    {
        const AdaptiveRule rule;
        NoiseModel quiet(Noise::Quiet, 1);
        QList<double> samples;
        for (int i = 0; i < 10; ++i)
            samples.append(quiet.next());
        QCOMPARE(rule.stoppedAt(samples), 10);
        QList<double> noisy{1.0, 1.2, 0.8, 1.1, 0.9, 1.3, 0.7, 1.0, 1.15, 0.85};
        const double halfWidth = AdaptiveRule::statistics(noisy).medianCiRelativeHalfWidth();
        const int expected = rule.expectedSamples(noisy);
        QVERIFY(rule.isLook(expected));
        QVERIFY2(expected >= 10 * std::pow(halfWidth / 0.05, 2),
                 qPrintable(QString::number(expected)));
        QCOMPARE(rule.stoppedAt(noisy), -1);
    }

    void keepsItsPromise_data()
    {
        QTest::addColumn<int>("noise");
        QTest::addColumn<bool>("oldRule");
        QTest::addColumn<bool>("keepsPromise");
        QTest::newRow("normal 15 %") << int(Noise::Normal) << false << true;
        QTest::newRow("uniform 15 %") << int(Noise::Uniform) << false << true;
        QTest::newRow("log-normal 15 % with pauses")
            << int(Noise::LogNormalWithPauses) << false << true;
        QTest::newRow("bimodal") << int(Noise::Bimodal) << false << true;
        QTest::newRow("skewed") << int(Noise::Skewed) << false << true;
        QTest::newRow("quiet 3 %") << int(Noise::Quiet) << false << true;
        // What the sweep did before: an interval judged after every sample narrows by chance.
        QTest::newRow("old rule, normal 15 %") << int(Noise::Normal) << true << false;
        QTest::newRow("old rule, pauses") << int(Noise::LogNormalWithPauses) << true << false;
    }
    void keepsItsPromise()
    {
        QFETCH(int, noise);
        QFETCH(bool, oldRule);
        QFETCH(bool, keepsPromise);
        // 10,000 sizes: the binomial standard error of a 95 % rate is 0.2 %.
        const Outcome outcome = simulate(Noise(noise), oldRule, 10000);
        qInfo("coverage %.4f, median within ±5 %% in %.4f, %.1f samples on average",
              outcome.coverage, outcome.withinTarget, outcome.meanSamples);
        if (keepsPromise) {
            QVERIFY(outcome.coverage >= 0.95);
            QVERIFY(outcome.withinTarget >= 0.95);
        } else {
            QVERIFY(outcome.coverage < 0.94);
            QVERIFY(outcome.withinTarget < 0.95);
        }
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestAdaptiveRule)
#include "tst_adaptiverule.moc"
