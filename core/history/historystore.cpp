#include "historystore.h"

#include "historyschema.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSqlError>
#include <QStandardPaths>
#include <QStringList>
#include <QThread>
#include <QUuid>
#include <unistd.h>

namespace trimscope::history {

namespace {
using namespace detail;

struct StoreText
{
    Q_DECLARE_TR_FUNCTIONS(HistoryStore)
};

// A second collector (or the GUI reading) waits this long for the first's transaction.
constexpr int kBusyTimeoutMs = 10000;

QSqlDatabase connect(const QString &connection, const QString &path)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
    db.open();
    return db;
}

// SQLite answers a switch of journal mode with SQLITE_BUSY at once, without waiting out its busy
// timeout, while another connection holds the write lock: it will not wait where waiting could
// deadlock. That happens when two collectors create the file together (the test saw 1 run in
// 30-60 fail so), so the switch is tried again for as long as the busy timeout would have waited.
bool switchToWal(QSqlQuery &q)
{
    const QDeadlineTimer deadline(kBusyTimeoutMs);
    while (!q.exec(QStringLiteral("PRAGMA journal_mode = WAL"))) {
        constexpr int kSqliteBusy = 5; // the primary code of every SQLITE_BUSY_* extended code
        if ((q.lastError().nativeErrorCode().toInt() & 0xff) != kSqliteBusy ||
            deadline.hasExpired())
            return false;
        QThread::msleep(20);
    }
    return true;
}

void disconnect(const QString &connection)
{
    {
        QSqlDatabase db = QSqlDatabase::database(connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
}

// Renames the file and its WAL and shared-memory files aside; the new name, or empty.
QString moveAside(const QString &path, const QString &why)
{
    const QString stamp =
        QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
    const QString target = QStringLiteral("%1.%2-%3").arg(path, why, stamp);
    if (!QFile::rename(path, target))
        return {};
    for (const char *suffix : {"-wal", "-shm"}) {
        const QString side = path + QLatin1String(suffix);
        if (QFile::exists(side))
            QFile::rename(side, target + QLatin1String(suffix));
    }
    return target;
}

QString dayText(QDate day)
{
    return day.toString(Qt::ISODate);
}

QString columnList()
{
    QStringList columns;
    for (const MetricInfo &m : metricInfos())
        columns << QLatin1String(m.column);
    return columns.join(QStringLiteral(", "));
}

HistoryDay dayFromRow(const QSqlQuery &q)
{
    HistoryDay d;
    d.day = QDate::fromString(q.value(0).toString(), Qt::ISODate);
    int i = 1;
    for (const MetricInfo &m : metricInfos()) {
        const QVariant v = q.value(i++);
        if (!v.isNull())
            d.set(m.metric, v.toDouble());
    }
    d.smartStatus = q.value(i).toString();
    return d;
}

QVariant optionalValue(const std::optional<double> &v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::Double));
}

// The counters the drive's last reading kept (what a day adds from them: historycounters.h).
std::optional<DiscardCounterReading> previousCounters(QSqlQuery &q, qint64 drive)
{
    q.prepare(
        QStringLiteral("SELECT boot_id, ios, sectors, ms, diskseq FROM counters WHERE drive = ?"));
    q.addBindValue(drive);
    if (!q.exec() || !q.next())
        return std::nullopt;
    DiscardCounterReading r;
    r.bootId = q.value(0).toString();
    r.ios = q.value(1).toULongLong();
    r.sectors = q.value(2).toULongLong();
    r.milliseconds = q.value(3).toULongLong();
    r.diskseq = q.value(4).toULongLong(); // NULL, from before schema 3: 0, not known
    return r;
}

void addDiscards(HistoryDay &day, const std::optional<DiscardCounts> &added)
{
    if (!added)
        return;
    const auto add = [&](Metric m, quint64 n, double unit) {
        day.set(m, day.value(m).value_or(0) + double(n) * unit);
    };
    add(Metric::DiscardCount, added->ios, 1);
    add(Metric::DiscardBytes, added->sectors, 512);
    add(Metric::DiscardSeconds, added->milliseconds, 0.001);
}
} // namespace

QString eventKindName(EventKind kind)
{
    return kind == EventKind::FstrimRun ? QStringLiteral("fstrim_run")
                                        : QStringLiteral("trim_reach");
}

std::optional<EventKind> eventKindFromName(const QString &name)
{
    for (EventKind k : {EventKind::FstrimRun, EventKind::TrimReach}) {
        if (eventKindName(k) == name)
            return k;
    }
    return std::nullopt;
}

HistoryStore::HistoryStore(QString path, QString connection)
    : m_path(std::move(path)), m_connection(std::move(connection))
{
}

HistoryStore::~HistoryStore()
{
    disconnect(m_connection);
}

QString HistoryStore::defaultPath()
{
    if (geteuid() == 0)
        return QStringLiteral("/var/lib/trimscope/history.sqlite");
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
        .filePath(QStringLiteral("trimscope/history.sqlite"));
}

