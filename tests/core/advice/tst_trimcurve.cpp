#include "advice/trimcurve.h"

#include <QTest>
#include <cmath>

using namespace trimscope;
using namespace trimscope::advice;

class TestTrimCurve : public QObject
{
    Q_OBJECT

private slots:
    void interpolation_data();
    void interpolation();
    void emptyCurve();
    void poolsSweepsOfTheSameSizes();
    void discardInPieces();
};

namespace {
// 4 KiB: 1 ms, 1 MiB: 2 ms, 64 MiB: 64 ms (given out of order on purpose).
TrimCurve exampleCurve()
{
    return TrimCurve::fromPoints(
        {{1 << 20, 2e-3, 5, 0}, {4096, 1e-3, 5, 0}, {64 << 20, 64e-3, 5, 0}});
}
} // namespace

void TestTrimCurve::interpolation_data()
{
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("seconds");
    QTest::newRow("measured point") << 4096.0 << 1e-3;
    QTest::newRow("below smallest: clamped") << 512.0 << 1e-3;
    // Halfway in log(bytes) between 4 KiB and 1 MiB is 64 KiB: halfway in log(seconds).
    QTest::newRow("log-log midpoint") << 65536.0 << std::sqrt(1e-3 * 2e-3);
    QTest::newRow("upper measured point") << double(64 << 20) << 64e-3;
    QTest::newRow("above largest: by size") << double(256 << 20) << 256e-3;
}

void TestTrimCurve::interpolation()
{
    QFETCH(double, bytes);
    QFETCH(double, seconds);
    const auto value = exampleCurve().secondsAt(bytes);
    QVERIFY(value);
    QVERIFY2(std::abs(*value - seconds) < 1e-9 * std::max(1.0, seconds / 1e-3),
             qPrintable(QString::number(*value)));
}

void TestTrimCurve::emptyCurve()
{
    const TrimCurve curve = TrimCurve::fromSweeps({});
    QVERIFY(curve.isEmpty());
    QVERIFY(!curve.secondsAt(4096.0));
    QVERIFY(!curve.covers(4096));
}

void TestTrimCurve::poolsSweepsOfTheSameSizes()
{
    SweepResult a, b;
    SizePoint p;
    p.bytes = 4096;
    p.samples = {1e-3, 1e-3, 1e-3};
    a.points = {p};
    p.samples = {3e-3, 3e-3, 3e-3, 3e-3};
    b.points = {p};
    const TrimCurve curve = TrimCurve::fromSweeps({a, b});
    QCOMPARE(curve.points().size(), 1);
    QCOMPARE(curve.points().constFirst().samples, 7);
    QCOMPARE(curve.points().constFirst().medianSeconds, 3e-3);
}

void TestTrimCurve::discardInPieces()
{
    const auto seconds = exampleCurve().secondsToDiscard(double(128 << 20) + 4096, 64 << 20);
    QVERIFY(seconds);
    QCOMPARE(*seconds, 2 * 64e-3 + 1e-3);
}

QTEST_GUILESS_MAIN(TestTrimCurve)
#include "tst_trimcurve.moc"
