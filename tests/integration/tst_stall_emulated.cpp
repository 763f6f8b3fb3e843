// The stall test against emulated drives whose blocking we set: fio's QD1 reads on the loop
// device while runStallTest's own thread discards, on a drive without queued TRIM (serial), with
// it (queued), and with a fixed block shorter and longer than the discard. The added latency per
// discard and the longest stall must match the model within 20 %. Wall-clock bounds, hence the
// "timing" label: each row allows on top what the machine did to a read with no discard around,
// measured in the same run (the baseline's longest read, or that of the reads alone in the gaps
// around each phase where the load rose since).
#include "clirun.h"
#include "common/units.h"
#include "emulateddrive.h"
#include "privileged.h"
#include "recovery/fioprocess.h"
#include "report/resultfile.h"
#include "stall/stallrunner.h"
#include "syntheticload.h"
#include "testmain.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <memory>
#include <mutex>

using namespace trimscope;
using namespace trimscope::stall;
using trimscope::test::EmulatedDrive;
using trimscope::test::runCli;
using Blocking = EmulatedDrive::Blocking;

namespace {

constexpr quint64 kKiB = 1024;
constexpr quint64 kMiB = kKiB * 1024;
constexpr quint64 kDriveBytes = 512 * kMiB;

#define REQUIRE_FIO()                                                                              \
    do {                                                                                           \
        if (recovery::findFioProgram().isEmpty())                                                  \
            TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("fio is not installed (package fio)"));          \
    } while (false)

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n == 0 ? 0 : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

QString ms(double seconds)
{
    return QString::number(seconds * 1e3, 'f', 1);
}

// The reads the run recorded in some stretches of its time, from the result's timeline (the
// longest read completing in each bucket): those that started and completed inside one stretch.
// Where a bucket's longest read started before its stretch, that bucket's reads are left out,
// which can only make these figures smaller.
struct ReadsWithin
{
    double seconds = 0; // the stretches' time
    int reads = 0;      // bucket maxima counted
    double longest = 0;
    // What runStallTest's accounting adds for these reads: those slower than the stall threshold,
    // less the baseline's median, per second of stretch. At QD1 a 10 ms bucket completes at most
    // one read above a threshold near 10 ms or more, so the bucket maxima are those reads.
    double added = 0;
    double addedFraction() const { return seconds > 0 ? added / seconds : 0; }
};

ReadsWithin readsWithin(const StallResult &result, const QList<std::pair<double, double>> &spans)
{
    ReadsWithin within;
    const StallTimeline &timeline = result.timeline;
    const double bucket = timeline.bucketSeconds;
    const qsizetype buckets = timeline.maxLatencySeconds.size();
    const double typical = result.phase(StallPhase::Baseline)->p50Seconds;
    for (const auto &[from, to] : spans) {
        if (to <= from)
            continue;
        within.seconds += to - from;
        for (qsizetype b = qsizetype(from / bucket); b < buckets && double(b + 1) * bucket <= to;
             ++b) {
            const double latency = timeline.maxLatencySeconds[b];
            if (timeline.ios[b] == 0 || double(b) * bucket - latency < from)
                continue;
            ++within.reads;
            within.longest = std::max(within.longest, latency);
            if (latency > result.stallThresholdSeconds)
                within.added += latency - typical;
        }
    }
    return within;
}

// Reads no discard could hold, near a phase in time: those that started once the discard before
// them and its blocking window were over and completed before the next discard began, in the
// gaps after the phase's discards and the one before its first. What the machine did to a read
// with no discard around; the baseline before the first discard says that only while the load
// stays as it was: in one CI run the Debian 12 build beside the test picked up after the
// baseline (reads alone longest 10.6 ms, p99.9 9.1 ms), the region phase's reads had a p99 of
// 40.3 ms, and a read held by the 150 ms window took 231.8 ms.
ReadsWithin readsAloneNear(const StallResult &result, StallPhase phase, double window)
{
    QList<std::pair<double, double>> gaps;
    const QList<StallDiscard> &discards = result.discards;
    for (qsizetype i = 0; i < discards.size(); ++i) {
        const bool next = i + 1 < discards.size();
        if (discards[i].phase == phase || (next && discards[i + 1].phase == phase))
            gaps.append({discards[i].startSeconds + std::max(discards[i].seconds, window),
                         next ? discards[i + 1].startSeconds
                              : double(result.timeline.maxLatencySeconds.size()) *
                                    result.timeline.bucketSeconds});
    }
    return readsWithin(result, gaps);
}

