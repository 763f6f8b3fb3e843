// A simulated drive's discards take the time its model says, at the time scale asked for, also
// on a busy computer. Each discard slept on its own and every late wake-up added up: a sweep on
// a simulated drive took longer than its model, and its ETA, right for the model, was low (the
// same as the filesystem replay's, tst_fsprogress replayKeepsToItsModel).
// - keepsToTheModel: on every simulated drive with TRIM, 2,000 discards of 4 KiB paced to 1 s of
//   model take 1 s, bounded against the same discards' work without sleeping, measured in the
//   same test (timing).
#include "simulate/simulateddiscardtarget.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QTest>

using namespace trimscope;

class TestSimulatedDiscardTarget : public QObject
{
    Q_OBJECT
private slots:
    void keepsToTheModel_data();
    void keepsToTheModel();
};

void TestSimulatedDiscardTarget::keepsToTheModel_data()
{
    QTest::addColumn<QString>("profile");
    for (const SimulatedProfile &profile : simulatedProfiles()) {
        if (profile.drive.discardMaxBytes > 0)
            QTest::newRow(qPrintable(profile.id)) << profile.id;
    }
}

void TestSimulatedDiscardTarget::keepsToTheModel()
{
    QFETCH(QString, profile);
    constexpr int kDiscards = 2000;
    constexpr quint64 kBytes = 4096;
    const SimulatedProfile drive = *findSimulatedProfile(profile);
    // Wall seconds and modelled seconds of the discards at `timeScale` (the same seed: the same
    // modelled times).
    const auto timed = [&](double timeScale) {
        SimulatedDiscardTarget target(drive, 7, timeScale);
        QElapsedTimer clock;
        clock.start();
        double modelled = 0;
        for (int i = 0; i < kDiscards; ++i) {
            const Expected<double> seconds = target.timedDiscard(quint64(i) * kBytes, kBytes);
            if (!seconds)
                return std::pair{-1.0, 0.0};
            modelled += *seconds;
        }
        return std::pair{double(clock.nsecsElapsed()) / 1e9, modelled};
    };
    const auto [work, modelled] = timed(0);
    QVERIFY(work >= 0);
    const double timeScale = 1.0 / modelled;
    const double wall = timed(timeScale).first;
    qInfo("%d discards, modelled %.3f s, at x%.3f 1 s; took %.3f s (work alone %.4f s)", kDiscards,
          modelled, timeScale, wall, work);
    QVERIFY2(wall >= 0.99, "never faster than the model");
    QVERIFY2(
        wall <= 1.1 + 2 * work + 0.05,
        qPrintable(QStringLiteral("%1 s for 1 s of model and %2 s of work").arg(wall).arg(work)));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestSimulatedDiscardTarget)
#include "tst_simulateddiscardtarget.moc"
