// The background probe's judgement on probes recorded on real block devices (the emulated drive
// of tests/emudrive on a loaded 2-core machine): every trial's samples as the probe's own result
// file keeps them, played back on a virtual clock, must give the drive's truth.
#include "../../support/pairwords.h"
#include "probe/backgroundprobe.h"
#include "probe/probejudge.h"
#include "sweep/statistics.h"
#include "testmain.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace trimscope;
using namespace trimscope::probe;

class TestProbeRecorded : public QObject
{
    Q_OBJECT

private slots:
    void judgesRecordedProbes_data();
    void judgesRecordedProbes();
};

namespace {

constexpr quint64 kMiB = quint64(1) << 20;
constexpr quint64 kGiB = quint64(1) << 30;
// Larger than any recorded trial's writes, so that a trial's first write, and only it, lands on
// the region's first slot (each trial starts its turn through the slots there).
constexpr quint64 kProbeBytes = 16 * kMiB;

// Plays recorded trials back in the order recorded: each trial's warm-up write (its baseline's
// median), its baseline, and its writes after the discard, each taking the time recorded; writes
// past the recording take the baseline's median (the drive back to normal). No wait for quiet:
// the plan played with skips it.
class RecordedTarget final : public WriteProbeTarget
{
public:
    explicit RecordedTarget(QList<ProbeTrialSamples> trials) : m_trials(std::move(trials)) {}

    QString mismatch; // set when the probe asked for what the recording does not hold

    quint64 sizeBytes() const override { return kGiB; }
    Expected<double> timedWrite(quint64 offset, quint64) override
    {
        if (offset == kGiB - kProbeBytes) {
            ++m_trial;
            m_written = 0;
        }
        if (m_trial < 0 || m_trial >= m_trials.size()) {
            mismatch = QStringLiteral("trial %1 is not recorded").arg(m_trial + 1);
            return makeError(ErrorCode::InvalidArgument, mismatch);
        }
        const ProbeTrialSamples &trial = m_trials.at(m_trial);
        const double usual = computeStatistics(trial.baseline).median;
        const qsizetype after = m_written - 1 - trial.baseline.size();
        double seconds = usual;
        if (m_written > 0 && after < 0)
            seconds = trial.baseline.at(m_written - 1);
        else if (after >= 0 && after < trial.writes.size())
            seconds = trial.writes.at(after).seconds;
        ++m_written;
        m_now += seconds;
        return seconds;
    }
    Expected<double> timedDiscard(quint64, quint64) override
    {
        if (m_trial < 0 || m_trial >= m_trials.size() || !m_trials.at(m_trial).real) {
            mismatch = QStringLiteral("a discard in recorded sham trial %1").arg(m_trial + 1);
            return makeError(ErrorCode::InvalidArgument, mismatch);
        }
        m_now += 0.001;
        return 0.001;
    }
    Error fill(quint64, quint64) override { return {}; }
    double nowSeconds() const override { return m_now; }
    void sleepFor(double seconds) override { m_now += seconds; }

private:
    QList<ProbeTrialSamples> m_trials;
    qsizetype m_trial = -1;
    qsizetype m_written = 0;
    double m_now = 0;
};

} // namespace

// Each row: the probe's result file as `trimscope-cli background-probe --json` wrote it on a
// 1 GiB emulated drive (the background drive of tst_diagnose_emulated: 8 ms owed per MiB, 5 ms
// more per write meanwhile; the slow-small one: 20 ms per TRIM, 50 ms below 1 MiB; a plain one),
// with busy loops beside it on a 2-core machine where seven builds ran at nice 15 (load average
// 17-21), the drive's truth, and whether the pairs recorded must tell it. Where they need not,
// the probe may say it cannot tell, never the wrong thing. The threshold crossing said "none"
// twice on two of these background drives, and "background" in a pair of the plain one.
void TestProbeRecorded::judgesRecordedProbes_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("background");
    QTest::addColumn<bool>("tells");
    QTest::newRow("background, no loops") << "background-idle.json" << true << true;
    QTest::newRow("background, two busy loops") << "background-2-busy-loops.json" << true << false;
    QTest::newRow("background, two nice-19 loops")
        << "background-2-nice19-loops.json" << true << false;
    QTest::newRow("background, four nice-19 loops")
        << "background-4-nice19-loops.json" << true << false;
    QTest::newRow("plain, two nice-19 loops") << "plain-2-nice19-loops.json" << false << false;
    // The README's scripted order: the probe right after a quick sweep.
    QTest::newRow("slow small TRIMs, after a sweep")
        << "slowsmall-after-sweep.json" << false << true;
    QTest::newRow("slow small TRIMs, two busy loops")
        << "slowsmall-2-busy-loops.json" << false << false;
    // The background_probe of tst_diagnose_emulated's in-process "fast TRIMs: diagnose" row
    // (nothing modelled: 0.2 ms writes) beside other builds (load 13): bursts of load slowed half
    // of two real trials' first writes while their shams met none, and the medians alone said
    // "background" twice: the wrong verdict CI's quiet run also gave.
    QTest::newRow("fast TRIMs, in diagnose beside builds")
        << "fast-in-diagnose-beside-builds.json" << false << false;
}

void TestProbeRecorded::judgesRecordedProbes()
{
    QFETCH(QString, file);
    QFETCH(bool, background);
    QFETCH(bool, tells);
    QFile json(QFINDTESTDATA(QStringLiteral("probe/recorded/") + file));
    QVERIFY2(json.open(QIODevice::ReadOnly), qPrintable(file));
    const QJsonObject object = QJsonDocument::fromJson(json.readAll()).object();
    const auto recorded =
        BackgroundProbeResult::fromJson(object.contains(QStringLiteral("result"))
                                            ? object.value(QStringLiteral("result")).toObject()
                                            : object);
    QVERIFY(recorded);
    const QList<ProbeTrialSamples> &trials = recorded->trialSamples;
    QVERIFY2(trials.size() >= 2 && trials.size() % 2 == 0, qPrintable(file));

    BackgroundProbePlan plan = defaultBackgroundProbePlan(kGiB);
    plan.probeBytes = kProbeBytes;
    plan.probeOffset = kGiB - kProbeBytes;
    plan.baselineWrites = int(trials.first().baseline.size());
    plan.idleMaxSeconds = 0; // the waits for quiet are over: their trials are what was recorded
    plan.trials = int(trials.size() / 2);
    plan.maxWaitSeconds = kMaxProbeWaitSeconds;
    // No pair says the opposite of the truth.
    const PairVerdict wrong = background ? PairVerdict::NoBackground : PairVerdict::Background;
    for (qsizetype i = 1; i < trials.size(); i += 2) {
        const PairJudgement pair = judgePair(trials.at(i - 1), trials.at(i), plan);
        qInfo("%s",
              qPrintable(test::describePair(i / 2 + 1, trials.at(i - 1), trials.at(i), pair)));
        QVERIFY2(pair.verdict != wrong, qPrintable(QStringLiteral("pair %1").arg(i / 2 + 1)));
    }
    RecordedTarget target(trials);
    const auto result = runBackgroundTrimProbe(target, plan);
    QVERIFY2(result, qPrintable(result.error().message));
    qInfo("recorded: %s", qPrintable(recorded->summary()));
    qInfo("played back: %s", qPrintable(result->summary()));
    if (tells)
        QVERIFY2(result->conclusive(), qPrintable(result->summary()));
    if (result->conclusive())
        QVERIFY2(result->detected == background, qPrintable(result->summary()));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestProbeRecorded)
#include "tst_proberecorded.moc"
