#include "atomicfile.h"

#include "common/expected.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trimscope {

namespace {

struct AtomicFile
{
    Q_DECLARE_TR_FUNCTIONS(AtomicFile)
};

constexpr int kMaxLinks = 40; // the kernel's own limit (ELOOP)

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

QByteArray joined(const QByteArray &directory, const QByteArray &name)
{
    return directory.endsWith('/') ? directory + name : directory + '/' + name;
}

QByteArray parentOf(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    return slash <= 0 ? QByteArray("/") : path.left(slash);
}

struct Resolved
{
    QByteArray path;
    // A link under /proc (/dev/stdout -> /proc/self/fd/1): names an open file of ours, not a
    // place in the tree; the kernel resolves it when we open `path`.
    bool procLink = false;
};

// The path with every symbolic link resolved as the kernel would, refusing a planted one.
Expected<Resolved> resolveForWriting(const QString &path)
{
    const auto cannot = [&](ErrorCode code, const QString &why) {
        return makeError(code, AtomicFile::tr("cannot write %1: %2").arg(path, why));
    };
    if (path.isEmpty())
        return cannot(ErrorCode::InvalidArgument, AtomicFile::tr("no file name"));
    QList<QByteArray> pending = QFile::encodeName(QFileInfo(path).absoluteFilePath()).split('/');
    QByteArray current = "/"; // resolved: no link in it
    int links = 0;
    while (!pending.isEmpty()) {
        const QByteArray name = pending.takeFirst();
        if (name.isEmpty() || name == ".")
            continue;
        if (name == "..") {
            current = parentOf(current);
            continue;
        }
        const QByteArray candidate = joined(current, name);
        struct stat entry = {};
        if (::lstat(candidate.constData(), &entry) != 0) {
            const int error = errno;
            if (error == ENOENT && pending.isEmpty())
                return Resolved{candidate, false}; // the file we are about to create
            return cannot(ErrorCode::IoError, QStringLiteral("%1: %2").arg(
                                                  QFile::decodeName(candidate), errnoText(error)));
        }
        if (!S_ISLNK(entry.st_mode)) {
            if (!pending.isEmpty() && !S_ISDIR(entry.st_mode))
                return cannot(
                    ErrorCode::IoError,
                    QStringLiteral("%1: %2").arg(QFile::decodeName(candidate), errnoText(ENOTDIR)));
            current = candidate;
            continue;
        }
        struct stat directory = {};
        if (::stat(current.constData(), &directory) != 0)
            return cannot(ErrorCode::IoError, errnoText(errno));
        const bool stickyWorldWritable =
            (directory.st_mode & S_ISVTX) != 0 && (directory.st_mode & S_IWOTH) != 0;
        if (stickyWorldWritable && entry.st_uid != ::geteuid() && entry.st_uid != directory.st_uid)
            return cannot(ErrorCode::PermissionDenied,
                          AtomicFile::tr("%1 is a symbolic link that another user (uid %2) "
                                         "placed in the world-writable directory %3; it is not "
                                         "followed")
                              .arg(QFile::decodeName(candidate))
                              .arg(entry.st_uid)
                              .arg(QFile::decodeName(current)));
        if (candidate.startsWith("/proc/")) {
            QByteArray rest = candidate;
            for (const QByteArray &more : std::as_const(pending))
                rest = joined(rest, more);
            return Resolved{rest, true};
        }
        if (++links > kMaxLinks)
            return cannot(ErrorCode::IoError, errnoText(ELOOP));
        QByteArray target(4096, '\0');
        const ssize_t length =
            ::readlink(candidate.constData(), target.data(), size_t(target.size()));
        if (length < 0 || length >= target.size())
            return cannot(ErrorCode::IoError, errnoText(length < 0 ? errno : ENAMETOOLONG));
        target.truncate(length);
        if (target.startsWith('/'))
            current = "/";
        pending = target.split('/') + pending;
    }
    return Resolved{current, false};
}

// Why a non-regular file may not be written into as it is; empty when it may: our own FIFO, or
// /dev/null. Any other device is refused: writing to it may do anything (a watchdog arms, a tape
// rewinds, a disk is overwritten). A FIFO another user made (planted in /tmp for root's
// --save-snapshot) would hand what we write to whoever reads it, or hold us until someone does.
QString specialFileRefusal(const struct stat &st)
{
    if (S_ISFIFO(st.st_mode))
        return st.st_uid == ::geteuid()
                   ? QString()
                   : AtomicFile::tr("it is a FIFO of another user (uid %1), who would read "
                                    "what is written")
                         .arg(st.st_uid);
    struct stat null = {};
    if (S_ISCHR(st.st_mode) && ::stat("/dev/null", &null) == 0 && S_ISCHR(null.st_mode) &&
        st.st_rdev == null.st_rdev)
        return {};
    return AtomicFile::tr("it is a device or socket, not a file");
}

Error writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t written = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (written < 0 && errno == EINTR)
            continue;
        if (written < 0)
            return {ErrorCode::IoError, errnoText(errno)};
        done += written;
    }
    return {};
}

