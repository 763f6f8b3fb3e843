#include "collectorprogram.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace trimscope::gui {

QString findCollectorProgram()
{
    const QString dir = QCoreApplication::applicationDirPath();
    for (const QString &candidate : {dir + QLatin1Char('/') + kCollectorName,
                                     dir + QStringLiteral("/../cli/") + kCollectorName}) {
        if (QFileInfo(candidate).isExecutable())
            return QDir::cleanPath(candidate);
    }
    return QStandardPaths::findExecutable(kCollectorName);
}

} // namespace trimscope::gui
