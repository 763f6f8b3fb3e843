// The admission gate on real loop devices (issue 32). A medium swapped behind the same device
// number (a USB stick unplugged and another plugged in gets the same sdX and major:minor) is
// another device: the identity compared table-wise, then a loop device detached and attached to
// another file at the same node, refused by its disk sequence, on the fd the gate opens, and by
// the phase of a diagnosis after the swap. A device in use is refused before any job exists,
// whatever the kind.
#include "../../support/qtry.h"
#include "clirun.h"
#include "device/admission.h"
#include "device/deviceidentity.h"
#include "device/safetypolicy.h"
#include "jobs/preparejob.h"
#include "plainloop.h"
#include "privileged.h"
#include "report/diagnosis.h"
#include "swappableloop.h"
#include "testmain.h"

#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <unistd.h>

using namespace trimscope;
using trimscope::test::PlainLoop;
using trimscope::test::SwappableLoop;

Q_DECLARE_METATYPE(trimscope::DeviceIdentity)

namespace {

constexpr quint64 kMiB = 1 << 20;

// A reporter that listens to nothing (a body calls each of its functions).
JobReporter silent()
{
    JobReporter reporter;
    reporter.progress = [](const JobProgress &) {};
    reporter.sample = [](const Sample &) {};
    reporter.note = [](const QString &) {};
    return reporter;
}

DeviceIdentity sample()
{
    return {7, 200, 42, 64 * kMiB, QStringLiteral("Loop device"), QStringLiteral("S1")};
}

} // namespace

class TestAdmissionLoop : public QObject
{
    Q_OBJECT

private slots:
    void comparesTheMedium_data();
    void comparesTheMedium();
    void admissionRefusesASwappedMedium_data();
    void admissionRefusesASwappedMedium();
    void theOpenedFdIsTheMediumProbed();
    void aDiagnosisRefusesAMediumSwappedAfterItsStart();
    void aDeviceInUseIsRefusedBeforeAnyJob_data();
    void aDeviceInUseIsRefusedBeforeAnyJob();
    void aProcessWritingTheDeviceIsNamed_data();
    void aProcessWritingTheDeviceIsNamed();
    void theCliOverridesAWriterOnlyWhenAsked();
    void aSiblingMountedInAnotherNamespaceIsSeen();

private:
    void requireLoops();
};

void TestAdmissionLoop::requireLoops()
{
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
}

void TestAdmissionLoop::comparesTheMedium_data()
{
    QTest::addColumn<DeviceIdentity>("now");
    QTest::addColumn<QString>("difference"); // empty: the same medium
    const auto changed = [](auto change) {
        DeviceIdentity other = sample();
        change(other);
        return other;
    };
    QTest::newRow("same") << sample() << QString();
    QTest::newRow("other disk sequence")
        << changed([](auto &i) { i.diskSeq = 43; }) << QStringLiteral("disk sequence 42, now 43");
    QTest::newRow("other size") << changed([](auto &i) { i.sizeBytes = 96 * kMiB; })
                                << QStringLiteral("67108864 bytes, now 100663296");
    QTest::newRow("other model") << changed([](auto &i) { i.model = QStringLiteral("Stick"); })
                                 << QStringLiteral("model");
    QTest::newRow("other serial") << changed([](auto &i) { i.serial = QStringLiteral("S2"); })
                                  << QStringLiteral("serial 'S1', now 'S2'");
    QTest::newRow("other number") << changed([](auto &i) { i.minor = 201; })
                                  << QStringLiteral("device 7:200, now 7:201");
    // A kernel before 5.15 has no disk sequence: size, model and serial still decide.
    QTest::newRow("no disk sequence now") << changed([](auto &i) { i.diskSeq = 0; }) << QString();
    QTest::newRow("no disk sequence, other size") << changed([](auto &i) {
        i.diskSeq = 0;
        i.sizeBytes = 96 * kMiB;
    }) << QStringLiteral("bytes");
}

void TestAdmissionLoop::comparesTheMedium()
{
    QFETCH(DeviceIdentity, now);
    QFETCH(QString, difference);
    const Error error = checkSameMedium(sample(), now, QStringLiteral("/dev/loop200"));
    QCOMPARE(error.isError(), !difference.isEmpty());
    if (error.isError()) {
        QCOMPARE(error.code, ErrorCode::NoSuchDevice);
        QVERIFY2(error.message.contains(difference), qPrintable(error.message));
        QVERIFY2(error.message.startsWith(QLatin1String("/dev/loop200 ")),
                 qPrintable(error.message));
    }
}

