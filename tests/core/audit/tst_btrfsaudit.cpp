// Issue 46, item 4: btrfs's asynchronous discard (discard=async, the default on SSDs since Linux
// 6.2) is one more online discard for the audit: its backlog and limits read from its own
// /sys/fs/btrfs/FSID/discard/ files (here a real btrfs on a loop device), and its own verdict:
// right as it is, or the exact tunable to change. The decision alone is tested on figures too.
#include "advice/advice.h"
#include "audit/btrfsdiscard.h"
#include "audit/systemsnapshot.h"
#include "audit/trimaudit.h"
#include "clirun.h"
#include "measuredsweep.h"
#include "mountedfs.h"
#include "plainloop.h"
#include "privileged.h"
#include "testmain.h"

#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using namespace trimscope::audit;
using trimscope::test::PlainLoop;
using trimscope::test::runTool;

namespace {

// A stall test's figures: small discards (what online discard sends) held reads up this long.
stall::StallResult stallOf(double longestStallSeconds)
{
    stall::StallResult result;
    stall::StallPhaseFigures baseline;
    baseline.phase = stall::StallPhase::Baseline;
    baseline.toSeconds = 2;
    baseline.ios = 4000;
    baseline.p50Seconds = baseline.p99Seconds = baseline.maxSeconds = 0.0004;
    stall::StallPhaseFigures small = baseline;
    small.phase = stall::StallPhase::Small;
    small.fromSeconds = 2;
    small.toSeconds = 4;
    small.discards = 20;
    small.discardBytes = 64 * 1024;
    small.maxSeconds = small.longestStallSeconds = longestStallSeconds;
    small.addedPerDiscardSeconds = longestStallSeconds / 2;
    result.phases = {baseline, small};
    result.stallThresholdSeconds = 0.05;
    return result;
}

// A real filesystem on `device`, mounted at `mnt` with `options`.
bool makeAndMount(const QString &mkfs, const QString &device, const QString &mnt,
                  const QString &options)
{
    return runTool(trimscope::test::findSystemProgram(mkfs),
                   {mkfs == QLatin1String("mkfs.btrfs") ? QStringLiteral("-f")
                                                        : QStringLiteral("-F"),
                    QStringLiteral("-q"), device}) == 0 &&
           runTool(QStringLiteral("mount"), {QStringLiteral("-o"), options, device, mnt}) == 0;
}

} // namespace

class TestBtrfsAudit : public QObject
{
    Q_OBJECT
private slots:
    void verdictFromFigures_data();
    void verdictFromFigures();
    void readsTheRealCounters_data();
    void readsTheRealCounters();
    void asyncOnADriveThatStalls_data();
    void asyncOnADriveThatStalls();
};

void TestBtrfsAudit::verdictFromFigures_data()
{
    QTest::addColumn<quint64>("iopsLimit");
    QTest::addColumn<quint64>("kbpsLimit");
    QTest::addColumn<quint64>("backlogBytes");
    QTest::addColumn<QString>("tunable"); // empty: right as it is
    QTest::addColumn<quint64>("value");
    constexpr quint64 GiB = quint64(1) << 30;
    QTest::newRow("Linux 6.2's 1000 a second, no byte limit")
        << quint64(1000) << quint64(0) << 4 * GiB << "" << quint64(0);
    QTest::newRow("the old 10 a second")
        << quint64(10) << quint64(0) << quint64(0) << "iops_limit" << quint64(1000);
    QTest::newRow("no limit at all") << quint64(0) << quint64(0) << 4 * GiB << "" << quint64(0);
    QTest::newRow("a byte limit, little waiting")
        << quint64(1000) << quint64(1024) << GiB / 2 << "" << quint64(0);
    QTest::newRow("a byte limit holding back 4 GiB")
        << quint64(1000) << quint64(1024) << 4 * GiB << "kbps_limit" << quint64(0);
}

void TestBtrfsAudit::verdictFromFigures()
{
    QFETCH(quint64, iopsLimit);
    QFETCH(quint64, kbpsLimit);
    QFETCH(quint64, backlogBytes);
    QFETCH(QString, tunable);
    QFETCH(quint64, value);
    BtrfsDiscardStats stats;
    stats.iopsLimit = iopsLimit;
    stats.kbpsLimit = kbpsLimit;
    stats.discardableBytes = backlogBytes;
    stats.discardableExtents = backlogBytes / (1 << 20);
    const BtrfsAsyncVerdict verdict = btrfsAsyncVerdict(stats);
    QCOMPARE(verdict.tunable, tunable);
    QCOMPARE(verdict.kind == BtrfsAsyncVerdict::Kind::Fine, tunable.isEmpty());
    QCOMPARE(verdict.value, value);
}

