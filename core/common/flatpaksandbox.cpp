#include "flatpaksandbox.h"

#include <QFile>
#include <QMutex>

namespace trimscope {

namespace {
QMutex infoPathMutex;
QString infoPath = QStringLiteral("/.flatpak-info");
} // namespace

QString flatpakInfoPath()
{
    const QMutexLocker lock(&infoPathMutex);
    return infoPath;
}

void setFlatpakInfoPathForTesting(const QString &path)
{
    const QMutexLocker lock(&infoPathMutex);
    infoPath = path;
}

bool insideFlatpakSandbox()
{
    return QFile::exists(flatpakInfoPath());
}

} // namespace trimscope