void TestAdmissionLoop::admissionRefusesASwappedMedium_data()
{
    QTest::addColumn<quint64>("secondBytes");
    QTest::addColumn<bool>("swap");
    QTest::newRow("not swapped") << 64 * kMiB << false;
    QTest::newRow("swapped for a larger medium") << 96 * kMiB << true;
    // Same number, same size, same (empty) model and serial: only the disk sequence tells.
    QTest::newRow("swapped for one of its size") << 64 * kMiB << true;
}

void TestAdmissionLoop::admissionRefusesASwappedMedium()
{
    requireLoops();
    QFETCH(quint64, secondBytes);
    QFETCH(bool, swap);
    SwappableLoop loop;
    QVERIFY2(loop.start(64 * kMiB, secondBytes), qPrintable(loop.errorString()));
    const Expected<BlockDevice> probed = DeviceProbe().probePath(loop.devicePath());
    QVERIFY2(probed, qPrintable(probed.error().message));
    if (probed->diskSeq == 0)
        qWarning("this kernel has no diskseq: size, model and serial alone tell media apart");
    const DeviceIdentity approved = identityOf(*probed);
    if (swap)
        QVERIFY2(loop.swap(), qPrintable(loop.errorString()));
    if (swap && secondBytes == 64 * kMiB && probed->diskSeq == 0)
        QSKIP("without diskseq a medium of the same size, model and serial is not told apart");

    AdmissionRules rules;
    rules.approved = approved;
    Expected<AdmittedDevice> admitted = admitForWriting(loop.devicePath(), rules);
    QCOMPARE(bool(admitted), !swap);
    if (swap) {
        QCOMPARE(admitted.error().code, ErrorCode::NoSuchDevice);
        QVERIFY2(admitted.error().message.contains(QLatin1String("another medium")),
                 qPrintable(admitted.error().message));
    } else {
        admitted->fd = UniqueFd(); // the sweep below needs the device exclusively
    }
    // The job a helper prepares after the prompt, held to the medium the prompt named.
    SweepPlan plan;
    plan.maxBytes = kMiB;
    plan.repeats = 1;
    const Expected<JobBody> body =
        prepareJob(plan, DeviceTarget{loop.devicePath(), false, approved});
    QCOMPARE(bool(body), !swap);
    if (swap)
        QCOMPARE(body.error().code, ErrorCode::NoSuchDevice);
    const qint64 secondBefore = loop.allocatedBytes(1);
    if (body) {
        const CancelToken cancel;
        (*body)(cancel, silent());
    }
    // Nothing of the second medium was discarded, whatever happened.
    QCOMPARE(loop.allocatedBytes(1), secondBefore);
    if (!swap)
        QVERIFY2(loop.allocatedBytes(0) < qint64(64 * kMiB),
                 "the sweep on the approved medium discarded nothing: the check above proves "
                 "nothing");
}

// Between the probe and the open: a medium of the same number and size, opened by name, is
// refused on the fd's own disk sequence (BLKGETDISKSEQ).
void TestAdmissionLoop::theOpenedFdIsTheMediumProbed()
{
    requireLoops();
    SwappableLoop loop;
    QVERIFY2(loop.start(64 * kMiB, 64 * kMiB), qPrintable(loop.errorString()));
    const Expected<BlockDevice> probed = DeviceProbe().probePath(loop.devicePath());
    QVERIFY2(probed, qPrintable(probed.error().message));
    if (probed->diskSeq == 0)
        QSKIP("this kernel has no diskseq (before 5.15)");
    QVERIFY(openExclusiveForWriting(*probed));
    QVERIFY2(loop.swap(), qPrintable(loop.errorString()));
    const Expected<UniqueFd> fd = openExclusiveForWriting(*probed);
    QVERIFY(!fd);
    QCOMPARE(fd.error().code, ErrorCode::NoSuchDevice);
    QVERIFY2(fd.error().message.contains(QStringLiteral("disk sequence %1").arg(probed->diskSeq)),
             qPrintable(fd.error().message));
}

