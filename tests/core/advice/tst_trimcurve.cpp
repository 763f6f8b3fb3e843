#include "advice/trimcurve.h"
#include "testmain.h"

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
    void topOfTheCurve_data();
    void topOfTheCurve();
    void emptySpace();
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
    // Above the largest: as between the two largest sizes, 1 MiB (2 ms) and 64 MiB (64 ms):
    // log 32 / log 64 = 5/6 of proportional growth in log-log.
    QTest::newRow("above largest: as between the two largest")
        << double(256 << 20) << 64e-3 * std::pow(4.0, 5.0 / 6.0);
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

// A drive whose TRIM costs the command alone stays flat above the largest size measured (issue
// 33: a flat 20 ms drive read 36 ms for ext4's 57 MiB discards in proportion); one bound by
// throughput grows in proportion; a curve that falls at the top does not fall further.
void TestTrimCurve::topOfTheCurve_data()
{
    QTest::addColumn<double>("below"); // the second largest size's time (16 MiB)
    QTest::addColumn<double>("top");   // the largest's (32 MiB)
    QTest::addColumn<double>("at128"); // expected at 128 MiB
    QTest::newRow("flat") << 20e-3 << 20e-3 << 20e-3;
    QTest::newRow("throughput") << 4e-3 << 8e-3 << 32e-3;
    QTest::newRow("falling") << 21e-3 << 20e-3 << 20e-3;
    QTest::newRow("steeper than size") << 1e-3 << 8e-3 << 32e-3;
}

void TestTrimCurve::topOfTheCurve()
{
    QFETCH(double, below);
    QFETCH(double, top);
    QFETCH(double, at128);
    const TrimCurve curve =
        TrimCurve::fromPoints({{4096, 1e-3, 5, 0}, {16 << 20, below, 5, 0}, {32 << 20, top, 5, 0}});
    QVERIFY(std::abs(*curve.secondsAt(double(128 << 20)) - at128) < 1e-12);
}

// The empty-space check's times: interpolated between its sizes, growing above its largest as
// the written data's curve does, never above that curve; nothing without a check.
void TestTrimCurve::emptySpace()
{
    const QList<CurvePoint> written{
        {4096, 1e-3, 5, 0}, {1 << 20, 2e-3, 5, 0}, {64 << 20, 64e-3, 5, 0}};
    QVERIFY(!TrimCurve::fromPoints(written).emptySecondsAt(4096.0));
    const TrimCurve curve =
        TrimCurve::fromPoints(written, {{4096, 0.5e-3, 5, 0}, {1 << 20, 0.5e-3, 5, 0}});
    QCOMPARE(*curve.emptySecondsAt(4096.0), 0.5e-3);
    QCOMPARE(*curve.emptySecondsAt(65536.0), 0.5e-3);
    // 64 MiB: written grew 32x from 1 MiB, so empty space too.
    QVERIFY(std::abs(*curve.emptySecondsAt(double(64 << 20)) - 16e-3) < 1e-12);
    // Never above what written data costs.
    const TrimCurve costly = TrimCurve::fromPoints(written, {{4096, 5e-3, 5, 0}});
    QCOMPARE(*costly.emptySecondsAt(4096.0), 1e-3);
    // From the sweeps: the check's samples, pooled per size.
    SweepResult sweep;
    SizePoint point;
    point.bytes = 4096;
    point.samples = {1e-3, 1e-3, 1e-3};
    sweep.points = {point};
    sweep.emptyCheck.sizes = {{4096, {0, 1, 2}, {0.2e-3, 0.3e-3, 0.4e-3}, 1e-3, false, {}}};
    QCOMPARE(*TrimCurve::fromSweeps({sweep}).emptySecondsAt(4096.0), 0.3e-3);
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

TRIMSCOPE_TEST_GUILESS_MAIN(TestTrimCurve)
#include "tst_trimcurve.moc"
