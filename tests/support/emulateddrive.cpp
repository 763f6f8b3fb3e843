#include "emulateddrive.h"

#include "mountedfs.h"
#include "systemtool.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <unistd.h>

#ifndef TRIMSCOPE_EMUDRIVE_BINARY
#error "TRIMSCOPE_EMUDRIVE_BINARY must name the built trimscope-emudrive"
#endif

namespace trimscope::test {

namespace {

constexpr quint64 kMiB = quint64(1) << 20;
constexpr int kEmulatedDriveTimeoutMs = 10000;
// The loop driver releases disk.img within milliseconds of the last close; longer means another
// process still holds the device (autoclear then detaches it when that one closes), and the
// unmount below falls back to a lazy one as before.
constexpr int kLoopReleaseMs = 2000;

} // namespace

EmulatedDrive::EmulatedDrive() = default;

EmulatedDrive::~EmulatedDrive()
{
    stop();
}

QString EmulatedDrive::unavailableReason()
{
    if (::geteuid() != 0)
        return QStringLiteral("needs root (loop devices and FUSE mounts)");
    if (!QFileInfo::exists(QStringLiteral("/dev/fuse")))
        return QStringLiteral("/dev/fuse is missing");
    if (!QFileInfo::exists(QStringLiteral("/dev/loop-control")))
        return QStringLiteral("/dev/loop-control is missing (no loop driver)");
    if (findSystemProgram(QStringLiteral("losetup")).isEmpty())
        return QStringLiteral("losetup not found");
    if (findSystemProgram(QStringLiteral("fusermount3")).isEmpty())
        return QStringLiteral("fusermount3 not found (package fuse3)");
    if (!QFileInfo(QStringLiteral(TRIMSCOPE_EMUDRIVE_BINARY)).isExecutable())
        return QStringLiteral("%1 not built").arg(QStringLiteral(TRIMSCOPE_EMUDRIVE_BINARY));
    return {};
}

bool EmulatedDrive::fail(const QString &message)
{
    m_error = message;
    qWarning("EmulatedDrive: %s", qPrintable(message));
    stop();
    m_error = message; // stop() must not hide why we failed
    return false;
}

bool EmulatedDrive::start(quint64 sizeBytes, Model model, quint64 granularity)
{
    stop();
    m_error.clear();
    if (const QString reason = unavailableReason(); !reason.isEmpty())
        return fail(reason);

    m_size = sizeBytes;
    m_granularity = granularity;
    m_model = model;
    // The backing file lives on tmpfs where there is one: on the root disk, its hole punches and
    // flushes cost 0.3-5 ms at random (the root file system here is mounted with discard), noise
    // as large as the latencies we model.
    const QString base = QFileInfo(QStringLiteral("/dev/shm")).isWritable()
                             ? QStringLiteral("/dev/shm")
                             : QDir::tempPath();
    m_dir = std::make_unique<QTemporaryDir>(base + QStringLiteral("/trimscope-emudrive-XXXXXX"));
    if (!m_dir->isValid())
        return fail(
            QStringLiteral("cannot create a temporary directory: %1").arg(m_dir->errorString()));
    const QString backingDir = m_dir->filePath(QStringLiteral("backing"));
    m_mountPoint = m_dir->filePath(QStringLiteral("mnt"));
    if (!QDir().mkpath(backingDir) || !QDir().mkpath(m_mountPoint))
        return fail(QStringLiteral("cannot create %1").arg(m_dir->path()));

    m_daemon = std::make_unique<QProcess>();
    m_daemon->setProcessChannelMode(QProcess::ForwardedChannels);
    // If the test dies without stop(), the daemon goes too instead of serving a stale mount.
    m_daemon->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    QStringList arguments{QStringLiteral("-f"), QStringLiteral("--size=%1").arg(sizeBytes),
                          QStringLiteral("--granularity=%1").arg(granularity)};
    for (const QString &word : modelWords(model))
        arguments << QStringLiteral("--") + word;
    arguments << backingDir << m_mountPoint;
    m_daemon->start(QStringLiteral(TRIMSCOPE_EMUDRIVE_BINARY), arguments);
    if (!m_daemon->waitForStarted(kEmulatedDriveTimeoutMs))
        return fail(QStringLiteral("cannot start %1: %2")
                        .arg(QStringLiteral(TRIMSCOPE_EMUDRIVE_BINARY), m_daemon->errorString()));
    if (!waitForMount(kEmulatedDriveTimeoutMs))
        return fail(m_error);
    m_mounted = true;
    if (!attachLoop())
        return fail(m_error);
    return true;
}

bool EmulatedDrive::waitForMount(int timeoutMs)
{
    const QString stats = m_mountPoint + QStringLiteral("/stats");
    QElapsedTimer timer;
    timer.start();
    // The mount point is an empty directory until the FUSE file system is mounted over it.
    // waitForFinished() doubles as the poll interval and is what notices an early exit: without
    // an event loop, QProcess::state() would never change.
    while (!QFileInfo::exists(stats)) {
        if (m_daemon->waitForFinished(10)) {
            m_error = QStringLiteral("trimscope-emudrive exited with code %1 before mounting")
                          .arg(m_daemon->exitCode());
            return false;
        }
        if (timer.elapsed() > timeoutMs) {
            m_error =
                QStringLiteral("trimscope-emudrive did not mount within %1 ms").arg(timeoutMs);
            return false;
        }
    }
    return true;
}

bool EmulatedDrive::attachLoop()
{
    const QString image = m_mountPoint + QStringLiteral("/disk.img");
    QString error;
    m_device = attachLoopDevice(image, {QStringLiteral("--direct-io=off")}, &error);
    if (m_device.isEmpty()) {
        m_error = QStringLiteral("losetup failed: %1").arg(error);
        return false;
    }

    // Without udev the node comes from devtmpfs, and sysfs may lag the ioctl a little.
    const QString queue = QStringLiteral("/sys/block/%1/queue/").arg(sysName());
    const bool ready = waitUntil(kEmulatedDriveTimeoutMs, [&] {
        return QFileInfo::exists(m_device) &&
               readSysfs(queue + QStringLiteral("discard_granularity")).toULongLong() > 0;
    });
    if (!ready) {
        m_error = QStringLiteral("%1 did not get discard support").arg(m_device);
        return false;
    }
    m_discardMaxBytes = readSysfs(queue + QStringLiteral("discard_max_bytes")).toULongLong();

    // Held with autoclear: when this process goes, however it goes, the kernel detaches the
    // device and the daemon's parent-death signal then takes the mount down.
    m_holdFd = holdLoopDevice(m_device, &m_error);
    if (m_holdFd < 0)
        return false;
    return true;
}

namespace {

// The mount namespace of a thread or process ("/proc/thread-self", "/proc/PID"), or empty.
QString mountNamespaceOf(const QString &proc)
{
    return QFileInfo(proc + QStringLiteral("/ns/mnt")).symLinkTarget();
}

} // namespace

bool EmulatedDrive::unmount()
{
    const QString fusermount = QStringLiteral("fusermount3");
    // Normally the first try: stop() waited until the loop driver let go of disk.img.
    for (int attempt = 0; attempt < 20; ++attempt) {
        if (runSystemTool(fusermount, {QStringLiteral("-u"), m_mountPoint}, kEmulatedDriveTimeoutMs)
                .ok)
            return true;
        QThread::msleep(50);
    }
    qWarning("EmulatedDrive: %s is busy, unmounting lazily", qPrintable(m_mountPoint));
    return runSystemTool(fusermount, {QStringLiteral("-u"), QStringLiteral("-z"), m_mountPoint},
                         kEmulatedDriveTimeoutMs)
        .ok;
}

void EmulatedDrive::stop()
{
    // The loop driver drops disk.img when the device is detached, asynchronously: until the
    // sysfs directory of the binding goes, an unmount fails with EBUSY. Polled here (no process
    // started), not by trying fusermount3 again and again (a fork and exec each, 0.1-0.3 s under
    // load).
    const QString binding = QStringLiteral("/sys/block/%1/loop").arg(sysName());
    const bool attached = !m_device.isEmpty();
    detachLoopDevice(m_device, m_holdFd);
    if (attached && !waitUntil(
                        kLoopReleaseMs, [&] { return !QFileInfo::exists(binding); }, 2))
        qWarning("EmulatedDrive: %s still holds its backing file", qPrintable(m_device));
    m_device.clear();
    m_holdFd = -1;
    // A test that entered a mount namespace of its own after start() (core/fsbench does, per
    // thread) unmounts only its copy: the daemon's mount stays, and the daemon with it, until
    // a signal (3 s here, every time: tst_fsbench_emulated's first delete row). On SIGTERM the
    // daemon unmounts where its mount is; our copy, dead then, is unmounted below.
    const bool daemonRunning = m_daemon && m_daemon->state() != QProcess::NotRunning;
    const bool sameNamespace =
        daemonRunning &&
        mountNamespaceOf(QStringLiteral("/proc/thread-self")) ==
            mountNamespaceOf(QStringLiteral("/proc/%1").arg(m_daemon->processId()));
    if (m_mounted && (sameNamespace || !daemonRunning) && !unmount())
        qWarning("EmulatedDrive: could not unmount %s", qPrintable(m_mountPoint));
    if (m_daemon) {
        // After our unmount the daemon leaves by itself; a signal is the fallback, and the way
        // when its mount is in another namespace.
        if (daemonRunning && !sameNamespace)
            m_daemon->terminate();
        if (m_daemon->state() != QProcess::NotRunning && !m_daemon->waitForFinished(3000)) {
            m_daemon->terminate();
            if (!m_daemon->waitForFinished(2000)) {
                m_daemon->kill();
                m_daemon->waitForFinished(2000);
            }
        }
        m_daemon.reset();
    }
    // Our copy of a mount the daemon took down in its namespace: gone with it only where ours
    // receives its mount events (a slave of a shared mount); here "/" is private (no systemd),
    // and nothing else would remove the dead copy, nor could the mount point's directory go.
    if (m_mounted && !m_mountPoint.isEmpty() && isMounted(m_mountPoint) && !unmount())
        qWarning("EmulatedDrive: could not unmount %s", qPrintable(m_mountPoint));
    m_mounted = false;
    m_dir.reset();
    m_mountPoint.clear();
    m_discardMaxBytes = 0;
}

qint64 EmulatedDrive::daemonPid() const
{
    return m_daemon ? m_daemon->processId() : 0;
}

QString EmulatedDrive::sysName() const
{
    return m_device.startsWith(QLatin1String("/dev/")) ? m_device.mid(5) : QString();
}

QMap<QString, quint64> EmulatedDrive::stats() const
{
    QMap<QString, quint64> values;
    if (!m_mounted)
        return values;
    QFile file(m_mountPoint + QStringLiteral("/stats"));
    if (!file.open(QIODevice::ReadOnly))
        return values;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        bool ok = false;
        if (fields.size() == 2) {
            const quint64 value = fields[1].toULongLong(&ok);
            if (ok)
                values.insert(QString::fromLatin1(fields[0]), value);
        }
    }
    return values;
}

