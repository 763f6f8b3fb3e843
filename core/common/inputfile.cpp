#include "inputfile.h"

#include "units.h"

#include <QCoreApplication>
#include <QFile>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace trimscope {

namespace {

struct InputFile
{
    Q_DECLARE_TR_FUNCTIONS(InputFile)
};

QString typeName(mode_t mode)
{
    if (S_ISDIR(mode))
        return InputFile::tr("a directory");
    if (S_ISFIFO(mode))
        return InputFile::tr("a FIFO (named pipe)");
    if (S_ISCHR(mode))
        return InputFile::tr("a character device");
    if (S_ISBLK(mode))
        return InputFile::tr("a block device");
    if (S_ISSOCK(mode))
        return InputFile::tr("a socket");
    return InputFile::tr("something else");
}

// Why the file is not one we read, or empty.
QString refusal(const QString &path, const struct stat &st, qint64 cap)
{
    if (!S_ISREG(st.st_mode))
        return InputFile::tr("%1 is %2, not a regular file").arg(path, typeName(st.st_mode));
    if (st.st_size > cap)
        return InputFile::tr("%1 is larger than the %2 such a file can be")
            .arg(path, formatBytes(quint64(cap)));
    return {};
}

// InvalidArgument, as every refusal here: the user gave a path that is not what it should be.
Error cannotRead(const QString &path, int error)
{
    return {ErrorCode::InvalidArgument,
            InputFile::tr("cannot read %1: %2")
                .arg(path, QString::fromLocal8Bit(std::strerror(error)))};
}

Expected<QByteArray> readBytes(const QString &path, qint64 cap);

} // namespace

qint64 inputFileSizeCap(InputFileKind kind)
{
    switch (kind) {
    case InputFileKind::Result:
    case InputFileKind::AuditSnapshot:
        return qint64(64) << 20;
    case InputFileKind::SmartBlob:
        return qint64(64) << 10;
    }
    return 0;
}

Expected<QByteArray> readInputFile(const QString &path, InputFileKind kind)
{
    Expected<QByteArray> bytes = readBytes(path, inputFileSizeCap(kind));
    if (bytes)
        return bytes;
    Error error = bytes.error();
    error.file.kind = FileFault::NotRead;
    return error;
}

namespace {
Expected<QByteArray> readBytes(const QString &path, qint64 cap)
{
    const QByteArray native = QFile::encodeName(path);
    if (path.isEmpty())
        return cannotRead(path, ENOENT);
    // By type first: opening some devices does something (a tape rewinds, a watchdog arms).
    struct stat named = {};
    if (::stat(native.constData(), &named) != 0)
        return cannotRead(path, errno);
    if (const QString why = refusal(path, named, cap); !why.isEmpty())
        return makeError(ErrorCode::InvalidArgument, why);

    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return cannotRead(path, errno);
    const struct Closer
    {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat opened = {};
    if (::fstat(fd, &opened) != 0)
        return cannotRead(path, errno);
    if (const QString why = refusal(path, opened, cap); !why.isEmpty())
        return makeError(ErrorCode::InvalidArgument, why);

    // Up to one byte more than the cap: a file that grew since fstat is refused, not cut short.
    QByteArray bytes(qsizetype(opened.st_size) + 1, Qt::Uninitialized);
    qsizetype done = 0;
    for (;;) {
        if (done == bytes.size()) {
            if (done > cap)
                return makeError(ErrorCode::InvalidArgument,
                                 InputFile::tr("%1 grew beyond the %2 such a file can be while "
                                               "it was read")
                                     .arg(path, formatBytes(quint64(cap))));
            bytes.resize(qsizetype(qMin<qint64>(cap + 1, qint64(bytes.size()) * 2 + 4096)));
        }
        const ssize_t got = ::read(fd, bytes.data() + done, size_t(bytes.size() - done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return cannotRead(path, errno);
        if (got == 0)
            break;
        done += got;
    }
    bytes.truncate(done);
    return bytes;
}
} // namespace

} // namespace trimscope
