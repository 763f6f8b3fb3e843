#include "devicepath.h"

#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <sys/stat.h>

namespace trimscope {

namespace {

bool isCleanAbsolute(const QString &path)
{
    if (!path.startsWith(QLatin1Char('/')) || path.contains(QChar(0)))
        return false;
    const QStringList parts = path.split(QLatin1Char('/'));
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QString &part = parts.at(i);
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String(".."))
            return false;
    }
    return true;
}

Expected<QString> checkNode(const QString &path, const QString &asGiven)
{
    struct stat st = {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return makeError(ErrorCode::NoSuchDevice,
                             QStringLiteral("%1 does not exist").arg(asGiven));
        return makeError(ErrorCode::NoSuchDevice, QStringLiteral("cannot examine %1").arg(asGiven));
    }
    if (!S_ISBLK(st.st_mode))
        return makeError(ErrorCode::NotABlockDevice,
                         QStringLiteral("%1 is not a block device").arg(asGiven));
    return path;
}

} // namespace

Expected<QString> resolveDevicePath(const QString &path)
{
    if (!isCleanAbsolute(path))
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("'%1' is not a clean absolute device path such as "
                                        "/dev/sdb")
                             .arg(path));
    if (!path.startsWith(QLatin1String("/dev/")))
        return makeError(ErrorCode::NotABlockDevice,
                         QStringLiteral("%1 is not a block device under /dev").arg(path));

    const QFileInfo info(path);
    if (!info.isSymLink()) {
        // Directly in /dev: /dev/sdb, /dev/nvme0n1, /dev/loop3 (not /dev/shm/x).
        if (path.count(QLatin1Char('/')) != 2)
            return makeError(ErrorCode::NotABlockDevice,
                             QStringLiteral("%1 is not a device node directly in /dev").arg(path));
        return checkNode(path, path);
    }
    if (!path.startsWith(QLatin1String("/dev/disk/by-")))
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1 is a symbolic link outside /dev/disk/by-*").arg(path));
    const QString target = info.canonicalFilePath();
    if (target.isEmpty())
        return makeError(ErrorCode::NoSuchDevice, QStringLiteral("%1 points to nothing").arg(path));
    if (!target.startsWith(QLatin1String("/dev/")) || target.count(QLatin1Char('/')) != 2)
        return makeError(ErrorCode::NotABlockDevice,
                         QStringLiteral("%1 points to %2, which is not a device node in /dev")
                             .arg(path, target));
    return checkNode(target, path);
}

} // namespace trimscope
