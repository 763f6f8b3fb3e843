// A run killed with SIGKILL (a crash, the OOM killer, kill -9 of the helper) leaves nothing
// behind: no fio writing on to the device (issue 16, item 1), no mount of the device in the
// system's mount table (item 13), no empty mount point either. trimscope-cli runs the real work
// as root on a plain loop device and is killed in the middle of it.
#include "clirun.h"
#include "device/procparsers.h"
#include "fsbench/privatemount.h"
#include "plainloop.h"
#include "privileged.h"
#include "procstat.h"
#include "recovery/fioprocess.h"
#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTest>
#include <QThread>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

using namespace trimscope;
using trimscope::test::PlainLoop;

namespace {

constexpr quint64 kMiB = quint64(1) << 20;

struct ProcessState
{
    qint64 parent = 0;
    QByteArray name;
    char state = 0;
};

// /proc/PID/stat: "pid (comm) state ppid ...", where comm may hold spaces and parentheses.
std::optional<ProcessState> processState(qint64 pid)
{
    const auto stat = test::readProcStat(pid);
    if (!stat || stat->fields.size() < 2)
        return std::nullopt;
    const QByteArray state = stat->field(3);
    return ProcessState{stat->field(4).toLongLong(), stat->command,
                        state.isEmpty() ? char(0) : state.at(0)};
}

// Every living process below `root` whose name is `name`.
QList<qint64> descendantsNamed(qint64 root, const QByteArray &name)
{
    QHash<qint64, ProcessState> all;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (ok) {
            if (const auto state = processState(pid))
                all.insert(pid, *state);
        }
    }
    QList<qint64> found;
    for (auto it = all.cbegin(); it != all.cend(); ++it) {
        for (qint64 up = it->parent; up > 1; up = all.value(up).parent) {
            if (up == root) {
                if (it->name == name && it->state != 'Z')
                    found.append(it.key());
                break;
            }
        }
    }
    return found;
}

// Gone, or a zombie nobody reaped yet: either way it does nothing any more.
bool isGone(qint64 pid)
{
    const auto state = processState(pid);
    return !state || state->state == 'Z' || state->state == 'X';
}

// Mount points of the device `majorMinor` in a mountinfo file.
QStringList mountsOf(const QString &mountInfoPath, const QString &majorMinor)
{
    QFile file(mountInfoPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList points;
    for (const MountInfoEntry &entry : parseMountInfo(QString::fromUtf8(file.readAll()))) {
        if (entry.majorMinor == majorMinor)
            points.append(entry.mountPoint);
    }
    return points;
}

// Mounts of the device as any thread of `pid` sees them (a run may keep its mounts in a mount
// namespace of its own, even one per thread).
QStringList mountsSeenBy(qint64 pid, const QString &majorMinor)
{
    QStringList points;
    const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        points += mountsOf(tasks.filePath(tid + QStringLiteral("/mountinfo")), majorMinor);
    return points;
}

void killAndReap(QProcess &process)
{
    ::kill(pid_t(process.processId()), SIGKILL);
    process.waitForFinished(5000);
}

} // namespace

class TestKilledRuns : public QObject
{
    Q_OBJECT

private slots:
    void fioDiesWithItsCaller();
    void fsbenchMountsVanishWithTheRun();
};

void TestKilledRuns::fioDiesWithItsCaller()
{
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (recovery::findFioProgram().isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("fio is not installed (package fio)"));
    PlainLoop loop;
    QVERIFY2(loop.start(256 * kMiB), qPrintable(loop.errorString()));

    QProcess cli;
    cli.start(test::cliPath(),
              {QStringLiteral("recovery"), loop.devicePath(), QStringLiteral("--destroy-data"),
               QStringLiteral("--preset"), QStringLiteral("smoke"),
               QStringLiteral("--random-seconds"), QStringLiteral("120"),
               QStringLiteral("--idle-seconds"), QStringLiteral("0")});
    QVERIFY(cli.waitForStarted());
    const qint64 cliPid = cli.processId();

    // Mid-run: the same fio has been writing for a second (not one between two jobs).
    QList<qint64> fio;
    const bool writing = test::waitUntil(
        60000,
        [&] {
            const QList<qint64> now = descendantsNamed(cliPid, "fio");
            if (now.isEmpty() || now != fio) {
                fio = now;
                return false;
            }
            const qint64 before = loop.sectorsWritten();
            QThread::msleep(1000);
            return descendantsNamed(cliPid, "fio") == fio && loop.sectorsWritten() > before;
        },
        20);
    if (!writing)
        killAndReap(cli);
    QVERIFY2(writing, cli.readAllStandardError().constData());

    killAndReap(cli);
    QElapsedTimer timer;
    timer.start();
    const bool fioGone = test::waitUntil(
        2000,
        [&] {
            return std::all_of(fio.cbegin(), fio.cend(), [](qint64 pid) { return isGone(pid); });
        },
        20);
    const qint64 goneMs = timer.elapsed();
    // Ours to clean up if the check fails: they are this test's grandchildren.
    for (const qint64 pid : std::as_const(fio)) {
        if (!isGone(pid))
            ::kill(pid_t(pid), SIGKILL);
    }
    QStringList pids;
    for (const qint64 pid : std::as_const(fio))
        pids << QString::number(pid);
    QVERIFY2(fioGone, qPrintable(QStringLiteral("fio (pid %1) still ran 2 s after its caller was "
                                                "killed")
                                     .arg(pids.join(QStringLiteral(", ")))));
    qInfo("fio (%lld process(es)) gone %lld ms after the kill", qlonglong(fio.size()),
          qlonglong(goneMs));

    // Nothing writes the device any more. (Writes fio had in flight complete right away.)
    QThread::msleep(200);
    const qint64 settled = loop.sectorsWritten();
    QThread::msleep(1000);
    QCOMPARE(loop.sectorsWritten(), settled);
}

