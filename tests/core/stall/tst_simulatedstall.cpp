// The stall test on simulated drives: the modelled drive has no queued TRIM, so the longest
// stall and the added latency per discard are what each discard takes on the profile's model.
#include "simulate/simulatedprofiles.h"
#include "stall/simulatedstall.h"
#include "testmain.h"

#include <QTest>

using namespace trimscope;
using namespace trimscope::stall;

class TestSimulatedStall : public QObject
{
    Q_OBJECT
private slots:
    void stallIsTheModelledDiscard_data()
    {
        QTest::addColumn<QString>("profile");
        for (const SimulatedProfile &p : simulatedProfiles())
            if (p.drive.discardMaxBytes > 0)
                QTest::newRow(qPrintable(p.id)) << p.id;
    }
    void stallIsTheModelledDiscard()
    {
        QFETCH(QString, profile);
        const SimulatedProfile drive = *findSimulatedProfile(profile);
        CancelToken cancel;
        int progressCalls = 0;
        const Expected<StallResult> result = simulateStallTest(
            profile, {}, 0, cancel, [&](const StallProgress &) { ++progressCalls; });
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        QVERIFY(result->complete());
        QVERIFY(result->measured());
        QVERIFY(progressCalls > 0);
        QCOMPARE(result->phases.size(), 4);
        const StallPhaseFigures *base = result->phase(StallPhase::Baseline);
        QVERIFY(base && base->ios > 10000);
        QVERIFY(base->maxSeconds < 0.001);
        for (const StallDiscard &d : result->discards) {
            // Serial: the read that arrives during the discard waits for all of it; the longest
            // stall is the discard (the stamps are good to half a millisecond, jitter 3 %).
            QVERIFY2(qAbs(d.longestStallSeconds - d.seconds) <= 0.0007,
                     qPrintable(QStringLiteral("%1: stall %2 s, discard %3 s")
                                    .arg(stallPhaseName(d.phase))
                                    .arg(d.longestStallSeconds)
                                    .arg(d.seconds)));
            QVERIFY(qAbs(d.addedSeconds - d.seconds) <= 0.0007 + 0.1 * d.seconds);
            double model = 0;
            for (quint64 left = d.bytes; left > 0;) {
                const quint64 piece = qMin(left, drive.drive.discardMaxBytes);
                model += drive.discard.seconds(piece);
                left -= piece;
            }
            QVERIFY(d.seconds > 0.85 * model && d.seconds < 1.15 * model + 1e-6);
        }
        QCOMPARE(result->passed(), result->worstLatencySeconds() <= 0.5);
    }

    void refusesUnknownProfilesAndCancels()
    {
        CancelToken cancel;
        const auto none = simulateStallTest(QStringLiteral("no-such-drive"), {}, 0, cancel);
        QVERIFY(!none);
        QCOMPARE(none.error().code, ErrorCode::NoSuchDevice);
        cancel.cancel();
        const auto cancelled = simulateStallTest(defaultSimulatedProfileId(), {}, 0, cancel);
        QVERIFY(cancelled);
        QCOMPARE(cancelled->stopReason, StopReason::Cancelled);
    }
};

TRIMSCOPE_TEST_GUILESS_MAIN(TestSimulatedStall)
#include "tst_simulatedstall.moc"
