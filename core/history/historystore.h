#pragma once

#include "common/expected.h"
#include "historycounters.h"
#include "historyday.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

// The drive history: one SQLite file (Qt SQL's QSQLITE driver) in WAL mode, written by the
// collector (`trimscope-cli history record`, as root from trimscope-history.timer or as the user)
// and read by `trimscope-cli history` and the GUI.
//
// Tables (schema version in PRAGMA user_version, our mark in PRAGMA application_id):
//   drives  (id, key UNIQUE, model, serial, capacity_bytes, last_name)
//           key: "wwn:<the kernel's wwid>" or "serial:<model>:<serial>", never the sdX name,
//           which another drive may have tomorrow;
//   days    (drive, day 'YYYY-MM-DD', one column per Metric, smart_status, UNIQUE(drive, day))
//           one row per drive per day a reading was taken; no row: a gap, nothing recorded;
//   events  (drive, at, kind, details JSON, UNIQUE(drive, at, kind)): fstrim runs, TRIM reach;
//   counters(drive, boot_id, discard counters, diskseq): the last /sys/block/X/stat seen, so
//           that the discards a day adds are deltas that survive a reboot (a new boot_id starts
//           at 0) and never span two attachments (a new diskseq starts a new series:
//           historycounters.h);
//   alerts  (drive, rule, state): the alerts already delivered, so each goes out once.
//
// Reading for a view (the GUI's History view, the CLI): drives() lists what is known;
// series(drive, metric, from, to) gives (day, value) points of one figure, days without a value
// left out (draw them as gaps, not as lines through zero); events(drive, kind) gives fstrim runs
// and reach changes for markers; days() all figures at once for a table.
//
// Bad input: a file that is not SQLite, or SQLite that is not ours, is renamed aside
// (PATH.corrupt-TIME or PATH.foreign-TIME, with its -wal/-shm) and a new history started; the
// caller gets the reason in movedAside(). A database from a newer TrimScope is refused, not
// touched. Every write is one transaction (BEGIN IMMEDIATE, busy_timeout 10 s): a full disk or a
// crash loses at most the reading being written, and two collectors at once serialize, the
// second merging into the first's row of the day.
namespace trimscope::history {

inline constexpr int kSchemaVersion = 3;
inline constexpr qint32 kApplicationId = 0x54534831; // "TSH1"

enum class EventKind { FstrimRun, TrimReach };
QString eventKindName(EventKind kind);
std::optional<EventKind> eventKindFromName(const QString &name);

struct HistoryEvent
{
    QDateTime at;
    EventKind kind = EventKind::FstrimRun;
    // FstrimRun: {"succeeded": bool, "result": "success", "source": "fstrim.service",
    //             "bytes": n, "seconds": x} (bytes and seconds where the journal had them);
    // TrimReach: {"filesystems": {"/home": true, "/": false}} (reaches the drive or not).
    QJsonObject details;
};

struct DriveRecord
{
    qint64 id = 0;
    QString key;
    QString model;
    QString serial;
    double capacityBytes = 0;
    QString lastName; // the kernel name it had when last recorded ("sda")
    QDate firstDay;
    QDate lastDay;
};

// One collector pass over one drive.
struct DriveReading
{
    QString key;
    QString model;
    QString serial;
    double capacityBytes = 0;
    QString name;
    HistoryDay day; // the discards of the day are added from `discards`
    std::optional<DiscardCounterReading> discards;
    QList<HistoryEvent> events;
};

struct SeriesPoint
{
    QDate day;
    double value = 0;
};

class HistoryStore
{
public:
    ~HistoryStore();
    HistoryStore(const HistoryStore &) = delete;
    HistoryStore &operator=(const HistoryStore &) = delete;

    // Opens (creating the file and its folder) and migrates to kSchemaVersion.
    static Expected<std::unique_ptr<HistoryStore>> open(const QString &path);
    // Root: /var/lib/trimscope/history.sqlite; a user: $XDG_DATA_HOME/trimscope/history.sqlite.
    static QString defaultPath();

    QString path() const { return m_path; }
    // Where a corrupt or foreign file was moved, and why (in words); empty when nothing was.
    QString movedAsideTo() const { return m_movedAsideTo; }
    QString movedAsideReason() const { return m_movedAsideReason; }

    // One transaction: the drive, its day (merged into a row already there), the discards since
    // the last reading, the events. Returns the drive's id.
    Expected<qint64> record(const DriveReading &reading);

    QList<DriveRecord> drives() const;
    // By key, serial, model or last kernel name ("sda", "/dev/sda").
    std::optional<DriveRecord> findDrive(const QString &what) const;
    QList<HistoryDay> days(qint64 drive, QDate from = {}, QDate to = {}) const;
    QList<SeriesPoint> series(qint64 drive, Metric metric, QDate from = {}, QDate to = {}) const;
    QList<HistoryEvent> events(qint64 drive, std::optional<EventKind> kind = {}) const;

    // The alerts delivered for a drive and still standing: rule name -> state.
    QMap<QString, QString> sentAlerts(qint64 drive) const;
    Error setSentAlerts(qint64 drive, const QMap<QString, QString> &alerts);

private:
    explicit HistoryStore(QString path, QString connection);
    Error transaction(const std::function<Error()> &work);

    QString m_path;
    QString m_connection;
    QString m_movedAsideTo;
    QString m_movedAsideReason;
};

} // namespace trimscope::history