void TestKilledRuns::fsbenchMountsVanishWithTheRun()
{
    if (const QString reason = PlainLoop::unavailableReason(); !reason.isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(reason);
    if (test::findSystemProgram(QStringLiteral("mkfs.ext4")).isEmpty())
        TRIMSCOPE_SKIP_OR_FAIL(QStringLiteral("mkfs.ext4 is not installed (package e2fsprogs)"));
    PlainLoop loop;
    QVERIFY2(loop.start(512 * kMiB), qPrintable(loop.errorString()));
    const QString majorMinor = loop.majorMinor();
    QVERIFY(!majorMinor.isEmpty());
    const QString hostMounts = QStringLiteral("/proc/self/mountinfo");

    // Enough files that the tree takes a while to write: the kill lands while it is mounted.
    QProcess cli;
    cli.start(test::cliPath(),
              {QStringLiteral("fsbench"), loop.devicePath(), QStringLiteral("--destroy-data"),
               QStringLiteral("--fs"), QStringLiteral("ext4"), QStringLiteral("--variants"),
               QStringLiteral("nodiscard"), QStringLiteral("--files"), QStringLiteral("200000"),
               QStringLiteral("--bytes"), QStringLiteral("200M")});
    QVERIFY(cli.waitForStarted());
    const qint64 cliPid = cli.processId();
    const bool mounted = test::waitUntil(
        60000,
        [&] {
            return !mountsSeenBy(cliPid, majorMinor).isEmpty() ||
                   !mountsOf(hostMounts, majorMinor).isEmpty();
        },
        20);
    if (!mounted)
        killAndReap(cli);
    QVERIFY2(mounted, cli.readAllStandardError().constData());
    QThread::msleep(300); // well into writing the tree
    killAndReap(cli);

    QElapsedTimer timer;
    timer.start();
    const bool vanished = test::waitUntil(
        5000, [&] { return mountsOf(hostMounts, majorMinor).isEmpty(); }, 20);
    const qint64 vanishedMs = timer.elapsed();
    const QStringList left = mountsOf(hostMounts, majorMinor);
    // Ours to clean up if the check fails: the mount of this test's own loop device.
    for (const QString &point : left) {
        test::runTool(test::findSystemProgram(QStringLiteral("umount")),
                      {QStringLiteral("-l"), point});
        QDir().rmdir(point);
    }
    QVERIFY2(vanished, qPrintable(QStringLiteral("%1 is still mounted at %2 after the run was "
                                                 "killed")
                                      .arg(loop.devicePath(), left.join(QStringLiteral(", ")))));
    qInfo("the mount was gone from the system's table %lld ms after the kill",
          qlonglong(vanishedMs));

    // Nor is it mounted in a namespace we cannot see: the kernel grants an exclusive open only
    // to a device nothing mounts.
    const bool free = test::waitUntil(
        5000,
        [&] {
            const int fd = ::open(QFile::encodeName(loop.devicePath()).constData(),
                                  O_RDONLY | O_EXCL | O_CLOEXEC);
            if (fd >= 0)
                ::close(fd);
            return fd >= 0;
        },
        20);
    QVERIFY2(free, "the device is still claimed (mounted somewhere) after the run was killed");
    // Nor its mount point: it was made on the tmpfs the run put over the root in its own mount
    // namespace, gone with it. (An empty point left in the root itself, as before, would stay
    // until a later run's cleanupStaleMounts(), and every test that counts mount points would
    // count it: removed here first.)
    const QDir root{QLatin1String(fsbench::kDefaultMountRoot)};
    const QStringList points =
        root.entryList({QStringLiteral("fsbench-mnt-%1-*").arg(cliPid)}, QDir::Dirs);
    for (const QString &name : points)
        root.rmdir(name);
    QVERIFY2(points.isEmpty(), qPrintable(QStringLiteral("the killed run left %1 in %2")
                                              .arg(points.join(QLatin1Char(' ')), root.path())));
}

TRIMSCOPE_TEST_GUILESS_MAIN(TestKilledRuns)
#include "tst_killedruns.moc"