// /proc/self/fd/N (what /dev/stdout and /dev/fd/N lead to): our own descriptor N, or -1.
int ownDescriptor(const QByteArray &procPath)
{
    const QList<QByteArray> parts = procPath.split('/'); // "", "proc", "self", "fd", "N"
    if (parts.size() != 5 || parts.at(3) != "fd" ||
        !(parts.at(2) == "self" || parts.at(2) == "thread-self" ||
          parts.at(2) == QByteArray::number(::getpid())))
        return -1;
    bool ok = false;
    const int fd = parts.at(4).toInt(&ok);
    return ok && fd >= 0 ? fd : -1;
}

// A device, FIFO or open file of ours: written to as it is. What was opened is checked, not
// what lstat() saw before: the name may lead elsewhere by now. O_NONBLOCK keeps the open from
// waiting for a reader of a FIFO before we know whose it is; our own FIFO without a reader yet
// is then opened again, waiting as before, and checked again.
Error writeThrough(const QString &path, const QByteArray &target, bool followLink,
                   const QByteArray &bytes)
{
    const int flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | (followLink ? 0 : O_NOFOLLOW);
    int fd = ::open(target.constData(), flags | O_NONBLOCK);
    if (fd < 0 && errno == ENXIO)
        fd = ::open(target.constData(), flags);
    if (fd < 0)
        return {ErrorCode::IoError,
                AtomicFile::tr("cannot write %1: %2").arg(path, errnoText(errno))};
    struct stat st = {};
    Error error;
    if (::fstat(fd, &st) != 0)
        error = {ErrorCode::IoError, errnoText(errno)};
    else if (!S_ISREG(st.st_mode) && !followLink) {
        if (const QString refusal = specialFileRefusal(st); !refusal.isEmpty())
            error = {ErrorCode::InvalidArgument, refusal};
    }
    if (!error.isError() && ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
        error = {ErrorCode::IoError, errnoText(errno)};
    // /dev/stdout redirected to a file: it holds what we write, nothing older after it.
    if (!error.isError() && S_ISREG(st.st_mode) && ::ftruncate(fd, 0) != 0)
        error = {ErrorCode::IoError, errnoText(errno)};
    if (!error.isError())
        error = writeAll(fd, bytes);
    ::close(fd);
    if (error.isError())
        error.message = AtomicFile::tr("cannot write %1: %2").arg(path, error.message);
    return error;
}

Error replaceFile(const QString &path, const QByteArray &target, const struct stat *existing,
                  const QByteArray &bytes)
{
    const auto failed = [&](const QString &why) {
        return Error{ErrorCode::IoError, AtomicFile::tr("cannot write %1: %2").arg(path, why)};
    };
    const QByteArray directory = parentOf(target);
    const QByteArray name = target.mid(target.lastIndexOf('/') + 1);
    QByteArray temporary;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temporary =
            joined(directory, '.' + name + '.' +
                                  QByteArray::number(QRandomGenerator::system()->generate(), 36));
        // 0666 less the umask, as any new file; O_EXCL | O_NOFOLLOW: never someone else's name.
        fd = ::open(temporary.constData(),
                    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0666);
        if (fd < 0 && errno != EEXIST)
            return failed(errnoText(errno));
    }
    if (fd < 0)
        return failed(errnoText(EEXIST));
    Error error;
    // The replaced file's mode is kept only when it was ours: a file another user pre-created
    // (0666, in a sticky directory) must not make our result writable for them.
    if (existing && existing->st_uid == ::geteuid() && ::fchmod(fd, existing->st_mode & 0777) != 0)
        error = {ErrorCode::IoError, errnoText(errno)};
    if (!error.isError())
        error = writeAll(fd, bytes);
    if (!error.isError() && ::fsync(fd) != 0)
        error = {ErrorCode::IoError, errnoText(errno)};
    if (::close(fd) != 0 && !error.isError())
        error = {ErrorCode::IoError, errnoText(errno)};
    // rename() replaces the name itself, whatever it is by now; it never follows a link.
    if (!error.isError() && ::rename(temporary.constData(), target.constData()) != 0)
        error = {ErrorCode::IoError, errnoText(errno)};
    if (error.isError()) {
        ::unlink(temporary.constData());
        return failed(error.message);
    }
    return {};
}

} // namespace

