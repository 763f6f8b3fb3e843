// The background-TRIM probe on real block devices: an emulated drive in "deferred" mode (TRIM
// answers at once, later writes pay for it) must be flagged, a plain one must not; beside two
// busy loops the CLI's probe ends within its bound and says how far it is at least every 10 s; the
// README's scripted path probes as diagnose does.
#include "clirun.h"
#include "device/deviceprobe.h"
#include "emulateddrive.h"
#include "jobs/diagnoseschedule.h"
#include "jobs/jobsupport.h"
#include "plainloop.h"
#include "privileged.h"
#include "probe/backgroundprobe.h"
#include "syntheticload.h"
#include "testmain.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::probe;
using trimscope::test::EmulatedDrive;
using trimscope::test::SyntheticLoad;
using trimscope::test::TimedLine;

class TestBackgroundProbeEmulated : public QObject
{
    Q_OBJECT

private slots:
    void flagsADeferringDrive();
    void doesNotFlagAPlainDrive();
    void boundedBesideBusyLoops();
    void scriptedPathProbesAsDiagnose_data();
    void scriptedPathProbesAsDiagnose();
};

namespace {

constexpr quint64 kMiB = quint64(1) << 20;
constexpr quint64 kDriveBytes = 256 * kMiB;

// 64 MiB at 20 ms of background work per MiB: about 1.3 s during which each write costs 20 ms
// more, far above a 4 KiB write's usual time on a loop device over FUSE.
EmulatedDrive::Model model(bool deferred)
{
    EmulatedDrive::Model m;
    m.cmdUs = 100;
    m.deferred = deferred;
    m.deferUsPerMib = deferred ? 20000 : 0;
    m.writeExtraUs = deferred ? 20000 : 0;
    return m;
}

BackgroundProbePlan plan()
{
    BackgroundProbePlan p;
    p.discardOffset = 0;
    p.discardBytes = 64 * kMiB;
    p.probeOffset = kDriveBytes - kMiB;
    p.probeBytes = kMiB;
    p.baselineWrites = 12;
    p.intervalSeconds = 0.02;
    p.minSeconds = 1;
    p.maxSeconds = 8;
    // The drive is fresh and idle: shorter quiet gaps than a drive that may have just been swept
    // needs (the diagnosis's own plan keeps 8 s), and no minute-long wait for quiet before each
    // trial when a compile beside the test never lets the writes settle (8 such waits outlasted
    // the test's 3 minutes once in CI). A trial ends only once its writes are normal again, so
    // the next one finds the deferring drive's 1.3 s of owed work done: the quiet gaps need not
    // outlast it. (2 s cost each trial 1.9 s more, 15 s over the two rows; 1 s, with gaps of
    // 1/16 to all of it, 1.9 s in all, each trial about 0.9 s more than 0.5 s, 7 s over them.)
    p.idleQuietSeconds = 0.5;
    p.idleMaxSeconds = 10;
    return p;
}

class DeviceFd
{
public:
    explicit DeviceFd(const QString &path)
        : m_fd(::open(QFile::encodeName(path).constData(), O_RDWR | O_EXCL | O_CLOEXEC))
    {
    }
    ~DeviceFd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    DeviceFd(const DeviceFd &) = delete;
    DeviceFd &operator=(const DeviceFd &) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

} // namespace

void TestBackgroundProbeEmulated::flagsADeferringDrive()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    EmulatedDrive drive; // stops (detaches, unmounts) in its destructor, on failure too
    QVERIFY2(drive.start(kDriveBytes, model(true)), qPrintable(drive.errorString()));
    DeviceFd fd(drive.devicePath());
    QVERIFY(fd.get() >= 0);
    FdWriteProbeTarget target(fd.get(), kDriveBytes);

    const auto result = runBackgroundTrimProbe(target, plan());
    QVERIFY2(result, qPrintable(result.error().message));
    qInfo("%s", qPrintable(result->summary()));
    QVERIFY(result->detected);
    // 64 MiB x 20 ms = 1.28 s of owed work; noise after it may stretch the slow period a little.
    QVERIFY2(result->slowForSeconds > 0.8 && result->slowForSeconds < 5,
             qPrintable(QString::number(result->slowForSeconds)));
    QVERIFY(result->slowdownFactor >= 2);
    const auto stats = drive.stats();
    // One discard per pair of trials (the sham trial sends none), each of the planned size.
    QCOMPARE(stats.value(QStringLiteral("discard_calls")), quint64(result->trials));
    QCOMPARE(stats.value(QStringLiteral("discard_bytes")), quint64(result->trials) * 64 * kMiB);
    // Scheduling noise on a shared machine can make a few more probe writes "slow" than the
    // drive slowed, so only the drive's own count is checked for being there.
    QVERIFY(stats.value(QStringLiteral("slowed_writes")) >= quint64(3));
}