Expected<std::unique_ptr<HistoryStore>> HistoryStore::open(const QString &path)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return makeError(ErrorCode::IoError,
                         StoreText::tr("cannot create the folder of %1").arg(path));
    const QString connection =
        QStringLiteral("trimscope-history-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    std::unique_ptr<HistoryStore> store(new HistoryStore(path, connection));
    QSqlDatabase db = connect(connection, path);
    if (!db.isOpen())
        return makeError(ErrorCode::IoError,
                         StoreText::tr("cannot open %1: %2").arg(path, db.lastError().text()));
    Inspection seen = inspect(db);
    if (seen.state == FileState::Newer)
        return makeError(ErrorCode::Unsupported,
                         StoreText::tr("%1 was written by a newer TrimScope (schema %2, this one "
                                       "knows %3); it is left as it is")
                             .arg(path)
                             .arg(seen.version)
                             .arg(kSchemaVersion));
    if (seen.state == FileState::Corrupt || seen.state == FileState::Foreign) {
        db = QSqlDatabase();
        disconnect(connection);
        const bool corrupt = seen.state == FileState::Corrupt;
        const QString aside =
            moveAside(path, corrupt ? QStringLiteral("corrupt") : QStringLiteral("foreign"));
        if (aside.isEmpty())
            return makeError(ErrorCode::IoError,
                             StoreText::tr("%1 is not a TrimScope history (%2) and could not be "
                                           "moved aside")
                                 .arg(path, seen.reason));
        store->m_movedAsideTo = aside;
        store->m_movedAsideReason =
            corrupt ? StoreText::tr("%1 was damaged (%2); it was moved to %3 and a new history "
                                    "begun")
                          .arg(path, seen.reason, aside)
                    : StoreText::tr("%1 was not a TrimScope history (%2); it was moved to %3 and "
                                    "a new history begun")
                          .arg(path, seen.reason, aside);
        db = connect(connection, path);
    }
    QSqlQuery wal(db);
    if (!switchToWal(wal))
        return failure(wal, path);
    wal.exec(QStringLiteral("PRAGMA foreign_keys = ON"));
    // In WAL mode NORMAL never corrupts the file; a power cut may lose the last reading only.
    wal.exec(QStringLiteral("PRAGMA synchronous = NORMAL"));
    if (const Error error = migrate(db, path); error.isError())
        return error;
    return store;
}

Error HistoryStore::transaction(const std::function<Error()> &work)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return failure(q, m_path);
    Error error = work();
    if (!error.isError() && !q.exec(QStringLiteral("COMMIT")))
        error = failure(q, m_path);
    if (error.isError())
        q.exec(QStringLiteral("ROLLBACK"));
    return error;
}

Expected<qint64> HistoryStore::record(const DriveReading &reading)
{
    qint64 drive = 0;
    const Error error = transaction([&]() -> Error {
        QSqlQuery q(QSqlDatabase::database(m_connection, false));
        q.prepare(QStringLiteral(
            "INSERT INTO drives (key, model, serial, capacity_bytes, last_name) VALUES (?, ?, ?, "
            "?, ?) ON CONFLICT(key) DO UPDATE SET model = excluded.model, serial = "
            "excluded.serial, capacity_bytes = excluded.capacity_bytes, last_name = "
            "excluded.last_name"));
        for (const QVariant &v :
             {QVariant(reading.key), QVariant(reading.model), QVariant(reading.serial),
              QVariant(reading.capacityBytes), QVariant(reading.name)})
            q.addBindValue(v);
        if (!q.exec())
            return failure(q, m_path);
        q.prepare(QStringLiteral("SELECT id FROM drives WHERE key = ?"));
        q.addBindValue(reading.key);
        if (!q.exec() || !q.next())
            return failure(q, m_path);
        drive = q.value(0).toLongLong();

        HistoryDay today = reading.day;
        const QList<HistoryDay> already = days(drive, today.day, today.day);
        if (!already.isEmpty())
            today = mergeDays(already.constFirst(), today);
        if (reading.discards) {
            addDiscards(today, discardsSince(previousCounters(q, drive), *reading.discards));
            q.prepare(QStringLiteral("INSERT OR REPLACE INTO counters (drive, boot_id, ios, "
                                     "sectors, ms, diskseq) VALUES (?, ?, ?, ?, ?, ?)"));
            for (const QVariant &v :
                 {QVariant(drive), QVariant(reading.discards->bootId),
                  QVariant(reading.discards->ios), QVariant(reading.discards->sectors),
                  QVariant(reading.discards->milliseconds), QVariant(reading.discards->diskseq)})
                q.addBindValue(v);
            if (!q.exec())
                return failure(q, m_path);
        }
        QStringList placeholders, updates;
        for (const MetricInfo &m : metricInfos()) {
            placeholders << QStringLiteral("?");
            updates << QStringLiteral("%1 = excluded.%1").arg(QLatin1String(m.column));
        }
        q.prepare(QStringLiteral("INSERT INTO days (drive, day, %1, smart_status) VALUES (?, ?, "
                                 "%2, ?) ON CONFLICT(drive, day) DO UPDATE SET %3, smart_status "
                                 "= excluded.smart_status")
                      .arg(columnList(), placeholders.join(QLatin1Char(',')),
                           updates.join(QStringLiteral(", "))));
        q.addBindValue(drive);
        q.addBindValue(dayText(today.day));
        for (const MetricInfo &m : metricInfos())
            q.addBindValue(optionalValue(today.value(m.metric)));
        q.addBindValue(today.smartStatus);
        if (!q.exec())
            return failure(q, m_path);

        for (const HistoryEvent &event : reading.events) {
            q.prepare(QStringLiteral(
                "INSERT OR IGNORE INTO events (drive, at, kind, details) VALUES (?, ?, ?, ?)"));
            q.addBindValue(drive);
            q.addBindValue(event.at.toUTC().toString(Qt::ISODate));
            q.addBindValue(eventKindName(event.kind));
            q.addBindValue(
                QString::fromUtf8(QJsonDocument(event.details).toJson(QJsonDocument::Compact)));
            if (!q.exec())
                return failure(q, m_path);
        }
        return {};
    });
    if (error.isError())
        return error;
    return drive;
}