void TestBtrfsAudit::readsTheRealCounters_data()
{
    QTest::addColumn<QString>("iopsLimit"); // written to the real discard/iops_limit
    QTest::addColumn<bool>("throttled");
    QTest::newRow("1000 a second: right as it is") << "1000" << false;
    QTest::newRow("10 a second: raise iops_limit") << "10" << true;
}

void TestBtrfsAudit::readsTheRealCounters()
{
    QFETCH(QString, iopsLimit);
    QFETCH(bool, throttled);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (trimscope::test::findSystemProgram(QStringLiteral("mkfs.btrfs")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("mkfs.btrfs not found (package btrfs-progs)"));
    PlainLoop loop;
    QVERIFY2(loop.start(quint64(256) << 20), qPrintable(loop.errorString()));
    QCOMPARE(runTool(trimscope::test::findSystemProgram(QStringLiteral("mkfs.btrfs")),
                     {QStringLiteral("-q"), QStringLiteral("-f"), loop.devicePath()}),
             0);
    QTemporaryDir mountPoint;
    QVERIFY(mountPoint.isValid());
    const QString mnt = mountPoint.path();
    QCOMPARE(
        runTool(QStringLiteral("mount"),
                {QStringLiteral("-o"), QStringLiteral("discard=async"), loop.devicePath(), mnt}),
        0);
    const auto unmount = qScopeGuard([&] { runTool(QStringLiteral("umount"), {mnt}); });

    const QString fsid = btrfsFsidOf(loop.sysName());
    QVERIFY2(!fsid.isEmpty(), "no /sys/fs/btrfs/FSID/devices/ names the loop device");
    const QString dir = QStringLiteral("/sys/fs/btrfs/%1/discard/").arg(fsid);
    if (!QFile::exists(dir + QStringLiteral("iops_limit")))
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("this kernel has no btrfs discard/iops_limit"));
    QFile limit(dir + QStringLiteral("iops_limit"));
    QVERIFY(limit.open(QIODevice::WriteOnly));
    QVERIFY(limit.write(iopsLimit.toUtf8()) > 0);
    limit.close();
    // Something freed for async discard to queue.
    QFile data(mnt + QStringLiteral("/data"));
    QVERIFY(data.open(QIODevice::WriteOnly));
    const QByteArray chunk(1 << 20, 'x');
    for (int i = 0; i < 32; ++i)
        QVERIFY(data.write(chunk) == chunk.size());
    data.close();
    // This filesystem only: the data reaches the device, then its delete commits and frees it.
    QVERIFY(trimscope::test::syncFilesystem(mnt));
    QVERIFY(QFile::remove(mnt + QStringLiteral("/data")));
    QVERIFY(trimscope::test::syncFilesystem(mnt));

    // What the kernel says, what the snapshot recorded, and what the audit made of it.
    const Expected<BtrfsDiscardStats> real = readBtrfsDiscard(loop.sysName());
    QVERIFY2(real, qPrintable(real.error().message));
    QCOMPARE(real->iopsLimit, iopsLimit.toULongLong());
    const SystemSnapshot snapshot = SystemSnapshot::capture();
    const std::optional<BtrfsDiscardStats> recorded = btrfsDiscardIn(snapshot, loop.sysName());
    QVERIFY(recorded);
    QCOMPARE(recorded->fsid, fsid);
    QCOMPARE(recorded->iopsLimit, real->iopsLimit);
    QCOMPARE(recorded->kbpsLimit, real->kbpsLimit);
    QCOMPARE(recorded->maxDiscardSize, real->maxDiscardSize);

    const AuditReport report = runAudit(snapshot);
    const auto finding =
        std::find_if(report.findings.cbegin(), report.findings.cend(), [&](const Finding &f) {
            return f.id == QLatin1String("btrfs-async-discard") && f.subject == mnt;
        });
    QVERIFY2(finding != report.findings.cend(), qPrintable(mnt));
    qInfo("%s: %s", qPrintable(finding->title), qPrintable(finding->explanation));
    QVERIFY2(finding->explanation.contains(
                 QStringLiteral("at most %1 discards a second").arg(iopsLimit)),
             qPrintable(finding->explanation));
    QCOMPARE(finding->severity, throttled ? Severity::Advice : Severity::Info);
    QCOMPARE(finding->fix.isEmpty(), !throttled);
    if (throttled)
        QVERIFY2(
            finding->fix.contains(QStringLiteral("echo 1000 | sudo tee %1iops_limit").arg(dir)),
            qPrintable(finding->fix));
    // Not a synchronous discard: the delete-path finding is not raised for it.
    QVERIFY(std::none_of(report.findings.cbegin(), report.findings.cend(), [&](const Finding &f) {
        return f.id == QLatin1String("mount-online-discard") && f.subject == mnt;
    }));
}