// Each phase of a diagnosis opens the device by name again: one swapped after the diagnosis was
// admitted is refused by the next phase, and nothing of it is discarded.
void TestAdmissionLoop::aDiagnosisRefusesAMediumSwappedAfterItsStart()
{
    requireLoops();
    SwappableLoop loop;
    QVERIFY2(loop.start(64 * kMiB, 96 * kMiB), qPrintable(loop.errorString()));
    DiagnosePlan plan;
    plan.budgetSeconds = kMinDiagnoseBudgetSeconds;
    const Expected<JobBody> body = prepareJob(plan, DeviceTarget{loop.devicePath()});
    QVERIFY2(body, qPrintable(body.error().message));
    QVERIFY2(loop.swap(), qPrintable(loop.errorString()));
    const qint64 before = loop.allocatedBytes(1);
    const CancelToken cancel;
    const JobOutcome outcome = (*body)(cancel, silent());
    QCOMPARE(outcome.stopReason, StopReason::Failed);
    QCOMPARE(outcome.error.code, ErrorCode::NoSuchDevice);
    QVERIFY2(outcome.error.message.contains(QLatin1String("another medium")),
             qPrintable(outcome.error.message));
    QCOMPARE(loop.allocatedBytes(1), before);
}

void TestAdmissionLoop::aDeviceInUseIsRefusedBeforeAnyJob_data()
{
    QTest::addColumn<int>("kind"); // index into the plans below
    QTest::newRow("sweep") << 0;
    QTest::newRow("diagnose") << 1;
    QTest::newRow("background probe") << 2;
}

// A device another program holds exclusively is refused when the job is prepared, whatever its
// kind: the diagnosis no longer waits for its probe phase to find out (item 6).
void TestAdmissionLoop::aDeviceInUseIsRefusedBeforeAnyJob()
{
    requireLoops();
    QFETCH(int, kind);
    PlainLoop loop;
    QVERIFY2(loop.start(64 * kMiB), qPrintable(loop.errorString()));
    const int held =
        ::open(QFile::encodeName(loop.devicePath()).constData(), O_RDONLY | O_EXCL | O_CLOEXEC);
    QVERIFY(held >= 0);
    const auto release = qScopeGuard([held] { ::close(held); });
    DiagnosePlan diagnose;
    diagnose.budgetSeconds = kMinDiagnoseBudgetSeconds;
    const QList<JobPlan> plans{SweepPlan(), diagnose, probe::BackgroundProbeRequest()};
    const Expected<JobBody> body = prepareJob(plans.at(kind), DeviceTarget{loop.devicePath()});
    QVERIFY(!body);
    QCOMPARE(body.error().code, ErrorCode::DeviceInUse);
}

void TestAdmissionLoop::aProcessWritingTheDeviceIsNamed_data()
{
    QTest::addColumn<QString>("redirection"); // how the holder opens the device as fd 3
    QTest::addColumn<bool>("writes");
    QTest::newRow("read-write") << QStringLiteral("3<>") << true;
    QTest::newRow("write-only") << QStringLiteral("3>>") << true;
    QTest::newRow("read-only") << QStringLiteral("3<") << false;
}

// A virtual machine's disk, a database on a raw device: held open for writing without O_EXCL,
// which the kernel's exclusive open does not see. Refused, naming the process (item 5).
void TestAdmissionLoop::aProcessWritingTheDeviceIsNamed()
{
    requireLoops();
    QFETCH(QString, redirection);
    QFETCH(bool, writes);
    PlainLoop loop;
    QVERIFY2(loop.start(64 * kMiB), qPrintable(loop.errorString()));
    QProcess holder;
    holder.start(QStringLiteral("sh"),
                 {QStringLiteral("-c"),
                  QStringLiteral("exec %1%2 sleep 60").arg(redirection, loop.devicePath())});
    QVERIFY(holder.waitForStarted());
    const auto stop = qScopeGuard([&holder] {
        holder.kill();
        holder.waitForFinished();
    });
    // Until sh has exec'd sleep with the device open.
    QTRY_VERIFY_WITH_TIMEOUT(
        QFile::symLinkTarget(QStringLiteral("/proc/%1/fd/3").arg(holder.processId())) ==
            loop.devicePath(),
        5000);

    const Expected<BlockDevice> probed = DeviceProbe().probePath(loop.devicePath());
    QVERIFY(probed);
    QCOMPARE(probed->openForWriting.size(), writes ? 1 : 0);
    // The readers that act on no device (metrics, the history collector) do not walk every
    // process's open files: the same device, its writer not asked about.
    const Expected<BlockDevice> sysfsOnly = DeviceProbe::sysfsOnly().probePath(loop.devicePath());
    QVERIFY(sysfsOnly);
    QVERIFY(sysfsOnly->openForWriting.isEmpty());
    QCOMPARE(sysfsOnly->sizeBytes, probed->sizeBytes);
    Expected<AdmittedDevice> admitted = admitForWriting(loop.devicePath(), AdmissionRules());
    QCOMPARE(bool(admitted), !writes);
    if (writes) {
        QCOMPARE(admitted.error().code, ErrorCode::DeviceInUse);
        const QString message = admitted.error().message;
        QVERIFY2(message.contains(QStringLiteral("process %1 (sleep)").arg(holder.processId())),
                 qPrintable(message));
        // Knowingly overridden, it is admitted.
        AdmissionRules rules;
        rules.allowOpenWriters = true;
        QVERIFY(admitForWriting(loop.devicePath(), rules));
    }
}

