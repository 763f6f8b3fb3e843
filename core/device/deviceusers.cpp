#include "deviceusers.h"

#include "procparsers.h"

#include <QDir>
#include <QFile>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace trimscope {

namespace {

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

QList<OpenWriter> findOpenWriters(const QMap<quint64, QString> &devices, const QString &procRoot)
{
    QList<OpenWriter> writers;
    if (devices.isEmpty())
        return writers;
    const qint64 self = ::getpid();
    const QDir proc(procRoot);
    for (const QString &entry : proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric || pid == self)
            continue;
        const QString fdDir = proc.filePath(entry + QStringLiteral("/fd"));
        QStringList held;
        for (const QString &fd :
             QDir(fdDir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System)) {
            // stat(2) follows the magic link to the open file itself, whatever its name.
            struct stat st = {};
            if (::stat(QFile::encodeName(fdDir + QLatin1Char('/') + fd).constData(), &st) != 0 ||
                !S_ISBLK(st.st_mode) || !devices.contains(quint64(st.st_rdev)))
                continue;
            const std::optional<int> flags =
                parseFdInfoFlags(readText(proc.filePath(entry + QStringLiteral("/fdinfo/") + fd)));
            const QString name = devices.value(quint64(st.st_rdev));
            if (flags && opensForWriting(*flags) && !held.contains(name))
                held.append(name);
        }
        const QString command = readText(proc.filePath(entry + QStringLiteral("/comm"))).trimmed();
        for (const QString &name : std::as_const(held))
            writers.append({pid, command, name});
    }
    return writers;
}

bool isClaimedExclusively(const QString &node, quint32 major, quint32 minor)
{
    const QByteArray path = QFile::encodeName(node);
    struct stat st = {};
    if (::stat(path.constData(), &st) != 0 || !S_ISBLK(st.st_mode) ||
        st.st_rdev != makedev(major, minor))
        return false;
    const int fd = ::open(path.constData(), O_RDONLY | O_EXCL | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
        ::close(fd);
        return false;
    }
    return errno == EBUSY;
}

} // namespace trimscope
