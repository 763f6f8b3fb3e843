#pragma once

#include "common/error.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

// Internal to core/history: the schema, its migrations and the checks on an existing file.
namespace trimscope::history::detail {

enum class FileState { Fresh, Ours, Corrupt, Foreign, Newer };

struct Inspection
{
    FileState state = FileState::Fresh;
    int version = 0;
    QString reason; // why Corrupt or Foreign, in SQLite's words
};

Inspection inspect(QSqlDatabase &db);

// Brings the schema from its version to kSchemaVersion in one transaction (a second collector
// migrating at the same moment waits, then finds nothing to do).
Error migrate(QSqlDatabase &db, const QString &path);

// A query that ran, or the error in words ("… PATH: database or disk is full").
Error failure(const QSqlQuery &query, const QString &path);
bool isDiskFull(const QSqlQuery &query);

} // namespace trimscope::history::detail
