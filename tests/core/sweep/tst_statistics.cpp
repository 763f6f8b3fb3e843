#include "sweep/statistics.h"
#include "testmain.h"

#include <QTest>
#include <cmath>

using namespace trimscope;

class TestStatistics : public QObject
{
    Q_OBJECT
private slots:
    void summary_data()
    {
        QTest::addColumn<QList<double>>("samples");
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("median");
        QTest::addColumn<double>("p95");
        QTest::addColumn<double>("max");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("stddev");
        QTest::newRow("single") << QList<double>{2.0} << 2.0 << 2.0 << 2.0 << 2.0 << 2.0 << 0.0;
        QTest::newRow("odd unsorted")
            << QList<double>{3, 1, 2} << 1.0 << 2.0 << 2.9 << 3.0 << 2.0 << 1.0;
        QTest::newRow("even") << QList<double>{4, 1, 3, 2} << 1.0 << 2.5 << 3.85 << 4.0 << 2.5
                              << std::sqrt(5.0 / 3.0);
        // 1..20: type-7 p95 = 19.05, sample sd = sqrt(35)
        QList<double> ramp;
        for (int i = 20; i >= 1; --i)
            ramp.append(i);
        QTest::newRow("ramp") << ramp << 1.0 << 10.5 << 19.05 << 20.0 << 10.5 << std::sqrt(35.0);
    }
    void summary()
    {
        QFETCH(QList<double>, samples);
        const SampleStatistics stats = computeStatistics(samples);
        QCOMPARE(stats.count, int(samples.size()));
        QTEST(stats.min, "min");
        QTEST(stats.median, "median");
        QFETCH(double, p95);
        QVERIFY(std::fabs(stats.p95 - p95) < 1e-12);
        QTEST(stats.max, "max");
        QTEST(stats.mean, "mean");
        QFETCH(double, stddev);
        QVERIFY(std::fabs(stats.stddev - stddev) < 1e-12);
        QVERIFY(stats.medianCiLow <= stats.median && stats.median <= stats.medianCiHigh);
    }

    void empty()
    {
        const SampleStatistics stats = computeStatistics({});
        QCOMPARE(stats.count, 0);
        QVERIFY(std::isinf(stats.medianCiRelativeHalfWidth()));
    }

    // Ranks from the binomial normal approximation (n/2 ± 0.98√n), as in standard tables:
    // n=10 -> 2nd..9th, n=20 -> 6th..15th, n=100 -> 40th..61st (1-based).
    void medianRanks_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("low");
        QTest::addColumn<int>("high");
        QTest::newRow("6") << 6 << 0 << 5;
        QTest::newRow("10") << 10 << 1 << 8;
        QTest::newRow("20") << 20 << 5 << 14;
        QTest::newRow("100") << 100 << 39 << 60;
    }
    void medianRanks()
    {
        QFETCH(int, n);
        const Ranks ranks = medianConfidenceRanks(n);
        QTEST(ranks.low, "low");
        QTEST(ranks.high, "high");
    }

    // Under 6 samples there is no 95 % interval from order statistics: report [min, max].
    void smallSampleCiIsRange()
    {
        const SampleStatistics stats = computeStatistics({5, 1, 3});
        QCOMPARE(stats.medianCiLow, 1.0);
        QCOMPARE(stats.medianCiHigh, 5.0);
    }

    void relativeHalfWidth()
    {
        // 1..100 scaled around 1.0: CI between the 40th and 61st values.
        QList<double> samples;
        for (int i = 1; i <= 100; ++i)
            samples.append(0.95 + 0.001 * i);
        const SampleStatistics stats = computeStatistics(samples);
        QVERIFY(std::fabs(stats.medianCiLow - 0.99) < 1e-12);
        QVERIFY(std::fabs(stats.medianCiHigh - 1.011) < 1e-12);
        QVERIFY(std::fabs(stats.medianCiRelativeHalfWidth() - 0.0105 / 1.0005) < 1e-9);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"