Error checkNoPlantedSymlink(const QString &path)
{
    const Expected<Resolved> resolved = resolveForWriting(path);
    if (!resolved && resolved.error().code == ErrorCode::PermissionDenied)
        return resolved.error();
    return {};
}

Error writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    const Expected<Resolved> resolved = resolveForWriting(path);
    if (!resolved)
        return resolved.error();
    if (resolved->procLink) {
        // Our own descriptor: written where it stands, so what else we print there follows
        // rather than overwrites it (--json /dev/stdout > file).
        if (const int fd = ownDescriptor(resolved->path); fd >= 0) {
            Error error = writeAll(fd, bytes);
            if (error.isError())
                error.message = AtomicFile::tr("cannot write %1: %2").arg(path, error.message);
            return error;
        }
        return writeThrough(path, resolved->path, /*followLink=*/true, bytes);
    }
    struct stat existing = {};
    if (::lstat(resolved->path.constData(), &existing) != 0) {
        if (errno != ENOENT)
            return {ErrorCode::IoError,
                    AtomicFile::tr("cannot write %1: %2").arg(path, errnoText(errno))};
        return replaceFile(path, resolved->path, nullptr, bytes);
    }
    if (S_ISDIR(existing.st_mode))
        return {ErrorCode::IoError,
                AtomicFile::tr("cannot write %1: %2").arg(path, errnoText(EISDIR))};
    if (!S_ISREG(existing.st_mode)) {
        if (const QString refusal = specialFileRefusal(existing); !refusal.isEmpty())
            return {ErrorCode::InvalidArgument,
                    AtomicFile::tr("cannot write %1: %2").arg(path, refusal)};
        return writeThrough(path, resolved->path, /*followLink=*/false, bytes);
    }
    return replaceFile(path, resolved->path, &existing, bytes);
}

Error checkWritableTarget(const QString &path)
{
    const auto refused = [&](const QString &why) {
        return Error{ErrorCode::InvalidArgument,
                     AtomicFile::tr("cannot write %1: %2").arg(path, why)};
    };
    const Expected<Resolved> resolved = resolveForWriting(path);
    if (!resolved)
        return resolved.error().code == ErrorCode::PermissionDenied
                   ? resolved.error()
                   : Error{ErrorCode::InvalidArgument, resolved.error().message};
    if (resolved->procLink) {
        const int fd = ownDescriptor(resolved->path);
        if (fd >= 0 && ::fcntl(fd, F_GETFL) >= 0)
            return {};
        return refused(AtomicFile::tr("%1 is not an open descriptor of this program")
                           .arg(QFile::decodeName(resolved->path)));
    }
    struct stat existing = {};
    if (::lstat(resolved->path.constData(), &existing) == 0) {
        if (S_ISDIR(existing.st_mode))
            return refused(errnoText(EISDIR));
        if (!S_ISREG(existing.st_mode)) {
            const QString refusal = specialFileRefusal(existing);
            return refusal.isEmpty() ? Error() : refused(refusal);
        }
    } else if (errno != ENOENT) {
        return refused(errnoText(errno));
    }
    // The temporary file the write renames into place is created beside the target: /proc,
    // /sys and read-only directories refuse it here rather than after the run.
    const QByteArray probe = joined(
        parentOf(resolved->path),
        ".trimscope-probe." + QByteArray::number(QRandomGenerator::system()->generate(), 36));
    const int fd =
        ::open(probe.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return refused(AtomicFile::tr("cannot create a file in %1: %2")
                           .arg(QFile::decodeName(parentOf(resolved->path)), errnoText(errno)));
    ::close(fd);
    ::unlink(probe.constData());
    return {};
}

} // namespace trimscope
