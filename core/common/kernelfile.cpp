#include "kernelfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cerrno>
#include <climits>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace trimscope {

std::optional<QByteArray> readKernelFile(const QString &path, qint64 maxBytes)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    QByteArray bytes;
    char buffer[4096];
    while (bytes.size() < maxBytes) {
        const size_t want =
            size_t(std::min<qint64>(qint64(sizeof buffer), maxBytes - bytes.size()));
        const ssize_t got = ::read(fd, buffer, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        bytes.append(buffer, qsizetype(got));
    }
    ::close(fd);
    return bytes;
}

QString resolveSysfsLink(const QString &path)
{
    char target[PATH_MAX];
    const ssize_t length =
        ::readlink(QFile::encodeName(path).constData(), target, sizeof target - 1);
    if (length < 0 && errno == ENOENT)
        return {};
    if (length <= 0 || target[0] == '/')
        return QFileInfo(path).canonicalFilePath();
    const QString relative = QFile::decodeName(QByteArray(target, qsizetype(length)));
    return QDir::cleanPath(QFileInfo(path).path() + QLatin1Char('/') + relative);
}

QStringList listKernelDirectory(const QString &path)
{
    DIR *dir = ::opendir(QFile::encodeName(path).constData());
    if (!dir)
        return {};
    QStringList names;
    while (const dirent *entry = ::readdir(dir)) {
        // Hidden names too, as QDir without QDir::Hidden skipped them: the kernel's directories
        // have none, and the recorded sysfs trees in tests/data keep their empty holders/ and
        // slaves/ with a .keep, which counted as a holder of every partition.
        const char *name = entry->d_name;
        if (name[0] == '.')
            continue;
        names.append(QFile::decodeName(name));
    }
    ::closedir(dir);
    names.sort();
    return names;
}

} // namespace trimscope
