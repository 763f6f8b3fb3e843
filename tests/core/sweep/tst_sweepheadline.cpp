// The figures of the summary card after a sweep.
#include "sweep/sweepheadline.h"

#include <QTest>

using namespace trimscope;

class TestSweepHeadline : public QObject
{
    Q_OBJECT
private slots:
    void headline_data();
    void headline();
};

void TestSweepHeadline::headline_data()
{
    QTest::addColumn<QList<quint64>>("sizes"); // each measured twice, 1 ms per KiB
    QTest::addColumn<quint64>("small");
    QTest::addColumn<quint64>("largest");
    QTest::newRow("4 KiB measured") << QList<quint64>{65536, 4096, 512} << quint64(4096)
                                    << quint64(65536);
    QTest::newRow("smallest is 8 KiB") << QList<quint64>{1 << 20, 8192} << quint64(8192)
                                       << quint64(1 << 20);
    QTest::newRow("one size") << QList<quint64>{1 << 30} << quint64(1 << 30) << quint64(1 << 30);
}

void TestSweepHeadline::headline()
{
    QFETCH(QList<quint64>, sizes);
    QFETCH(quint64, small);
    QFETCH(quint64, largest);
    SweepResult result;
    result.plan.sizes = sizes;
    for (const quint64 bytes : sizes)
        for (int i = 0; i < 2; ++i)
            result.samples.append({bytes, 0, double(bytes) / 1024 * 1e-3, 0});
    result.rebuildPoints();
    const SweepHeadline h = sweepHeadline(result);
    QVERIFY(h.small && h.largest);
    QCOMPARE(h.small->bytes, small);
    QCOMPARE(h.largest->bytes, largest);
    QCOMPARE(h.discards, int(sizes.size() * 2));
    QCOMPARE(h.largestPlanned, sizes.first());
    QCOMPARE(h.smallestPlanned, sizes.last());
    QCOMPARE(h.small->stats.median, double(small) / 1024 * 1e-3);
}

QTEST_GUILESS_MAIN(TestSweepHeadline)
#include "tst_sweepheadline.moc"