// The CLI's flag, as root: refused without it (exit 2, the process named), run with it.
void TestAdmissionLoop::theCliOverridesAWriterOnlyWhenAsked()
{
    requireLoops();
    PlainLoop loop;
    QVERIFY2(loop.start(64 * kMiB), qPrintable(loop.errorString()));
    QProcess holder;
    holder.start(
        QStringLiteral("sh"),
        {QStringLiteral("-c"), QStringLiteral("exec 3<>%1 sleep 60").arg(loop.devicePath())});
    QVERIFY(holder.waitForStarted());
    const auto stop = qScopeGuard([&holder] {
        holder.kill();
        holder.waitForFinished();
    });
    QTRY_VERIFY_WITH_TIMEOUT(
        QFile::symLinkTarget(QStringLiteral("/proc/%1/fd/3").arg(holder.processId())) ==
            loop.devicePath(),
        5000);
    const QStringList sweep{
        QStringLiteral("sweep"), loop.devicePath(),          QStringLiteral("--destroy-data"),
        QStringLiteral("--min"), QStringLiteral("1M"),       QStringLiteral("--max"),
        QStringLiteral("1M"),    QStringLiteral("--repeat"), QStringLiteral("1")};
    const test::CliRun refused = test::runCli(sweep);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("(sleep)"), refused.err.constData());
    const test::CliRun run =
        test::runCli(sweep + QStringList{QStringLiteral("--allow-open-writers")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
}

// A sibling partition mounted only in another mount namespace is in none of our mountinfo; the
// kernel still refuses an exclusive open of it, and so the partition beside it is refused, and
// listed as not allowed (item 4).
void TestAdmissionLoop::aSiblingMountedInAnotherNamespaceIsSeen()
{
    if (const QString reason = PlainLoop::unavailableReason(true); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (test::findSystemProgram(QStringLiteral("unshare")).isEmpty() ||
        test::findSystemProgram(QStringLiteral("mkfs.ext4")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("unshare or mkfs.ext4 not found"));
    PlainLoop loop;
    QVERIFY2(loop.start(64 * kMiB, 2), qPrintable(loop.errorString()));
    const QString first = loop.partitionPath(1);
    const QString second = loop.partitionPath(2);
    QCOMPARE(test::runTool(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-E"),
                                                         QStringLiteral("nodiscard"), first}),
             0);
    // Before: nothing on the disk is in use.
    QVERIFY(examineForWriting(second, AdmissionRules()));

    QTemporaryDir mountPoint;
    QProcess other;
    other.setProcessChannelMode(QProcess::MergedChannels);
    other.start(test::findSystemProgram(QStringLiteral("unshare")),
                {QStringLiteral("-m"), QStringLiteral("--propagation"), QStringLiteral("private"),
                 QStringLiteral("sh"), QStringLiteral("-c"),
                 QStringLiteral("mount %1 %2 && echo mounted && exec sleep 60")
                     .arg(first, mountPoint.path())});
    const auto stop = qScopeGuard([&other] {
        other.kill(); // the namespace, and its mount, end with it
        other.waitForFinished();
    });
    QByteArray said;
    QTRY_VERIFY2_WITH_TIMEOUT((said += other.readAll()).contains("mounted"), said.constData(),
                              10000);

    const Expected<BlockDevice> probed = DeviceProbe().probePath(second);
    QVERIFY(probed);
    QVERIFY(probed->mounts.isEmpty());
    QVERIFY(!evaluateSafety(*probed).allowed()); // what `list` shows
    const Expected<BlockDevice> examined = examineForWriting(second, AdmissionRules());
    QVERIFY(!examined);
    QCOMPARE(examined.error().code, ErrorCode::DeviceInUse);
    QVERIFY2(examined.error().message.contains(first), qPrintable(examined.error().message));
    QVERIFY2(examined.error().message.contains(QLatin1String("another mount namespace")),
             qPrintable(examined.error().message));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestAdmissionLoop)
#include "tst_admissionloop.moc"