// A short run: 2 s of reads alone (3 s beside busy loops), then 3 small, 3 medium and 2
// whole-region discards with 0.3 s of reads after each. Nothing is written first: the emulated
// drive's latency does not depend on what it holds. The gap only has to hold what a discard
// does to reads after it returns: at most 120 ms here (the row blocking 200 ms from the start
// of 80 ms discards), and what a read is delayed by the machine on top of that (up to ~65 ms
// beside 4 busy loops); the added latency counts only reads in flight while the discard ran.
// (0.5 s cost each run 2 s.)
// Three discards a phase, as the medium one had: a median of three still outvotes one
// preempted discard, and the small phase asks no more than the others (5 cost each row about
// 0.8 s more). Two seconds of reads alone are 3,000-5,000 reads on a machine without busy
// loops, well above the 100 a run needs (the third second cost each row 1 s); beside four busy
// loops two seconds gave 117 once at load 16, so those rows keep three. Where the baseline's
// longest read is shorter, the bounds it sets are tighter, never looser.
StallPlan shortPlan(int busyLoops)
{
    StallPlan plan;
    plan.readRegionBytes = 64 * kMiB;
    plan.discardRegionBytes = 128 * kMiB;
    plan.smallBytes = 64 * kKiB;
    plan.mediumBytes = 8 * kMiB;
    plan.smallDiscards = 3;
    plan.mediumDiscards = 3;
    plan.regionDiscards = 2;
    plan.baselineSeconds = busyLoops > 0 ? 3 : 2;
    plan.gapSeconds = 0.3;
    plan.fillFirst = false;
    return plan;
}

} // namespace

class TestStallEmulated : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
        REQUIRE_FIO();
        if (const QString reason = EmulatedDrive::OwnLoopQueue::unavailableReason();
            !reason.isEmpty())
            TRIMSCOPE_SKIP_OR_FAIL(reason);
        QVERIFY2(m_drive.start(kDriveBytes, {}), qPrintable(m_drive.errorString()));
    }
    void cleanupTestCase() { m_drive.stop(); }

    void stallMatchesModel_data();
    void stallMatchesModel();
    void cliEndToEnd();
    void cliRefusesWithoutDestroyData();

private:
    // One run of a stallMatchesModel row on the drive's current model.
    struct StallAttempt
    {
        bool onModel = false; // every phase's figures within the model's bounds
        bool passed = false;  // the run's verdict
        quint64 discardCalls = 0;
        QString detail; // the figures, one line per phase
    };
    void runStallAttempt(Blocking blocking, quint64 blockUs, int busyLoops, StallAttempt &attempt);

    EmulatedDrive m_drive;
};