void TestBackgroundProbeEmulated::doesNotFlagAPlainDrive()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    EmulatedDrive drive;
    QVERIFY2(drive.start(kDriveBytes, model(false)), qPrintable(drive.errorString()));
    DeviceFd fd(drive.devicePath());
    QVERIFY(fd.get() >= 0);
    FdWriteProbeTarget target(fd.get(), kDriveBytes);

    const auto result = runBackgroundTrimProbe(target, plan());
    QVERIFY2(result, qPrintable(result.error().message));
    qInfo("%s", qPrintable(result->summary()));
    QVERIFY(!result->detected);
    QCOMPARE(drive.stats().value(QStringLiteral("slowed_writes")), quint64(0));
}

// Issue 46: beside two busy processes the probe ran 168 s and printed nothing while it ran when its
// output was not a terminal. Now one bound holds for all of it (stated in its first line), and a
// line of progress comes at least every 10 s on a pipe; the busy loops die with the test.
void TestBackgroundProbeEmulated::boundedBesideBusyLoops()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    EmulatedDrive drive;
    QVERIFY2(drive.start(kDriveBytes, model(true)), qPrintable(drive.errorString()));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString json = dir.filePath(QStringLiteral("probe.json"));
    // Longer than the 10 s the progress lines may be apart, so that a run without them fails.
    constexpr double kBound = 12;
    // Starting the CLI, admitting the device, the writes that end the last trial after the bound
    // and the report: a few seconds at most on a loaded 2-core machine.
    constexpr double kSlack = 5;
    const SyntheticLoad busy(2);
    QList<TimedLine> lines;
    const trimscope::test::CliRun run = trimscope::test::runCliTimed(
        {QStringLiteral("background-probe"), drive.devicePath(), QStringLiteral("--destroy-data"),
         QStringLiteral("--max-wait"), QString::number(kBound), QStringLiteral("--json"), json},
        lines, int((kBound + 60) * 1000));
    for (const TimedLine &line : std::as_const(lines))
        qInfo("%6.2f s %s %s", line.atSeconds, line.stderrLine ? "err" : "out",
              line.text.constData());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.seconds <= kBound + kSlack, qPrintable(QString::number(run.seconds)));
    // The bound, in the first line of output.
    const auto firstOut = std::find_if(lines.cbegin(), lines.cend(),
                                       [](const TimedLine &l) { return !l.stderrLine; });
    QVERIFY(firstOut != lines.cend());
    // The one formatter's figure: "12 s", its space a no-break one outside the C locale.
    const QByteArray bound = QByteArray::number(kBound);
    QVERIFY2(firstOut->text.contains("--max-wait") &&
                 (firstOut->text.contains(bound + " s") ||
                  firstOut->text.contains(bound + "\xc2\xa0s")),
             firstOut->text.constData());
    // Progress on the pipe: from the start to the end no stretch of 10 s without a line.
    double last = 0;
    double longest = 0;
    int progressLines = 0;
    for (const TimedLine &line : std::as_const(lines)) {
        if (!line.stderrLine)
            continue;
        longest = std::max(longest, line.atSeconds - last);
        last = line.atSeconds;
        ++progressLines;
    }
    longest = std::max(longest, run.seconds - last);
    QVERIFY2(
        progressLines >= 2 && longest <= 10,
        qPrintable(QStringLiteral("%1 lines, %2 s apart at most").arg(progressLines).arg(longest)));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject result = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject probe = result.contains(QStringLiteral("result"))
                                  ? result.value(QStringLiteral("result")).toObject()
                                  : result;
    qInfo("%s", qPrintable(probe.value(QStringLiteral("summary")).toString()));
    QCOMPARE(probe.value(QStringLiteral("max_wait_s")).toDouble(), kBound);
    // Its writes are timed at real-time priority, as a sweep's discards: at normal priority the
    // busy loops' turn on the core after each write looked like a drive at work, and the probe
    // beside two of them could not tell.
    QVERIFY2(probe.value(QStringLiteral("measurement_priority"))
                 .toString()
                 .startsWith(QLatin1String("realtime")),
             qPrintable(probe.value(QStringLiteral("measurement_priority")).toString()));
    QVERIFY2(probe.value(QStringLiteral("elapsed_s")).toDouble() <= kBound + 1,
             qPrintable(QString::number(probe.value(QStringLiteral("elapsed_s")).toDouble())));
}

void TestBackgroundProbeEmulated::scriptedPathProbesAsDiagnose_data()
{
    QTest::addColumn<double>("budgetSeconds");
    QTest::newRow("diagnose --budget 1") << 60.0;
    QTest::newRow("diagnose --budget 6 (the hold-out rounds, the README's comparison)") << 360.0;
    QTest::newRow("diagnose's default budget (10 minutes)") << 600.0;
}

