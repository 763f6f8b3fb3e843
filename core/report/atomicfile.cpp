#include "atomicfile.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace trimscope {

Error writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    // A device or FIFO (--json /dev/stdout) is written to, never replaced: QSaveFile would rename
    // a regular file over the node itself.
    const QFileInfo info(path);
    if (info.exists() && !info.isFile()) {
        QFile device(path);
        if (!device.open(QIODevice::WriteOnly) || device.write(bytes) != bytes.size())
            return {ErrorCode::IoError,
                    QStringLiteral("cannot write %1: %2").arg(path, device.errorString())};
        return {};
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return {ErrorCode::IoError,
                QStringLiteral("cannot write %1: %2").arg(path, file.errorString())};
    return {};
}

} // namespace trimscope
