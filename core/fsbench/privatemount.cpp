#include "privatemount.h"

#include "device/procparsers.h"
#include "externaltool.h"

#include <QDir>
#include <QFile>
#include <QThread>
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trimscope::fsbench {

namespace {

constexpr int kMountTimeoutMs = 60000;
constexpr int kUnmountAttempts = 5;
constexpr int kUnmountRetryMs = 200;

QString cleanRoot(const QString &root)
{
    return QDir::cleanPath(root);
}

bool isOurDirectoryName(const QString &name)
{
    return name.startsWith(QLatin1String(kMountDirPrefix)) &&
           name.size() > qsizetype(std::strlen(kMountDirPrefix)) &&
           !name.contains(QLatin1Char('/'));
}

// The calling thread's mount table: /proc/self names the main thread's, and a thread in a
// private mount namespace has its own.
const QString kOwnMountInfo = QStringLiteral("/proc/thread-self/mountinfo");

bool isMountedNow(const QString &path)
{
    QFile file(kOwnMountInfo);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QList<MountInfoEntry> lines = parseMountInfo(QString::fromUtf8(file.readAll()));
    return std::any_of(lines.cbegin(), lines.cend(),
                       [&](const MountInfoEntry &line) { return line.mountPoint == path; });
}

// umount, retried while busy (a just-closed file may still be held for a moment), then lazily
// so nothing of ours stays visible even if something still holds it.
Error unmountPath(const QString &path, double *seconds)
{
    const QString umount = findSystemTool(QStringLiteral("umount"));
    if (umount.isEmpty())
        return {ErrorCode::Unsupported, QStringLiteral("umount is not installed")};
    ToolRun run;
    for (int attempt = 0; attempt < kUnmountAttempts; ++attempt) {
        run = runExternalTool(umount, {path}, nullptr, kMountTimeoutMs);
        if (run.succeeded()) {
            if (seconds)
                *seconds = run.seconds;
            return {};
        }
        if (!isMountedNow(path))
            return {};
        QThread::msleep(kUnmountRetryMs);
    }
    const ToolRun lazy =
        runExternalTool(umount, {QStringLiteral("-l"), path}, nullptr, kMountTimeoutMs);
    if (lazy.succeeded())
        return {ErrorCode::DeviceBusy,
                QStringLiteral("%1 was busy and was detached lazily").arg(path)};
    return {ErrorCode::IoError, run.failureMessage()};
}

bool ownerIsGone(const QString &path)
{
    const qint64 pid = mountOwnerPid(path);
    if (pid <= 0)
        return true; // not named by a run of ours that could still be alive
    if (pid == ::getpid())
        return false;
    return ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
}

} // namespace

qint64 mountOwnerPid(const QString &mountPoint)
{
    const QString name = mountPoint.section(QLatin1Char('/'), -1);
    if (!name.startsWith(QLatin1String(kMountDirPrefix)))
        return 0;
    const QString rest = name.mid(qsizetype(std::strlen(kMountDirPrefix)));
    const qsizetype dash = rest.indexOf(QLatin1Char('-'));
    if (dash <= 0)
        return 0;
    bool ok = false;
    const qint64 pid = rest.left(dash).toLongLong(&ok);
    return ok && pid > 0 ? pid : 0;
}

QStringList ourMountPoints(const QByteArray &mountInfo, const QString &root)
{
    const QString prefix = cleanRoot(root) + QLatin1Char('/');
    QStringList points;
    for (const MountInfoEntry &line : parseMountInfo(QString::fromUtf8(mountInfo))) {
        if (!line.mountPoint.startsWith(prefix))
            continue;
        const QString rest = line.mountPoint.mid(prefix.size());
        if (isOurDirectoryName(rest) && !points.contains(line.mountPoint))
            points.append(line.mountPoint);
    }
    // The same point mounted twice appears once; unmounting it repeatedly takes both off.
    return points;
}

Error ensurePrivateRoot(const QString &root)
{
    const QString path = cleanRoot(root);
    if (!QDir::isAbsolutePath(path))
        return {ErrorCode::InvalidArgument,
                QStringLiteral("the mount root %1 is not an absolute path").arg(root)};
    const QByteArray native = QFile::encodeName(path);
    if (::mkdir(native.constData(), 0700) != 0 && errno != EEXIST)
        return {ErrorCode::IoError, QStringLiteral("cannot create %1: %2")
                                        .arg(path, QString::fromLocal8Bit(std::strerror(errno)))};
    struct stat info = {};
    if (::lstat(native.constData(), &info) != 0 || !S_ISDIR(info.st_mode) ||
        info.st_uid != ::geteuid() || (info.st_mode & 0077) != 0)
        return {ErrorCode::PermissionDenied,
                QStringLiteral("%1 must be a directory only we can enter (0700, not a symlink)")
                    .arg(path)};
    return {};
}

StaleMountCleanup cleanupStaleMounts(const QString &root)
{
    StaleMountCleanup report;
    const QString base = cleanRoot(root);
    QFile file(kOwnMountInfo);
    if (file.open(QIODevice::ReadOnly)) {
        for (const QString &point : ourMountPoints(file.readAll(), base)) {
            if (!ownerIsGone(point))
                continue;
            // Stacked mounts on one point: take them off one by one.
            while (isMountedNow(point)) {
                if (const Error error = unmountPath(point, nullptr);
                    error.isError() && error.code != ErrorCode::DeviceBusy) {
                    report.failures.append(error.message);
                    break;
                }
                if (!report.unmounted.contains(point))
                    report.unmounted.append(point);
            }
        }
    } else {
        report.failures.append(QStringLiteral("cannot read %1").arg(kOwnMountInfo));
    }
    const QDir dir(base);
    const QStringList entries =
        dir.entryList({QLatin1String(kMountDirPrefix) + QLatin1Char('*')},
                      QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden | QDir::NoSymLinks);
    for (const QString &name : entries) {
        const QString path = dir.filePath(name);
        if (!ownerIsGone(path) || isMountedNow(path))
            continue; // failed above; never rmdir a mounted point
        if (::rmdir(QFile::encodeName(path).constData()) == 0)
            report.removedDirectories.append(path);
        else
            report.failures.append(QStringLiteral("cannot remove %1: %2")
                                       .arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    }
    return report;
}

Error enterPrivateMountNamespace()
{
    // Per thread: the mount namespace belongs to the thread, not the process (unshare of
    // CLONE_NEWNS is allowed in a threaded process; it unshares the thread's filesystem context).
    thread_local bool entered = false;
    if (entered)
        return {};
    if (::unshare(CLONE_NEWNS) != 0)
        return {ErrorCode::PermissionDenied,
                QStringLiteral("cannot make a private mount namespace: %1")
                    .arg(QString::fromLocal8Bit(std::strerror(errno)))};
    // Without this, a mount under a shared "/" (systemd's default) would propagate back out.
    // Entered only once it holds: nothing may be mounted in a namespace that shares with "/".
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_SLAVE, nullptr) != 0)
        return {ErrorCode::IoError, QStringLiteral("cannot make our mounts private: %1")
                                        .arg(QString::fromLocal8Bit(std::strerror(errno)))};
    entered = true;
    return {};
}

