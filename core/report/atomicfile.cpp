#include "atomicfile.h"

#include <QSaveFile>

namespace trimscope {

Error writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return {ErrorCode::IoError,
                QStringLiteral("cannot write %1: %2").arg(path, file.errorString())};
    return {};
}

} // namespace trimscope
