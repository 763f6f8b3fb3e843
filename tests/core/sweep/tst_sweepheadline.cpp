// The figures of the summary card after a sweep.
#include "sweep/sweepheadline.h"
#include "testmain.h"

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
    // Pairs of the empty-space check (a TRIM of written data, then of empty space) at the
    // smallest size: discards sent too (issue 46: "Complete: 45 discards" for 60 sent).
    QTest::addColumn<int>("checkPairs");
    QTest::newRow("4 KiB measured")
        << QList<quint64>{65536, 4096, 512} << quint64(4096) << quint64(65536) << 0;
    QTest::newRow("smallest is 8 KiB")
        << QList<quint64>{1 << 20, 8192} << quint64(8192) << quint64(1 << 20) << 0;
    QTest::newRow("one size") << QList<quint64>{1 << 30} << quint64(1 << 30) << quint64(1 << 30)
                              << 0;
    QTest::newRow("with the empty-space check")
        << QList<quint64>{65536, 4096} << quint64(4096) << quint64(65536) << 3;
}

void TestSweepHeadline::headline()
{
    QFETCH(QList<quint64>, sizes);
    QFETCH(quint64, small);
    QFETCH(quint64, largest);
    QFETCH(int, checkPairs);
    SweepResult result;
    result.plan.sizes = sizes;
    for (const quint64 bytes : sizes)
        for (int i = 0; i < 2; ++i)
            result.samples.append({bytes, 0, double(bytes) / 1024 * 1e-3, 0});
    result.rebuildPoints();
    double sampleSeconds = 0;
    for (const Sample &sample : result.samples)
        sampleSeconds += sample.seconds;
    EmptyTrimCheck::Size checked;
    checked.bytes = sizes.last();
    for (int i = 0; i < checkPairs; ++i) {
        checked.writtenSeconds.append(0.004);
        checked.emptySeconds.append(0.001);
    }
    if (checkPairs > 0)
        result.emptyCheck.sizes = {checked};
    const SweepHeadline h = sweepHeadline(result);
    QVERIFY(h.small && h.largest);
    QCOMPARE(h.small->bytes, small);
    QCOMPARE(h.largest->bytes, largest);
    QCOMPARE(h.discards, int(sizes.size() * 2) + 2 * checkPairs);
    QCOMPARE(result.discardsSent(), qsizetype(h.discards));
    QCOMPARE(qRound(h.trimSeconds * 1e6), qRound((sampleSeconds + checkPairs * 0.005) * 1e6));
    QCOMPARE(h.largestPlanned, sizes.first());
    QCOMPARE(h.smallestPlanned, sizes.last());
    QCOMPARE(h.small->stats.median, double(small) / 1024 * 1e-3);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestSweepHeadline)
#include "tst_sweepheadline.moc"