QList<DriveRecord> HistoryStore::drives() const
{
    QList<DriveRecord> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral(
            "SELECT d.id, d.key, d.model, d.serial, d.capacity_bytes, d.last_name, min(y.day), "
            "max(y.day) FROM drives d LEFT JOIN days y ON y.drive = d.id GROUP BY d.id ORDER BY "
            "d.id")))
        return out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                    q.value(3).toString(), q.value(4).toDouble(), q.value(5).toString(),
                    QDate::fromString(q.value(6).toString(), Qt::ISODate),
                    QDate::fromString(q.value(7).toString(), Qt::ISODate)});
    }
    return out;
}

std::optional<DriveRecord> HistoryStore::findDrive(const QString &what) const
{
    const QString name = what.startsWith(QLatin1String("/dev/")) ? what.mid(5) : what;
    for (const DriveRecord &d : drives()) {
        if (d.key == what || d.serial == what || d.model == what || d.lastName == name)
            return d;
    }
    return std::nullopt;
}

QList<HistoryDay> HistoryStore::days(qint64 drive, QDate from, QDate to) const
{
    QList<HistoryDay> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT day, %1, smart_status FROM days WHERE drive = ? AND day >= ? "
                             "AND day <= ? ORDER BY day")
                  .arg(columnList()));
    q.addBindValue(drive);
    q.addBindValue(from.isValid() ? dayText(from) : QStringLiteral("0000"));
    q.addBindValue(to.isValid() ? dayText(to) : QStringLiteral("9999"));
    if (!q.exec())
        return out;
    while (q.next())
        out.append(dayFromRow(q));
    return out;
}

QList<SeriesPoint> HistoryStore::series(qint64 drive, Metric metric, QDate from, QDate to) const
{
    QList<SeriesPoint> out;
    for (const HistoryDay &d : days(drive, from, to)) {
        if (const auto v = d.value(metric))
            out.append({d.day, *v});
    }
    return out;
}

QList<HistoryEvent> HistoryStore::events(qint64 drive, std::optional<EventKind> kind) const
{
    QList<HistoryEvent> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT at, kind, details FROM events WHERE drive = ? ORDER BY at"));
    q.addBindValue(drive);
    if (!q.exec())
        return out;
    while (q.next()) {
        const auto k = eventKindFromName(q.value(1).toString());
        if (!k || (kind && *k != *kind))
            continue;
        out.append({QDateTime::fromString(q.value(0).toString(), Qt::ISODate), *k,
                    QJsonDocument::fromJson(q.value(2).toString().toUtf8()).object()});
    }
    return out;
}

QMap<QString, QString> HistoryStore::sentAlerts(qint64 drive) const
{
    QMap<QString, QString> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT rule, state FROM alerts WHERE drive = ?"));
    q.addBindValue(drive);
    if (q.exec()) {
        while (q.next())
            out.insert(q.value(0).toString(), q.value(1).toString());
    }
    return out;
}

Error HistoryStore::setSentAlerts(qint64 drive, const QMap<QString, QString> &alerts)
{
    return transaction([&]() -> Error {
        QSqlQuery q(QSqlDatabase::database(m_connection, false));
        q.prepare(QStringLiteral("DELETE FROM alerts WHERE drive = ?"));
        q.addBindValue(drive);
        if (!q.exec())
            return failure(q, m_path);
        for (auto it = alerts.cbegin(); it != alerts.cend(); ++it) {
            q.prepare(QStringLiteral("INSERT INTO alerts (drive, rule, state) VALUES (?, ?, ?)"));
            q.addBindValue(drive);
            q.addBindValue(it.key());
            q.addBindValue(it.value());
            if (!q.exec())
                return failure(q, m_path);
        }
        return {};
    });
}

} // namespace trimscope::history
