#include "runstore.h"

#include "common/inputfile.h"
#include "report/atomicfile.h"
#include "report/resultfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QStandardPaths>
#include <algorithm>

namespace trimscope::gui {

namespace {
QString dateText(const QDateTime &when)
{
    return QLocale().toString(when.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString safeFileName(QString text)
{
    for (QChar &c : text) {
        if (!c.isLetterOrNumber() && c != QLatin1Char('-'))
            c = QLatin1Char('_');
    }
    return text.left(60);
}
} // namespace

QString StoredRun::label() const
{
    return QCoreApplication::translate("RunStore", "%1, %2").arg(driveName, dateText(started));
}

QString StoredRun::date() const
{
    return dateText(started);
}

QString runLabel(const SweepResult &result, bool twoLines)
{
    const StoredRun run{QString(), result.drive.displayName(), result.started};
    return twoLines ? QStringLiteral("%1<br>%2").arg(run.driveName.toHtmlEscaped(), run.date())
                    : run.label();
}

RunStore::RunStore(QString directory) : m_directory(std::move(directory))
{
    if (m_directory.isEmpty())
        m_directory = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                      QStringLiteral("/runs");
}

Expected<QString> RunStore::save(const SweepResult &result) const
{
    if (!QDir().mkpath(m_directory))
        return makeError(
            ErrorCode::IoError,
            QCoreApplication::translate("RunStore", "Cannot create %1.").arg(m_directory));
    const QDateTime when =
        result.started.isValid() ? result.started : QDateTime::currentDateTimeUtc();
    QString base = QStringLiteral("%1/%2-%3")
                       .arg(m_directory, when.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss")),
                            safeFileName(result.drive.name.isEmpty() ? result.drive.model
                                                                     : result.drive.name));
    QString path = base + QStringLiteral(".json");
    for (int i = 2; QFile::exists(path); ++i)
        path = QStringLiteral("%1-%2.json").arg(base).arg(i);
    if (const Error error = writeFileAtomically(path, resultToJsonBytes(result)); error.isError())
        return error;
    return path;
}

QList<StoredRun> RunStore::list() const
{
    QList<StoredRun> runs;
    const QDir dir(m_directory);
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    for (const QString &file : files) {
        const QString path = dir.filePath(file);
        // Only the header is needed for the list; a broken file is shown by name.
        const Expected<SweepResult> result = load(path);
        StoredRun run{path, file, QFileInfo(path).lastModified()};
        if (result) {
            run.driveName = result->drive.displayName();
            run.started = result->started;
        }
        runs.append(run);
    }
    std::sort(runs.begin(), runs.end(),
              [](const StoredRun &a, const StoredRun &b) { return a.started > b.started; });
    return runs;
}

Expected<SweepResult> RunStore::load(const QString &path)
{
    const Expected<QByteArray> read = readInputFile(path, InputFileKind::Result);
    if (!read)
        return read.error();
    return readResult<SweepResult>(*read);
}

Expected<QString> RunStore::import(const QString &path) const
{
    Expected<SweepResult> result = load(path);
    if (!result)
        return result.error();
    return save(*result);
}

bool RunStore::remove(const QString &path) const
{
    return QFileInfo(path).absolutePath() == QFileInfo(m_directory).absoluteFilePath() &&
           QFile::remove(path);
}

} // namespace trimscope::gui
