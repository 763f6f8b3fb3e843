// A cancelled external tool inside a long device command (mkfs's whole-device discard; here
// blkdiscard on an emulated drive whose discard takes 8 s) is waited for until the drive has
// answered and the tool is gone: never left running on a device the next job may be given, and
// never a QProcess destroyed while its child still runs (issue 16, item 8).
#include "../support/qtry.h"
#include "emulateddrive.h"
#include "fsbench/externaltool.h"
#include "privileged.h"
#include "procstat.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <QThread>
#include <fcntl.h>
#include <unistd.h>

using namespace trimscope;
using trimscope::test::EmulatedDrive;

class TestStoppedChildren : public QObject
{
    Q_OBJECT

private slots:
    void aToolInsideADiscardIsWaitedFor();
};

namespace {

constexpr quint64 kMiB = quint64(1) << 20;

// Living processes named `name` whose parent is this process.
int childrenNamed(const QByteArray &name)
{
    int count = 0;
    const QString self = QString::number(::getpid());
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        const auto stat = trimscope::test::readProcStat(entry);
        if (!stat || stat->fields.size() < 2 || stat->field(3) == "Z")
            continue;
        if (stat->command == name && QString::fromLatin1(stat->field(4)) == self)
            ++count;
    }
    return count;
}

} // namespace

void TestStoppedChildren::aToolInsideADiscardIsWaitedFor()
{
    TRIMSCOPE_REQUIRE_EMULATED_DRIVE();
    const QString blkdiscard = fsbench::findSystemTool(QStringLiteral("blkdiscard"));
    if (blkdiscard.isEmpty())
        QFAIL("blkdiscard is not installed (package util-linux)");
    // 64 MiB at 125 ms per MiB: one whole-device discard keeps the drive 8 s.
    EmulatedDrive::Model model;
    model.perMibUs = 125000;
    EmulatedDrive drive;
    QVERIFY2(drive.start(64 * kMiB, model), qPrintable(drive.errorString()));
    const double modelSeconds = 8.0;

    QTest::failOnWarning(QRegularExpression(QStringLiteral("Destroyed while process")));
    CancelToken cancel;
    fsbench::ToolRun run;
    QThread *tool = QThread::create([&] {
        run = fsbench::runExternalTool(blkdiscard, {drive.devicePath()}, &cancel, 120000);
    });
    tool->start();
    QTRY_COMPARE_WITH_TIMEOUT(childrenNamed("blkdiscard"), 1, 10000);
    QThread::msleep(500); // inside the discard by now
    cancel.cancel();
    QVERIFY(tool->wait(60000));
    delete tool;

    QVERIFY(run.started);
    QVERIFY(run.cancelled);
    // Returned only once the drive had answered, and the tool is gone with it.
    QVERIFY2(run.seconds >= 0.9 * modelSeconds, qPrintable(QString::number(run.seconds)));
    QCOMPARE(childrenNamed("blkdiscard"), 0);
    const int fd = ::open(QFile::encodeName(drive.devicePath()).constData(),
                          O_RDWR | O_EXCL | O_CLOEXEC);
    QVERIFY2(fd >= 0, "the device is still held after the tool was stopped");
    ::close(fd);
    QCOMPARE(drive.stats().value(QStringLiteral("discard_bytes")), 64 * kMiB);
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestStoppedChildren)
#include "tst_stoppedchildren.moc"
