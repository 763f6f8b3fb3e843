#include "historyschema.h"

#include "historyday.h"
#include "historystore.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QStringList>

namespace trimscope::history::detail {

namespace {
struct SchemaText
{
    Q_DECLARE_TR_FUNCTIONS(HistoryStore)
};

QString metricColumns()
{
    QStringList columns;
    for (const MetricInfo &m : metricInfos()) {
        // Added by version 2: everything else in version 1.
        if (m.metric != Metric::CrcErrors && m.metric != Metric::SpareThresholdPercent)
            columns << QStringLiteral("%1 REAL").arg(QLatin1String(m.column));
    }
    return columns.join(QStringLiteral(", "));
}

// Each step takes the schema from version i to i + 1. A released step is never edited: a new
// column or table is a new step.
QStringList migrationStep(int toVersion)
{
    switch (toVersion) {
    case 1:
        return {
            QStringLiteral("CREATE TABLE drives (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, "
                           "model TEXT, serial TEXT, capacity_bytes REAL, last_name TEXT)"),
            QStringLiteral("CREATE TABLE days (drive INTEGER NOT NULL REFERENCES drives(id), "
                           "day TEXT NOT NULL, %1, smart_status TEXT, UNIQUE(drive, day))")
                .arg(metricColumns()),
            QStringLiteral("CREATE TABLE events (drive INTEGER NOT NULL REFERENCES drives(id), "
                           "at TEXT NOT NULL, kind TEXT NOT NULL, details TEXT, "
                           "UNIQUE(drive, at, kind))"),
            QStringLiteral("CREATE TABLE counters (drive INTEGER PRIMARY KEY REFERENCES "
                           "drives(id), boot_id TEXT, ios INTEGER, sectors INTEGER, ms INTEGER)"),
        };
    case 2:
        return {
            QStringLiteral("ALTER TABLE days ADD COLUMN crc_errors REAL"),
            QStringLiteral("ALTER TABLE days ADD COLUMN spare_threshold REAL"),
            QStringLiteral("CREATE TABLE alerts (drive INTEGER NOT NULL REFERENCES drives(id), "
                           "rule TEXT NOT NULL, state TEXT NOT NULL, PRIMARY KEY(drive, rule))"),
        };
    case 3:
        // The medium the counters were read of (issue 46, item 10); NULL in rows kept before.
        return {QStringLiteral("ALTER TABLE counters ADD COLUMN diskseq INTEGER")};
    default:
        return {};
    }
}

std::optional<qint64> pragma(QSqlDatabase &db, const char *name, QString *error)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA %1").arg(QLatin1String(name))) || !q.next()) {
        *error = q.lastError().text();
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}
} // namespace

Error failure(const QSqlQuery &query, const QString &path)
{
    if (isDiskFull(query))
        return makeError(ErrorCode::IoError,
                         SchemaText::tr("the disk holding %1 is full: this reading was not "
                                        "recorded, the days before it are intact")
                             .arg(path));
    return makeError(ErrorCode::IoError,
                     SchemaText::tr("history %1: %2").arg(path, query.lastError().text()));
}

bool isDiskFull(const QSqlQuery &query)
{
    // SQLITE_FULL (13); SQLITE_IOERR_WRITE and friends (10 | n << 8) when the WAL cannot grow.
    bool ok = false;
    const int code = query.lastError().nativeErrorCode().toInt(&ok);
    if (ok && ((code & 0xff) == 13 || ((code & 0xff) == 10 && code != 10)))
        return true;
    // SQLite's own words where the driver passes no code on ("database or disk is full").
    return query.lastError().databaseText().contains(QLatin1String("disk is full"));
}

Inspection inspect(QSqlDatabase &db)
{
    Inspection result;
    QString error;
    const auto appId = pragma(db, "application_id", &error);
    const auto version = appId ? pragma(db, "user_version", &error) : std::nullopt;
    if (!appId || !version) {
        result.state = FileState::Corrupt;
        result.reason = error;
        return result;
    }
    QSqlQuery check(db);
    if (!check.exec(QStringLiteral("PRAGMA quick_check")) || !check.next() ||
        check.value(0).toString() != QLatin1String("ok")) {
        result.state = FileState::Corrupt;
        result.reason =
            check.lastError().isValid() ? check.lastError().text() : check.value(0).toString();
        return result;
    }
    result.version = int(*version);
    QSqlQuery tables(db);
    const bool empty = tables.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) &&
                       tables.next() && tables.value(0).toLongLong() == 0;
    if (*appId != kApplicationId) {
        if (empty && *version == 0)
            return result; // a new, empty file
        result.state = FileState::Foreign;
        result.reason = SchemaText::tr("an SQLite database of another program (application id "
                                       "%1, %2 tables)")
                            .arg(*appId)
                            .arg(empty ? 0 : tables.value(0).toLongLong());
        return result;
    }
    result.state = *version > kSchemaVersion ? FileState::Newer : FileState::Ours;
    return result;
}

Error migrate(QSqlDatabase &db, const QString &path)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return failure(q, path);
    QString error;
    const auto from = pragma(db, "user_version", &error);
    Error result;
    for (int v = int(from.value_or(0)) + 1; v <= kSchemaVersion && !result.isError(); ++v) {
        for (const QString &statement : migrationStep(v)) {
            if (!q.exec(statement)) {
                result = failure(q, path);
                break;
            }
        }
    }
    if (!result.isError() &&
        (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion)) ||
         !q.exec(QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId))))
        result = failure(q, path);
    if (!result.isError() && !q.exec(QStringLiteral("COMMIT")))
        result = failure(q, path);
    if (result.isError())
        q.exec(QStringLiteral("ROLLBACK"));
    return result;
}

} // namespace trimscope::history::detail