void TestStallEmulated::stallMatchesModel_data()
{
    QTest::addColumn<Blocking>("blocking");
    QTest::addColumn<quint64>("cmdUs");
    QTest::addColumn<quint64>("perMibUs");
    QTest::addColumn<quint64>("blockUs");
    QTest::addColumn<bool>("passes");
    QTest::addColumn<int>("busyLoops"); // CPU hogs started by the test: a loaded machine
    // Windows of 60 ms and more: a loaded 2-core machine delays a QD1 read by tens of
    // milliseconds now and then, which the reference allows for on top of the model.
    // A drive without queued TRIM: reads wait for each whole discard. 60 ms a command and 4 ms
    // per MiB: 60 ms small, 92 ms medium, 572 ms for the 128 MiB region: that one fails.
    QTest::newRow("serial") << Blocking::Serial << quint64(60000) << quint64(4000) << quint64(0)
                            << false << 0;
    // Queued TRIM: the same discards, and reads do not wait.
    QTest::newRow("queued") << Blocking::Queued << quint64(60000) << quint64(4000) << quint64(0)
                            << true << 0;
    // Other I/O blocked for a fixed time from each discard's start, shorter and longer than it.
    QTest::newRow("fixed 60 ms of 150 ms discards")
        << Blocking::Fixed << quint64(150000) << quint64(0) << quint64(60000) << true << 0;
    QTest::newRow("fixed 200 ms of 80 ms discards")
        << Blocking::Fixed << quint64(80000) << quint64(0) << quint64(200000) << true << 0;
    // The same on a machine busier than its 2 cores (what CI and three colleagues do to it):
    // reads alone then take up to ~65 ms here, so the windows are longer than that.
    QTest::newRow("serial, 4 busy loops")
        << Blocking::Serial << quint64(150000) << quint64(4000) << quint64(0) << false << 4;
    QTest::newRow("queued, 4 busy loops")
        << Blocking::Queued << quint64(150000) << quint64(4000) << quint64(0) << true << 4;
    QTest::newRow("fixed 150 ms of 300 ms discards, 4 busy loops")
        << Blocking::Fixed << quint64(300000) << quint64(0) << quint64(150000) << true << 4;
}

void TestStallEmulated::stallMatchesModel()
{
    QFETCH(Blocking, blocking);
    QFETCH(quint64, cmdUs);
    QFETCH(quint64, perMibUs);
    QFETCH(quint64, blockUs);
    QFETCH(bool, passes);
    QFETCH(int, busyLoops);
    EmulatedDrive::Model model;
    model.cmdUs = cmdUs;
    model.perMibUs = perMibUs;
    model.readUs = 200;
    model.blocking = blocking;
    model.blockUs = blockUs;
    QVERIFY(m_drive.setModel(model));
    const StallPlan plan = shortPlan(busyLoops);
    for (int run = 1; run <= 2; ++run) {
        StallAttempt attempt;
        runStallAttempt(blocking, blockUs, busyLoops, attempt);
        if (QTest::currentTestFailed())
            return;
        qInfo("%s", qPrintable(attempt.detail));
        // A row whose figures fell off the model is run once more, and that run decides: the
        // machine's load can change within a row (in one CI run Debian 12's build, beside the
        // test at the lowest priority, picked up after the baseline and a read held by a 150 ms
        // window took 231.8 ms), while a drive off the model is off it every time. The same for
        // the verdict.
        if ((!attempt.onModel || attempt.passed != passes) && run == 1) {
            qWarning("off the model in the first run, run again:\n%s", qPrintable(attempt.detail));
            continue;
        }
        QVERIFY2(attempt.onModel, qPrintable(attempt.detail));
        QCOMPARE(attempt.discardCalls,
                 quint64(plan.smallDiscards + plan.mediumDiscards + plan.regionDiscards));
        QCOMPARE(attempt.passed, passes);
        break;
    }
}