bool EmulatedDrive::control(const QString &command)
{
    if (!m_mounted) {
        m_error = QStringLiteral("drive not running");
        return false;
    }
    // One write(2) per command: the daemon treats each write as one whole command.
    const QByteArray path = QFile::encodeName(m_mountPoint + QStringLiteral("/control"));
    const QByteArray bytes = command.toUtf8();
    const int fd = ::open(path.constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        m_error = QStringLiteral("open control: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    const ssize_t written = ::write(fd, bytes.constData(), size_t(bytes.size()));
    const int err = errno;
    ::close(fd);
    if (written != ssize_t(bytes.size())) {
        m_error = QStringLiteral("control '%1': %2")
                      .arg(command, QString::fromLocal8Bit(strerror(written < 0 ? err : EIO)));
        return false;
    }
    return true;
}

QStringList EmulatedDrive::modelWords(const Model &model)
{
    const auto word = [](const char *key, auto value) {
        return QStringLiteral("%1=%2").arg(QLatin1String(key)).arg(value);
    };
    const auto flag = [](const char *key, bool value) {
        return QStringLiteral("%1=%2").arg(QLatin1String(key), value ? u"1" : u"0");
    };
    const QString mode = model.deferred  ? QStringLiteral("deferred")
                         : model.lowFree ? QStringLiteral("lowfree")
                                         : QStringLiteral("fixed");
    const QString blocking = model.blocking == Blocking::Queued  ? QStringLiteral("queued")
                             : model.blocking == Blocking::Fixed ? QStringLiteral("fixed")
                                                                 : QStringLiteral("serial");
    return {QStringLiteral("mode=") + mode,
            word("cmd_us", model.cmdUs),
            word("per_mib_us", model.perMibUs),
            word("small_below", model.smallBelow),
            word("small_extra_us", model.smallExtraUs),
            word("defer_us_per_mib", model.deferUsPerMib),
            word("write_extra_us", model.writeExtraUs),
            word("free_below", model.freeBelow),
            word("lowfree_us_per_mib", model.lowFreeUsPerMib),
            word("write_us_per_mib", model.writeUsPerMib),
            word("read_us", model.readUs),
            word("write_us", model.writeUs),
            QStringLiteral("blocking=") + blocking,
            word("block_us", model.blockUs),
            word("jitter_pct", model.jitterPct),
            word("pause_ppm", model.pausePpm),
            word("pause_us", model.pauseUs),
            word("seed", model.seed),
            flag("noise_writes", model.noiseWrites),
            flag("noise_reads", model.noiseReads),
            flag("empty_free", model.emptyFree)};
}

bool EmulatedDrive::setModel(Model model)
{
    const bool ok = control(QStringLiteral("model ") + modelWords(model).join(u' '));
    if (ok)
        m_model = model;
    return ok;
}

QList<EmulatedDrive::LogEntry> EmulatedDrive::requestLog(char kind) const
{
    QList<LogEntry> entries;
    if (!m_mounted)
        return entries;
    QFile file(m_mountPoint + QStringLiteral("/log"));
    if (!file.open(QIODevice::ReadOnly))
        return entries;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> f = line.split(' ');
        if (f.size() != 8 || f[0].size() != 1 || (kind && f[0][0] != kind))
            continue;
        LogEntry e;
        e.kind = f[0][0];
        e.seq = f[1].toULongLong();
        e.startUs = f[2].toULongLong();
        e.offset = f[3].toULongLong();
        e.bytes = f[4].toULongLong();
        e.costUs = f[5].toULongLong();
        e.waitUs = f[6].toULongLong();
        e.pause = f[7] == "1";
        entries.append(e);
    }
    return entries;
}

double EmulatedDrive::servedSpanSeconds(const QList<LogEntry> &entries)
{
    if (entries.isEmpty())
        return 0;
    quint64 first = entries.constFirst().startUs;
    quint64 end = 0;
    for (const LogEntry &e : entries) {
        first = qMin(first, e.startUs);
        end = qMax(end, e.startUs + e.costUs);
    }
    return double(end - first) / 1e6;
}

double EmulatedDrive::modelSeconds(quint64 bytes) const
{
    const auto pieceUs = [this](quint64 piece) {
        double us = double(m_model.cmdUs) + double(m_model.perMibUs) * double(piece) / double(kMiB);
        if (piece < m_model.smallBelow)
            us += double(m_model.smallExtraUs);
        return us;
    };
    quint64 maxPiece = m_discardMaxBytes - m_discardMaxBytes % std::max<quint64>(m_granularity, 1);
    if (maxPiece == 0)
        maxPiece = std::max<quint64>(bytes, 1);
    double us = 0;
    for (quint64 remaining = bytes; remaining > 0;) {
        const quint64 piece = std::min(remaining, maxPiece);
        us += pieceUs(piece);
        remaining -= piece;
    }
    return us / 1e6;
}

// ---- OwnLoopQueue -----------------------------------------------------------------------------

namespace {

// Where the cgroup v1 blkio hierarchy is mounted, or empty (cgroup v2 only, or none).
QString blkioMount()
{
    QFile file(QStringLiteral("/proc/self/mountinfo"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &line : lines) {
        // ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS
        const QList<QByteArray> f = line.split(' ');
        const qsizetype dash = f.indexOf("-");
        if (dash < 5 || f.size() < dash + 4 || f[dash + 1] != "cgroup")
            continue;
        if (f[dash + 3].split(',').contains("blkio") && f[3] == "/")
            return QString::fromUtf8(f[4]);
    }
    return {};
}

// The blkio cgroup of thread tid, relative to the hierarchy's root ("/" or "/a/b").
QString blkioCgroupOf(long tid)
{
    QFile file(QStringLiteral("/proc/self/task/%1/cgroup").arg(tid));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> f = line.split(':'); // ID:CONTROLLERS:PATH
        if (f.size() >= 3 && f[1].split(',').contains("blkio"))
            return QString::fromUtf8(line.mid(f[0].size() + f[1].size() + 2));
    }
    return {};
}

// Leaves errno set on failure (ESRCH: the thread has exited).
bool writeTid(const QString &tasksFile, long tid)
{
    const int fd = ::open(QFile::encodeName(tasksFile).constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const QByteArray text = QByteArray::number(qlonglong(tid));
    const bool ok = ::write(fd, text.constData(), size_t(text.size())) == ssize_t(text.size());
    const int err = errno;
    ::close(fd);
    errno = err;
    return ok;
}

constexpr QLatin1StringView kQueuePrefix("trimscope-loopq-");

// Directories of processes that died holding an OwnLoopQueue (a SIGKILLed test): empty by now.
void removeStaleQueues(const QString &parent)
{
    const QStringList names = QDir(parent).entryList({kQueuePrefix + QLatin1Char('*')},
                                                     QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        const qlonglong pid = name.mid(kQueuePrefix.size()).section(u'-', 0, 0).toLongLong();
        if (pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
            QDir(parent).rmdir(name);
    }
}

} // namespace

QString EmulatedDrive::OwnLoopQueue::unavailableReason()
{
    if (::geteuid() != 0)
        return QStringLiteral("needs root (moving a thread between block cgroups)");
    const QString mount = blkioMount();
    if (mount.isEmpty())
        return QStringLiteral("no cgroup v1 blkio hierarchy: cgroup v2's io controller moves "
                              "whole processes, not one thread, into a block cgroup");
    if (blkioCgroupOf(long(::gettid())).isNull())
        return QStringLiteral("this thread's blkio cgroup is unknown");
    return {};
}

EmulatedDrive::OwnLoopQueue::OwnLoopQueue()
{
    if (const QString reason = unavailableReason(); !reason.isEmpty()) {
        m_error = reason;
        return;
    }
    m_tid = long(::gettid());
    const QString home = blkioMount() + blkioCgroupOf(m_tid);
    removeStaleQueues(home);
    const QString dir = QStringLiteral("%1/%2%3-%4")
                            .arg(home, kQueuePrefix)
                            .arg(qlonglong(::getpid()))
                            .arg(qlonglong(m_tid));
    if (!QDir().mkdir(dir)) {
        m_error = QStringLiteral("cannot create the block cgroup %1").arg(dir);
        return;
    }
    if (!writeTid(dir + QStringLiteral("/tasks"), m_tid)) {
        m_error = QStringLiteral("cannot move thread %1 into %2: %3")
                      .arg(m_tid)
                      .arg(dir, QString::fromLocal8Bit(strerror(errno)));
        QDir().rmdir(dir);
        return;
    }
    m_dir = dir;
    m_homeTasks = home + QStringLiteral("/tasks");
}

EmulatedDrive::OwnLoopQueue::~OwnLoopQueue()
{
    if (m_dir.isEmpty())
        return;
    // A thread that has exited cannot be moved back, and leaves the cgroup empty anyway.
    if (!writeTid(m_homeTasks, m_tid) && errno != ESRCH)
        qWarning("EmulatedDrive: cannot move thread %ld back: %s", m_tid, strerror(errno));
    if (!QDir().rmdir(m_dir))
        qWarning("EmulatedDrive: cannot remove %s", qPrintable(m_dir));
}

} // namespace trimscope::test