// Issue 46, the hold-out drive "quickdebt" (docs/evidence/issue46-holdouts.md): diagnose's probe
// told in 3 of 8 runs, the README's scripted path's standalone probe in none. Same code, two
// plans: diagnose chose its own limit after each discard (5 % of its budget: 18 s at 6 minutes,
// 30 s at 10, where the standalone probe has 10 s), which also gave its first wait for quiet
// less of the bound. And the README ran the probe after the sweep, whose discards make the first
// trial wait for quiet with the long gaps (8 s), where diagnose's probe, the first thing on the
// drive, waits as briefly as a later trial (2 s). On a real drive as fresh as the hold-out's, the
// probe the scripted path runs (the CLI's request with no options, first on the drive) plans
// exactly what diagnose's plans, but for a bound a short budget lowers.
void TestBackgroundProbeEmulated::scriptedPathProbesAsDiagnose()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    QFETCH(double, budgetSeconds);
    EmulatedDrive drive;
    EmulatedDrive::Model quickDebt;
    quickDebt.cmdUs = 100;
    quickDebt.deferred = true;
    quickDebt.deferUsPerMib = 300;
    quickDebt.writeExtraUs = 5000;
    QVERIFY2(drive.start(kDriveBytes, quickDebt), qPrintable(drive.errorString()));
    // A loop number keeps its discard count across attachments: removed after the row, so the
    // next row's drive is as fresh as a new one (as tst_diagnose_emulated's rows).
    const QString sysName = drive.sysName();
    const auto remove = qScopeGuard([&] {
        drive.stop();
        test::removeLoopDevice(sysName);
    });
    const auto planOn = [&](const BackgroundProbeRequest &request) {
        const Expected<BlockDevice> disk = DeviceProbe::sysfsOnly().probePath(drive.devicePath());
        const DriveInfo info = disk ? driveInfoFrom(*disk) : DriveInfo();
        return planBackgroundProbe(request, kDriveBytes, servedNoDiscard(info));
    };
    const Expected<BackgroundProbePlan> standalone = planOn(BackgroundProbeRequest());
    QVERIFY2(standalone, qPrintable(standalone.error().message));
    DiagnosePlan diagnosePlan;
    diagnosePlan.budgetSeconds = budgetSeconds;
    const Expected<BlockDevice> disk = DeviceProbe::sysfsOnly().probePath(drive.devicePath());
    QVERIFY(disk);
    const DriveInfo info = driveInfoFrom(*disk);
    // Whether this attachment has served a discard: both paths read it from the drive alike.
    const bool fresh = servedNoDiscard(info);
    const DiagnoseSchedule schedule = scheduleDiagnosis(
        diagnosePlan, info, true, {QStringLiteral("ext4"), QStringLiteral("xfs")}, fresh);
    const Expected<BackgroundProbePlan> inDiagnose = planOn(diagnosisProbeRequest(schedule));
    QVERIFY2(inDiagnose, qPrintable(inDiagnose.error().message));
    const auto describe = [](const BackgroundProbePlan &p) {
        return QStringLiteral("discard %1 B at %2, probe region at %3; after the discard %4-%5 s; "
                              "quiet gaps up to %6 s, waits up to %7 s; %8 pairs; fill %9")
            .arg(p.discardBytes)
            .arg(p.discardOffset)
            .arg(p.probeOffset)
            .arg(p.minSeconds)
            .arg(p.maxSeconds)
            .arg(p.idleQuietSeconds)
            .arg(p.idleMaxSeconds)
            .arg(p.trials)
            .arg(p.fillFirst);
    };
    qInfo("standalone: %s, bound %.1f s", qPrintable(describe(*standalone)),
          standalone->maxWaitSeconds);
    qInfo("diagnose:   %s, bound %.1f s", qPrintable(describe(*inDiagnose)),
          inDiagnose->maxWaitSeconds);
    QCOMPARE(describe(*inDiagnose), describe(*standalone));
    // The bound: the standalone probe's 90 s, less only where the budget is short.
    QVERIFY(inDiagnose->maxWaitSeconds <= standalone->maxWaitSeconds);
    if (budgetSeconds >= 360)
        QCOMPARE(inDiagnose->maxWaitSeconds, standalone->maxWaitSeconds);

    // Why the README runs the probe first: after a sweep's discards the same probe's first trial
    // waits for quiet with the long gaps, for work the drive may still owe for them. (With the
    // rows' loop numbers removed and made again, a new attachment that sent as many discards as
    // the earlier one was last seen with counted as having sent none: watch/attachment.)
    QVERIFY(test::sendDiscards(drive.devicePath(), 3));
    const Expected<BackgroundProbePlan> afterSweep = planOn(BackgroundProbeRequest());
    QVERIFY(afterSweep);
    QCOMPARE(afterSweep->idleQuietSeconds, BackgroundProbePlan().idleQuietSeconds);
    // A loop number whose earlier discards TrimScope did not see end counts as trimmed before.
    if (fresh)
        QCOMPARE(standalone->idleQuietSeconds, kLaterTrialQuietSeconds);
    else
        qInfo("%s: a reused loop number, its earlier attachment's discards counted",
              qPrintable(sysName));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestBackgroundProbeEmulated)
#include "tst_backgroundprobe_emulated.moc"