Error coverRootInPrivateNamespace(const QString &root)
{
    // Per thread, as the namespace: the roots this thread's namespace has covered already.
    thread_local QStringList covered;
    if (covered.contains(root))
        return {};
    if (::mount("trimscope", QFile::encodeName(root).constData(), "tmpfs",
                MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0700,size=1m") != 0)
        return {ErrorCode::IoError, QStringLiteral("cannot mount a private tmpfs on %1: %2")
                                        .arg(root, QString::fromLocal8Bit(std::strerror(errno)))};
    covered.append(root);
    return {};
}

PrivateMount::PrivateMount(QString root) : m_root(cleanRoot(root)) {}

PrivateMount::~PrivateMount()
{
    unmount();
}

Error PrivateMount::mount(const QString &device, const QString &fsType, const QString &options,
                          double *seconds)
{
    if (m_mounted || !m_path.isEmpty())
        return {ErrorCode::InvalidArgument, QStringLiteral("already mounted")};
    const QString mountTool = findSystemTool(QStringLiteral("mount"));
    if (mountTool.isEmpty())
        return {ErrorCode::Unsupported, QStringLiteral("mount is not installed")};
    if (const Error error = ensurePrivateRoot(m_root); error.isError())
        return error;
    if (const Error error = enterPrivateMountNamespace(); error.isError())
        return error;
    if (const Error error = coverRootInPrivateNamespace(m_root); error.isError())
        return error;
    QByteArray pattern =
        QFile::encodeName(m_root + QLatin1Char('/') + QLatin1String(kMountDirPrefix) +
                          QString::number(::getpid()) + QStringLiteral("-XXXXXX"));
    if (!::mkdtemp(pattern.data()))
        return {ErrorCode::IoError, QStringLiteral("cannot create a mount point in %1: %2")
                                        .arg(m_root, QString::fromLocal8Bit(std::strerror(errno)))};
    m_path = QFile::decodeName(pattern);

    QString allOptions = QStringLiteral("nosuid,nodev,noexec");
    if (!options.isEmpty())
        allOptions += QLatin1Char(',') + options;
    const ToolRun run = runExternalTool(
        mountTool, {QStringLiteral("-t"), fsType, QStringLiteral("-o"), allOptions, device, m_path},
        nullptr, kMountTimeoutMs);
    if (seconds)
        *seconds = run.seconds;
    if (!run.succeeded()) {
        // mount(8) may have mounted before failing (a timeout); the destructor checks the table.
        m_mounted = isMountedNow(m_path);
        return {ErrorCode::IoError, run.failureMessage()};
    }
    m_mounted = true;
    return {};
}

Error PrivateMount::unmount(double *seconds)
{
    Error result;
    if (m_mounted || (!m_path.isEmpty() && isMountedNow(m_path))) {
        result = unmountPath(m_path, seconds);
        if (result.isError() && result.code != ErrorCode::DeviceBusy)
            return result; // still mounted: keep the directory; cleanupStaleMounts retries
        m_mounted = false;
    }
    if (!m_path.isEmpty()) {
        if (::rmdir(QFile::encodeName(m_path).constData()) != 0 && errno != ENOENT &&
            !result.isError())
            result = {ErrorCode::IoError,
                      QStringLiteral("cannot remove %1: %2")
                          .arg(m_path, QString::fromLocal8Bit(std::strerror(errno)))};
        m_path.clear();
    }
    return result;
}

} // namespace trimscope::fsbench
