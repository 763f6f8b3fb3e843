// The background-TRIM probe on real block devices: an emulated drive in "deferred" mode (TRIM
// answers at once, later writes pay for it) must be flagged, a plain one must not.
#include "emulateddrive.h"
#include "privileged.h"
#include "probe/backgroundprobe.h"

#include <QFile>
#include <QFileInfo>
#include <QTest>
#include <fcntl.h>
#include <unistd.h>

using namespace trimscope;
using namespace trimscope::probe;
using trimscope::test::EmulatedDrive;

class TestBackgroundProbeEmulated : public QObject
{
    Q_OBJECT

private slots:
    void flagsADeferringDrive();
    void doesNotFlagAPlainDrive();
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
    // the test's 3 minutes once in CI).
    p.idleQuietSeconds = 2;
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

QTEST_GUILESS_MAIN(TestBackgroundProbeEmulated)
#include "tst_backgroundprobe_emulated.moc"