void TestStallEmulated::runStallAttempt(Blocking blocking, quint64 blockUs, int busyLoops,
                                        StallAttempt &attempt)
{
    QVERIFY(m_drive.control(QStringLiteral("reset-stats")));

    Expected<std::unique_ptr<StallDevice>> device = prepareStallDevice(m_drive.devicePath());
    QVERIFY2(device, qPrintable(device ? QString() : device.error().message));
    const StallPlan plan = shortPlan(busyLoops);
    QVERIFY(!validateStallPlan(plan, kDriveBytes).isError());

    // The discarding thread gets a loop queue of its own, so only the model decides who waits
    // (a real drive's queue has no loop worker in front of it). fio, started from this thread,
    // stays in ours.
    std::mutex queueMutex;
    std::unique_ptr<EmulatedDrive::OwnLoopQueue> queue;
    QString queueError;
    StallThreadHooks hooks;
    hooks.started = [&] {
        std::lock_guard lock(queueMutex);
        queue = std::make_unique<EmulatedDrive::OwnLoopQueue>();
        if (!queue->isActive())
            queueError = queue->errorString();
    };
    hooks.finished = [&] {
        std::lock_guard lock(queueMutex);
        queue.reset();
    };
    CancelToken cancel;
    std::unique_ptr<test::SyntheticLoad> load;
    if (busyLoops > 0)
        load = std::make_unique<test::SyntheticLoad>(busyLoops);
    const StallResult result = runStallTest(**device, plan, cancel, {}, hooks);
    load.reset();
    QVERIFY2(queueError.isEmpty(), qPrintable(queueError));
    QVERIFY2(result.complete(), qPrintable(result.error.message));
    QVERIFY(result.measured());

    const StallPhaseFigures *base = result.phase(StallPhase::Baseline);
    QVERIFY(base);
    QStringList lines;
    lines << QStringLiteral("baseline: %1 reads, median %2 ms, p99.9 %3 ms, longest %4 ms; "
                            "stall threshold %5 ms")
                 .arg(base->ios)
                 .arg(ms(base->p50Seconds), ms(base->p999Seconds), ms(base->maxSeconds),
                      ms(result.stallThresholdSeconds));
    bool ok = base->ios >= 100;
    for (const StallPhase phase : stallDiscardPhases()) {
        const StallPhaseFigures *figures = result.phase(phase);
        QVERIFY2(figures, qPrintable(stallPhaseName(phase)));
        const double discardModel = m_drive.modelSeconds(figures->discardBytes);
        // The blocking window the model gives other I/O.
        const double window = blocking == Blocking::Serial  ? discardModel
                              : blocking == Blocking::Fixed ? double(blockUs) / 1e6
                                                            : 0;
        QList<double> stalls;
        for (const StallDiscard &d : result.discards)
            if (d.phase == phase)
                stalls.append(d.longestStallSeconds);
        // The median over the phase's discards, so one preempted discard or reader does not
        // decide.
        const double stall = median(stalls);
        const double added = figures->addedPerDiscardSeconds;
        // What the machine did to a read with no discard around, allowed on top of the model:
        // the longest read alone in the baseline, or, where the load rose since, in the gaps
        // around this phase (readsAloneNear). The larger, so a run is never held to less than
        // before; a blocking drive still fails the serial rows (the verdict, not these bounds).
        const ReadsWithin alone = readsAloneNear(result, phase, window);
        const double reference = std::max(base->maxSeconds, alone.longest);
        // Within 20 % of the model's window, plus the reference. Added latency is counted
        // beyond the typical read alone, which the window does not include: that much lower is
        // allowed for it. And while a discard runs past its window, the test bed's reads are
        // slower than alone (FUSE and the loop driver share their threads with it; the queued
        // row shows it): added latency may grow by up to half of that unblocked rest of the
        // discard. Half, because that slowdown grows with the machine's load (in one CI run the
        // queued row's reads added 28 % of it beside a compile, its four-busy-loops row 1 %),
        // and half still tells a queueing drive from a blocking one, which adds all of it. On
        // top of that half, the share of their time the reads alone nearby lost by the same
        // accounting: reads in the rest count as held when slower than the baseline's
        // threshold, and once the load rises past the baseline's, reads alone do too (in the CI
        // run of readsAloneNear's comment: added 307.2 ms against 265.6 ms allowed). At most a
        // quarter more, so a blocking drive still adds a quarter of the rest beyond it (beside
        // 4 busy loops, reads alone lost 29 % of their time in one run's queued region phase).
        // Not the reads beside the running discards themselves: the read a blocking drive holds
        // can complete before the discard's return is stamped (on a loaded machine the return
        // came 40 ms after the model's end), and one counted so added 48.6 % of their time. The
        // longest stall, checked with no such allowance where the model blocks, keeps the
        // window's edge exact.
        const double unblocked = std::max(0.0, discardModel - window);
        // Added latency counts the reads slower than the run's stall threshold, which comes
        // from the same run's baseline (3x its median or its p99.9). Where the machine alone
        // held reads up that long, a window below it cannot show as added latency (beside two
        // busy loops at load 21-25: reads alone median 20 ms, p99.9 104 ms, so the 60 ms window
        // added 0.0 ms): below, the bound holds for a window above the threshold. The longest
        // stall needs no threshold and keeps the window's edge.
        const bool visible = window > result.stallThresholdSeconds;
        const double addedAllowed =
            1.2 * window + (0.5 + std::min(0.25, alone.addedFraction())) * unblocked + reference;
        const double stallAllowed =
            1.2 * window + 0.5 * (window > 0 ? 0 : discardModel) + reference;
        const bool phaseOk = (!visible || added >= 0.8 * window - base->p50Seconds) &&
                             added <= addedAllowed && stall >= 0.8 * window &&
                             stall <= stallAllowed &&
                             figures->discardMedianSeconds >= 0.98 * discardModel;
        ok = ok && phaseOk;
        lines << QStringLiteral(
                     "%1 (%2 x %3): discard %4 ms (model %5 ms); window %6 ms; added "
                     "%7 ms, longest stall %8 ms (per discard: %9), p99 %10 ms, max "
                     "%11 ms; reads alone nearby: %12 in %13 s, longest %14 ms; added %15 % of "
                     "their time; allowed: added %16 ms, longest stall %17 ms%18")
                     .arg(stallPhaseName(phase))
                     .arg(figures->discards)
                     .arg(formatBytes(figures->discardBytes), ms(figures->discardMedianSeconds),
                          ms(discardModel), ms(window), ms(added), ms(stall),
                          [&] {
                              QStringList all;
                              for (double s : stalls)
                                  all << ms(s);
                              return all.join(QLatin1String(", "));
                          }())
                     .arg(ms(figures->p99Seconds), ms(figures->maxSeconds))
                     .arg(alone.reads)
                     .arg(alone.seconds, 0, 'f', 2)
                     .arg(ms(alone.longest))
                     .arg(alone.addedFraction() * 100, 0, 'f', 1)
                     .arg(ms(addedAllowed), ms(stallAllowed),
                          phaseOk ? QString() : QStringLiteral("  <-- off the model"));
    }
    const auto stats = m_drive.stats();
    lines << QStringLiteral("daemon: %1 discards, longest read wait %2 us, %3 reads waited; "
                            "verdict: %4")
                 .arg(stats.value(QStringLiteral("discard_calls")))
                 .arg(stats.value(QStringLiteral("read_wait_us_max")))
                 .arg(stats.value(QStringLiteral("waited_reads")))
                 .arg(result.summary());
    attempt.onModel = ok;
    attempt.passed = result.passed();
    attempt.discardCalls = stats.value(QStringLiteral("discard_calls"));
    attempt.detail = lines.join(QLatin1Char('\n'));
}

