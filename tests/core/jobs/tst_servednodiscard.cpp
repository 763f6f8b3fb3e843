#include "../../support/plainloop.h"
#include "../../support/privileged.h"
#include "device/deviceprobe.h"
#include "jobs/jobsupport.h"
#include "testmain.h"
#include "watch/discardwatch.h"

#include <QTest>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

using namespace trimscope;
using trimscope::test::PlainLoop;

namespace {

constexpr quint64 kMiB = 1024 * 1024;

// Looks at `device` as `trimscope-cli watch` does (a sighting of its attachment).
bool lookAt(const QString &device)
{
    const Expected<BlockDevice> disk = DeviceProbe::sysfsOnly().probePath(device);
    return disk && watch::readSinceBoot(*disk);
}

} // namespace

// The background probe's shortcut (issue 46, item 10): a drive that has served no discard since it
// appeared owes no TRIM work, so its first trial waits for quiet briefly. On a loop number used
// before, the kernel's counters hold the earlier attachment's discards: this attachment's own
// decide, where a look at the earlier one and the first at this one show nothing sent between.
class TestServedNoDiscard : public QObject
{
    Q_OBJECT
private slots:
    void aReattachedNumberIsJudgedOnItsOwnDiscards_data();
    void aReattachedNumberIsJudgedOnItsOwnDiscards();
};

void TestServedNoDiscard::aReattachedNumberIsJudgedOnItsOwnDiscards_data()
{
    QTest::addColumn<bool>("earlierSeen"); // the earlier attachment looked at after its discards
    QTest::addColumn<int>("sentNow");      // discards the new attachment sends
    QTest::addColumn<bool>("expected");
    QTest::newRow("earlier seen, none since") << true << 0 << true;
    QTest::newRow("earlier seen, one since") << true << 1 << false;
    QTest::newRow("earlier never seen") << false << 0 << false; // cannot tell: the worst
}

void TestServedNoDiscard::aReattachedNumberIsJudgedOnItsOwnDiscards()
{
    QFETCH(bool, earlierSeen);
    QFETCH(int, sentNow);
    QFETCH(bool, expected);
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    test::AttachedAfterAnother later;
    QVERIFY2(later.start(64 * kMiB,
                         [&](const PlainLoop &earlier) {
                             return test::sendDiscards(earlier.devicePath(), 5) &&
                                    (!earlierSeen || lookAt(earlier.devicePath()));
                         }),
             qPrintable(later.errorString()));
    const QString device = later.devicePath();
    QVERIFY(test::sendDiscards(device, sentNow));
    const Expected<BlockDevice> disk = DeviceProbe::sysfsOnly().probePath(device);
    QVERIFY(disk);
    // What the earlier attachment left is in the kernel's count (what the issue saw).
    QVERIFY(fsbench::readDiskStats(disk->name)->discardIos >= 5);
    QCOMPARE(servedNoDiscard(driveInfoFrom(*disk)), expected);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestServedNoDiscard)
#include "tst_servednodiscard.moc"
