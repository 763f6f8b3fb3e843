// Issue 46, item 7: a filesystem mounted from a loop device over a file (here a file in
// /dev/shm, as the emulated drives' files sit on FUSE: on no block device) is on one drive for
// every part: watch counts the loop device's discards for it, the audit keeps it (before, its
// stack ended at no disk and the audit left it out), the advice finds it on the measured loop
// device and offers its fstab line, and apply plans that fix against the same target (refusing
// it only for what it is: no line in /etc/fstab mounts it).
#include "advice/advice.h"
#include "apply/planner.h"
#include "audit/systemsnapshot.h"
#include "clirun.h"
#include "device/deviceprobe.h"
#include "measuredsweep.h"
#include "plainloop.h"
#include "privileged.h"
#include "testmain.h"

#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace trimscope;
using trimscope::test::PlainLoop;
using trimscope::test::runTool;

class TestLoopDrive : public QObject
{
    Q_OBJECT
private slots:
    void oneDriveForWatchAuditAdviceAndApply_data();
    void oneDriveForWatchAuditAdviceAndApply();
};

void TestLoopDrive::oneDriveForWatchAuditAdviceAndApply_data()
{
    QTest::addColumn<bool>("discard");
    QTest::addColumn<QString>("profile"); // the verdict measured on the loop device
    QTest::addColumn<QString>("fixPrefix");
    QTest::newRow("with discard, a slow drive: discard off") << true << "ocz-agility3"
                                                             << "fstab-remove-discard:";
    QTest::newRow("without, a fast drive: discard on") << false << "corsair-performance-pro"
                                                       << "fstab-add-discard:";
}

void TestLoopDrive::oneDriveForWatchAuditAdviceAndApply()
{
    QFETCH(bool, discard);
    QFETCH(QString, profile);
    QFETCH(QString, fixPrefix);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    PlainLoop loop;
    QVERIFY2(loop.start(quint64(64) << 20), qPrintable(loop.errorString()));
    QCOMPARE(runTool(QStringLiteral("mkfs.ext4"), {QStringLiteral("-q"), QStringLiteral("-E"),
                                                   QStringLiteral("nodiscard"), loop.devicePath()}),
             0);
    QTemporaryDir mountPoint;
    QVERIFY(mountPoint.isValid());
    const QString mnt = mountPoint.path();
    QCOMPARE(runTool(QStringLiteral("mount"),
                     {QStringLiteral("-o"),
                      discard ? QStringLiteral("discard") : QStringLiteral("nodiscard"),
                      loop.devicePath(), mnt}),
             0);
    const auto unmount = qScopeGuard([&] { runTool(QStringLiteral("umount"), {mnt}); });

    // watch's view: the loop device's own mounts.
    const Expected<BlockDevice> device = DeviceProbe().probeName(loop.sysName());
    QVERIFY(device);
    QVERIFY(std::any_of(device->mounts.cbegin(), device->mounts.cend(),
                        [&](const DeviceMount &m) { return m.mountPoint == mnt; }));

    // The audit's: the filesystem is a target, its stack ends at the loop device.
    const audit::SystemSnapshot snapshot = audit::SystemSnapshot::capture();
    const audit::AuditReport report = audit::runAudit(snapshot);
    const auto target = std::find_if(report.targets.cbegin(), report.targets.cend(),
                                     [&](const audit::AuditTarget &t) { return t.subject == mnt; });
    QVERIFY2(target != report.targets.cend(), qPrintable(mnt + " left out of the audit"));
    const auto bottoms = target->stack.bottoms();
    QCOMPARE(bottoms.size(), 1);
    QCOMPARE(bottoms.first()->name, loop.sysName());

    // The advice's, for a verdict measured on that loop device.
    advice::AdviceInput input;
    input.audit = report;
    input.sweeps.append(test::sweepMeasuredOn(profile, loop.sysName()));
    const advice::Advice advice = advice::adviseTrim(input);
    QVERIFY(advice.configuration.driveInAudit);
    QVERIFY(advice.configuration.subjects.contains(mnt));
    const QString fixId = fixPrefix + mnt;
    const auto fix = std::find_if(advice.fixes.cbegin(), advice.fixes.cend(),
                                  [&](const advice::Fix &f) { return f.id == fixId; });
    QVERIFY2(fix != advice.fixes.cend(), qPrintable(fixId));
    QCOMPARE(fix->scope, advice::FixScope::ThisComputer);

    // apply's: the same target; what stops it is the missing fstab line, said so.
    const Expected<apply::ApplyPlan> plan =
        apply::planFix(fixId, apply::applyInputFrom(advice, snapshot, false));
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.contains(QLatin1String("No line in /etc/fstab mounts")),
             qPrintable(plan.error().message));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestLoopDrive)
#include "tst_loopdrive.moc"
