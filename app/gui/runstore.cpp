#include "runstore.h"

#include "common/inputfile.h"
#include "common/atomicfile.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLocale>
#include <QMutex>
#include <QStandardPaths>
#include <algorithm>

namespace trimscope::gui {

namespace {
struct RunStoreText
{
    Q_DECLARE_TR_FUNCTIONS(RunStore)
};

QString safeFileName(QString text)
{
    for (QChar &c : text) {
        if (!c.isLetterOrNumber() && c != QLatin1Char('-'))
            c = QLatin1Char('_');
    }
    return text.left(60);
}

// One parsed file: valid while its size and modification time stay the same.
struct CachedFile
{
    qint64 size = -1;
    QDateTime modified;
    std::shared_ptr<const Expected<AnyResult>> result;
    StoredRun run;
};

QMutex &cacheMutex()
{
    static QMutex mutex;
    return mutex;
}

QAtomicInt parses;
QAtomicInt listings;
thread_local int parsesOnThisThread = 0;

QHash<QString, CachedFile> &cache()
{
    static QHash<QString, CachedFile> files;
    return files;
}

StoredRun recordOf(const QString &path, const Expected<AnyResult> &result,
                   const QDateTime &modified)
{
    StoredRun run;
    run.path = path;
    run.started = modified;
    if (!result) {
        run.readable = false;
        return run;
    }
    const ResultEnvelope envelope = envelopeOf(*result);
    run.kind = envelope.kind;
    run.drive = envelope.run.drive;
    run.stopReason = envelope.run.stopReason;
    if (const SweepResult *sweep = curveOf(*result))
        run.curve = sweep->stopReason;
    if (envelope.run.started.isValid())
        run.started = envelope.run.started;
    return run;
}

// The cached entry for `path` when the file is as it was parsed; none when it is new or changed.
std::optional<CachedFile> cachedUnchanged(const QFileInfo &info)
{
    const QMutexLocker lock(&cacheMutex());
    const auto it = cache().constFind(info.absoluteFilePath());
    if (it != cache().cend() && info.exists() && it->size == info.size() &&
        it->modified == info.lastModified())
        return *it;
    return std::nullopt;
}

// The cached entry for `path`, parsed now when the file is new or changed.
CachedFile cached(const QString &path)
{
    const QFileInfo info(path);
    const QString key = info.absoluteFilePath();
    if (std::optional<CachedFile> entry = cachedUnchanged(info))
        return *entry;
    CachedFile entry;
    entry.size = info.size();
    entry.modified = info.lastModified();
    // Untrusted input: a regular file under the size cap (no FIFO, no /dev/zero).
    const Expected<QByteArray> read = readInputFile(path, InputFileKind::Result);
    parses.fetchAndAddRelaxed(1);
    ++parsesOnThisThread;
    entry.result = std::make_shared<const Expected<AnyResult>>(
        read ? readAnyResult(*read) : Expected<AnyResult>(read.error()));
    entry.run = recordOf(path, *entry.result, entry.modified);
    if (read) {
        const QMutexLocker lock(&cacheMutex());
        cache().insert(key, entry);
    }
    return entry;
}

void remember(const QString &path, const AnyResult &result)
{
    const QFileInfo info(path);
    CachedFile entry;
    entry.size = info.size();
    entry.modified = info.lastModified();
    entry.result = std::make_shared<const Expected<AnyResult>>(result);
    entry.run = recordOf(path, *entry.result, entry.modified);
    const QMutexLocker lock(&cacheMutex());
    cache().insert(info.absoluteFilePath(), entry);
}
} // namespace

QString sweepKind()
{
    return envelopeOf(SweepResult()).kind;
}

QString diagnosisKind()
{
    return envelopeOf(AnyResult(DiagnosisResult())).kind;
}

const SweepResult *curveOf(const AnyResult &result)
{
    if (const auto *sweep = std::get_if<SweepResult>(&result))
        return sweep;
    const auto *diagnosis = std::get_if<DiagnosisResult>(&result);
    if (!diagnosis || !diagnosis->sweep)
        return nullptr;
    const QList<SizePoint> &points = diagnosis->sweep->points;
    const bool measured = std::any_of(points.cbegin(), points.cend(),
                                      [](const SizePoint &point) { return point.stats.count > 0; });
    return measured ? &*diagnosis->sweep : nullptr;
}

bool sameDrive(const DriveInfo &a, const DriveInfo &b)
{
    if (a.model != b.model || a.simulated != b.simulated)
        return false;
    if (!a.serial.isEmpty() || !b.serial.isEmpty())
        return a.serial == b.serial;
    return a.name == b.name;
}

QString StoredRun::driveName() const
{
    return readable ? drive.displayName() : QFileInfo(path).fileName();
}

QString dateText(const QDateTime &when)
{
    return QLocale().toString(when.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm"));
}

QStringList distinctDates(const QList<StoredRun> &runs)
{
    // Each run's texts are made once and runs are grouped by key: told apart by comparing every
    // pair, 150 runs took 22,500 comparisons of two dates formatted afresh each time, and the
    // window paused for about 200 ms when a drive's history was shown.
    struct Texts
    {
        QString minuteKey; // drive and minute: the runs that share a minute
        QString secondKey;
        QString second;
        QString date;
    };
    QList<Texts> texts;
    texts.reserve(runs.size());
    QHash<QString, int> inMinute;
    QHash<QString, QList<qsizetype>> inSecond; // indexes of the runs of one drive and second
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const StoredRun &run = runs.at(i);
        const QString name = run.driveName() + QLatin1Char('\n');
        const QString minute = run.date();
        const QString second =
            QLocale().toString(run.started.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        texts.append({name + minute, name + second, second, minute});
        ++inMinute[texts.last().minuteKey];
        inSecond[texts.last().secondKey].append(i);
    }
    for (qsizetype i = 0; i < runs.size(); ++i) {
        Texts &text = texts[i];
        if (inMinute.value(text.minuteKey) < 2)
            continue;
        const QList<qsizetype> sameSecond = inSecond.value(text.secondKey);
        if (sameSecond.size() < 2) {
            text.date = text.second;
            continue;
        }
        const auto earlier = [&](qsizetype other) {
            return std::pair(runs.at(other).started, runs.at(other).path) <
                   std::pair(runs.at(i).started, runs.at(i).path);
        };
        const auto before = std::count_if(sameSecond.cbegin(), sameSecond.cend(), earlier);
        text.date = RunStoreText::tr("%1 #%2").arg(text.second).arg(before + 1);
    }
    QStringList dates;
    dates.reserve(texts.size());
    for (const Texts &text : std::as_const(texts))
        dates.append(text.date);
    return dates;
}

QString StoredRun::date() const
{
    return dateText(started);
}

QString StoredRun::label() const
{
    return RunStoreText::tr("%1, %2").arg(driveName(), date());
}

namespace {
QString stopReasonText(StopReason reason)
{
    switch (reason) {
    case StopReason::Completed:
        return RunStoreText::tr("complete");
    case StopReason::Cancelled:
        return RunStoreText::tr("cancelled");
    case StopReason::TimeBudget:
        return RunStoreText::tr("stopped at the time budget");
    case StopReason::Failed:
        return RunStoreText::tr("failed");
    }
    return QString();
}
} // namespace

QString StoredRun::outcome() const
{
    return readable ? stopReasonText(stopReason) : RunStoreText::tr("unreadable");
}

QString StoredRun::curveOutcome() const
{
    return readable ? stopReasonText(curve.value_or(stopReason)) : RunStoreText::tr("unreadable");
}

bool StoredRun::isDiagnosis() const
{
    return readable && kind == diagnosisKind();
}

bool StoredRun::sameRun(const StoredRun &other) const
{
    return readable && other.readable && kind == other.kind && started == other.started &&
           sameDrive(drive, other.drive);
}

QString runLabel(const SweepResult &result, bool twoLines)
{
    const QString name = result.drive.displayName();
    return twoLines ? QStringLiteral("%1<br>%2").arg(name.toHtmlEscaped(), dateText(result.started))
                    : RunStoreText::tr("%1, %2").arg(name, dateText(result.started));
}

RunStore::RunStore(QString directory) : m_directory(std::move(directory))
{
    if (m_directory.isEmpty())
        m_directory = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                      QStringLiteral("/runs");
}

Expected<QString> RunStore::save(const SweepResult &result) const
{
    return save(AnyResult(result));
}

Expected<QString> RunStore::save(const AnyResult &result) const
{
    const ResultEnvelope envelope = envelopeOf(result);
    if (!envelope.isRun())
        return makeError(ErrorCode::InvalidArgument,
                         RunStoreText::tr("A %1 is not a run; only runs are kept with the drive.")
                             .arg(resultWhat(result)));
    if (!QDir().mkpath(m_directory))
        return makeError(ErrorCode::IoError,
                         RunStoreText::tr("Cannot create %1.").arg(m_directory));
    const RunRecord &run = envelope.run;
    const QDateTime when = run.started.isValid() ? run.started : QDateTime::currentDateTimeUtc();
    // Sweeps keep their old names; other kinds say what they are.
    const QString kind =
        envelope.kind == sweepKind() ? QString() : envelope.kind + QLatin1Char('-');
    QString base =
        QStringLiteral("%1/%2-%3%4")
            .arg(m_directory, when.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss")), kind,
                 safeFileName(run.drive.name.isEmpty() ? run.drive.model : run.drive.name));
    QString path = base + QStringLiteral(".json");
    for (int i = 2; QFile::exists(path); ++i)
        path = QStringLiteral("%1-%2.json").arg(base).arg(i);
    if (const Error error = writeFileAtomically(path, resultToJsonBytes(result)); error.isError())
        return error;
    remember(path, result);
    return path;
}

void RunStore::sortNewestFirst(QList<StoredRun> &runs)
{
    // Runs that started together in the order of their files, whichever order they came in.
    std::sort(runs.begin(), runs.end(), [](const StoredRun &a, const StoredRun &b) {
        return a.started != b.started ? a.started > b.started : a.path < b.path;
    });
}

QList<StoredRun> RunStore::list() const
{
    listings.fetchAndAddRelaxed(1);
    QList<StoredRun> runs;
    const QDir dir(m_directory);
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    runs.reserve(files.size());
    for (const QString &file : files)
        runs.append(describe(dir.filePath(file)));
    sortNewestFirst(runs);
    return runs;
}

int RunStore::listingCount()
{
    return listings.loadRelaxed();
}

QList<StoredRun> RunStore::runsOf(const DriveInfo &drive, const QStringList &kinds) const
{
    return runsOf(list(), drive, kinds);
}

QList<StoredRun> RunStore::runsOf(const QList<StoredRun> &all, const DriveInfo &drive,
                                  const QStringList &kinds)
{
    QList<StoredRun> runs;
    for (const StoredRun &run : all) {
        if (run.readable && sameDrive(run.drive, drive) &&
            (kinds.isEmpty() || kinds.contains(run.kind)))
            runs.append(run);
    }
    return runs;
}

QList<StoredRun> RunStore::curvesOf(const DriveInfo &drive) const
{
    return curvesOf(list(), drive);
}

QList<StoredRun> RunStore::curvesOf(const QList<StoredRun> &all, const DriveInfo &drive)
{
    QList<StoredRun> runs = runsOf(all, drive);
    runs.removeIf([](const StoredRun &run) { return !run.curve; });
    return runs;
}

Expected<AnyResult> RunStore::loadAny(const QString &path)
{
    return *cached(path).result;
}

StoredRun RunStore::describe(const QString &path)
{
    return cached(path).run;
}

Expected<SweepResult> RunStore::load(const QString &path)
{
    const CachedFile entry = cached(path);
    if (!*entry.result)
        return entry.result->error();
    if (const SweepResult *sweep = curveOf(entry.result->value()))
        return *sweep;
    if (std::holds_alternative<DiagnosisResult>(entry.result->value()))
        return makeError(ErrorCode::InvalidArgument,
                         RunStoreText::tr("This diagnosis measured no TRIM sweep."));
    return makeError(ErrorCode::InvalidArgument,
                     RunStoreText::tr("This file holds a %1 result, not a TRIM benchmark run.")
                         .arg(resultWhat(entry.result->value())));
}

Expected<ImportedRun> RunStore::import(const QString &path) const
{
    const Expected<AnyResult> result = loadAny(path);
    if (!result)
        return result.error();
    return import(*result);
}

Expected<ImportedRun> RunStore::import(const AnyResult &result) const
{
    const StoredRun incoming = recordOf(QString(), result, QDateTime());
    for (const StoredRun &stored : list()) {
        if (stored.sameRun(incoming))
            return ImportedRun{stored.path, true};
    }
    Expected<QString> saved = save(result);
    if (!saved)
        return saved.error();
    return ImportedRun{*saved, false};
}

int RunStore::parseCount()
{
    return parses.loadRelaxed();
}

int RunStore::parseCountOnThisThread()
{
    return parsesOnThisThread;
}

bool RunStore::remove(const QString &path) const
{
    return QFileInfo(path).absolutePath() == QFileInfo(m_directory).absoluteFilePath() &&
           QFile::remove(path);
}

} // namespace trimscope::gui
