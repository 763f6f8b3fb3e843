#include "mountedfs.h"

#include "systemtool.h"

#include <QFile>
#include <QList>
#include <QProcess>
#include <QRegularExpression>
#include <fcntl.h>
#include <unistd.h>

namespace trimscope::test {

QByteArray mountInfoLine(const QString &mountPoint)
{
    // The calling thread's: a mount namespace belongs to a thread (core/fsbench unshares one
    // per thread), and /proc/self shows the main thread's.
    QFile file(QStringLiteral("/proc/thread-self/mountinfo"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() > 4 && fields.at(4) == mountPoint.toUtf8())
            return line;
    }
    return {};
}

bool syncFilesystem(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool synced = ::syncfs(fd) == 0;
    ::close(fd);
    return synced;
}

bool isMounted(const QString &mountPoint)
{
    return !mountInfoLine(mountPoint).isEmpty();
}

bool mountedWithDiscard(const QString &mountPoint)
{
    static const QRegularExpression discard(QStringLiteral("[ ,]discard([ ,]|$)"));
    return QString::fromUtf8(mountInfoLine(mountPoint)).contains(discard);
}

QString blkidValue(const QString &device, const QString &tag)
{
    QProcess process;
    process.start(
        findSystemProgram(QStringLiteral("blkid")),
        {QStringLiteral("-s"), tag, QStringLiteral("-o"), QStringLiteral("value"), device});
    process.waitForFinished(10000);
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

} // namespace trimscope::test