void TestBtrfsAudit::asyncOnADriveThatStalls_data()
{
    QTest::addColumn<double>("longestStall"); // seconds; the advice's limit is 0.1 s
    QTest::addColumn<bool>("nodiscard");
    QTest::newRow("no stall: async right as it is, never sync discard") << 0.002 << false;
    QTest::newRow("reads held up 0.8 s: nodiscard and the timer") << 0.8 << true;
}

// Issue 46, item 4: btrfs's own verdict in the advice, for a real btrfs with async discard on the
// measured drive. Async is usually right: a fast drive gets no discard change for it (before,
// the advice offered plain "discard", btrfs's synchronous mode, in its place). On a drive whose
// discards stall the I/O around them (a stall test), pacing does not help: nodiscard and the
// weekly fstrim, with the tunable named for those who keep async.
void TestBtrfsAudit::asyncOnADriveThatStalls()
{
    QFETCH(double, longestStall);
    QFETCH(bool, nodiscard);
    if (const QString reason = PlainLoop::unavailableReason(true); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (trimscope::test::findSystemProgram(QStringLiteral("mkfs.btrfs")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("mkfs.btrfs not found (package btrfs-progs)"));
    // The measured drive holds ext4 (which gives the drive its verdict from the TRIM times) and
    // btrfs with async discard, each on a partition.
    PlainLoop loop;
    QVERIFY2(loop.start(quint64(512) << 20, 2), qPrintable(loop.errorString()));
    QTemporaryDir ext4Point;
    QTemporaryDir btrfsPoint;
    QVERIFY(ext4Point.isValid() && btrfsPoint.isValid());
    const QString mnt = btrfsPoint.path();
    const bool ext4 = makeAndMount(QStringLiteral("mkfs.ext4"), loop.partitionPath(1),
                                   ext4Point.path(), QStringLiteral("nodiscard"));
    const bool btrfs = makeAndMount(QStringLiteral("mkfs.btrfs"), loop.partitionPath(2), mnt,
                                    QStringLiteral("discard=async"));
    const auto unmount = qScopeGuard([&] {
        if (btrfs)
            runTool(QStringLiteral("umount"), {mnt});
        if (ext4)
            runTool(QStringLiteral("umount"), {ext4Point.path()});
    });
    QVERIFY(ext4 && btrfs);

    advice::AdviceInput input;
    input.audit = runAudit(SystemSnapshot::capture());
    input.sweeps.append(test::sweepMeasuredOn(QStringLiteral("corsair-performance-pro"), loop.sysName()));
    input.stall = stallOf(longestStall);
    input.stall->drive = input.sweeps.constFirst().drive;
    const advice::Advice advice = advice::adviseTrim(input);
    QVERIFY(advice.configuration.subjects.contains(mnt));
    qInfo("%s: %s", qPrintable(advice::verdictName(advice.verdict)), qPrintable(advice.sentence));
    QCOMPARE(advice.verdict, nodiscard ? advice::Verdict::PreferPeriodicFstrim
                                       : advice::Verdict::OnlineDiscardFine);

    const auto fixFor = [&](const QString &prefix) {
        return std::find_if(advice.fixes.cbegin(), advice.fixes.cend(),
                            [&](const advice::Fix &f) { return f.id == prefix + mnt; });
    };
    QVERIFY2(fixFor(QStringLiteral("fstab-add-discard:")) == advice.fixes.cend(),
             "btrfs's async discard would become synchronous");
    const auto off = fixFor(QStringLiteral("fstab-remove-discard:"));
    QCOMPARE(off != advice.fixes.cend(), nodiscard);
    const auto finding =
        std::find_if(advice.findings.cbegin(), advice.findings.cend(), [&](const Finding &f) {
            return f.id == QLatin1String("btrfs-async-discard") && f.subject == mnt;
        });
    QVERIFY2(finding != advice.findings.cend(), qPrintable(mnt));
    qInfo("%s: %s", qPrintable(finding->title), qPrintable(finding->explanation));
    if (!nodiscard) {
        QCOMPARE(finding->severity, Severity::Info); // the audit's: right as it is
        return;
    }
    QVERIFY2(off->text.contains(QLatin1String("remount,nodiscard")), qPrintable(off->text));
    for (const char *word : {"nodiscard", "fstrim.timer", "discard/iops_limit", "stall test"})
        QVERIFY2(off->explanation.contains(QLatin1String(word)), word);
    // One verdict for it: the advice's warning in place of the audit's "right as it is".
    QCOMPARE(finding->severity, Severity::Warning);
    QCOMPARE(std::count_if(advice.findings.cbegin(), advice.findings.cend(),
                           [&](const Finding &f) {
                               return f.id == QLatin1String("btrfs-async-discard") &&
                                      f.subject == mnt;
                           }),
             1);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestBtrfsAudit)
#include "tst_btrfsaudit.moc"