void TestStallEmulated::cliEndToEnd()
{
    EmulatedDrive::Model model;
    model.cmdUs = 20000;
    model.readUs = 200;
    QVERIFY(m_drive.setModel(model));
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("stall.json"));
    // With the fill: 48 MiB written first.
    const auto run =
        runCli({QStringLiteral("stall"), m_drive.devicePath(), QStringLiteral("--destroy-data"),
                QStringLiteral("--read-region"), QStringLiteral("16M"), QStringLiteral("--region"),
                QStringLiteral("32M"), QStringLiteral("--medium"), QStringLiteral("4M"),
                QStringLiteral("--discards"), QStringLiteral("2"), QStringLiteral("--baseline"),
                QStringLiteral("1"), QStringLiteral("--gap"), QStringLiteral("0.3"),
                QStringLiteral("--json"), json});
    qInfo("%s", run.out.constData());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.contains("Small discards"));
    QVERIFY(run.out.contains("Passed:"));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Expected<StallResult> result = readResult<StallResult>(file.readAll());
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    QVERIFY(result->complete());
    QCOMPARE(result->drive.path, m_drive.devicePath());
    QCOMPARE(result->phases.size(), 4);
    QCOMPARE(result->discards.size(), 5);
    QVERIFY(result->passed());
    QVERIFY(!result->fioVersion.isEmpty());
    QVERIFY(m_drive.stats().value(QStringLiteral("write_bytes")) >= 48 * kMiB);
}

void TestStallEmulated::cliRefusesWithoutDestroyData()
{
    const auto run = runCli({QStringLiteral("stall"), m_drive.devicePath()});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("--destroy-data"));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestStallEmulated)
#include "tst_stall_emulated.moc"
