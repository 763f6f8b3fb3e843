#pragma once

#include "audit/fstrimjournal.h"
#include "audit/fstrimstatus.h"
#include "device/blockdevice.h"
#include "health/drivehealth.h"
#include "historyalerts.h"
#include "historystore.h"
#include "metrics/metricsassembly.h"
#include "metrics/trimmetrics.h"

#include <QList>
#include <QString>
#include <optional>

// What one run of the collector (`trimscope-cli history record`) turns into rows: pure, the CLI
// does the reading (health as root or through udisks2, /sys, the audit).
namespace trimscope::history {

// One physical drive as the collector found it.
struct FoundDrive
{
    BlockDevice disk;
    QString wwid; // /sys/class/block/NAME/wwid or device/wwid; empty where the kernel has none
    std::optional<health::DriveHealth> health; // nullopt: not read, healthError says why
    QString healthError;
    std::optional<DiscardCounterReading> discards;
};

// "wwn:<wwid>" where the kernel gives one, else "serial:<model>:<serial>"; empty when the drive
// cannot be told from another (then it is not recorded: a row under a reused sdX name would mix
// two drives).
QString driveKey(const QString &wwid, const QString &model, const QString &serial);

// The discard counters of `disk` now, as the history counts them (historycounters.h): its
// diskseq and the boot's id, and for a disk whose medium can change (watch::mediumCanChange) a
// sighting noted in the attachment ledger at `ledgerPath` (empty: its default) as the watch
// notes one, with the counters of this attachment's first sighting where that was earlier. None
// where the kernel has no counters for it.
std::optional<DiscardCounterReading>
readDiscardCounters(const BlockDevice &disk, const QString &sysRoot = QStringLiteral("/sys"),
                    const QString &procRoot = QStringLiteral("/proc"),
                    const QString &ledgerPath = QString());

// The day's reading of a drive; the key empty when it has none.
DriveReading readingOf(const FoundDrive &found, QDate day);

// Where TRIM reaches from each filesystem on the drive `driveName`, and whether all of them
// discard online (then no periodic fstrim is needed).
QMap<QString, bool> trimReachOf(const QList<metrics::FilesystemMetrics> &filesystems,
                                const QString &driveName);
bool onlineDiscardOnly(const QList<metrics::FilesystemMetrics> &filesystems,
                       const QString &driveName);

FstrimState fstrimStateOf(const audit::FstrimStatus &status);
// The last fstrim run as an event, when there was one.
std::optional<HistoryEvent> fstrimEventOf(const audit::FstrimStatus &status);
// The fstrim runs to record for a drive whose filesystems are `mountPoints`: each run the journal
// kept (`journal`), with the bytes trimmed on those filesystems and how long it took where the
// journal says so; the last run systemd names (fstrimEventOf) only where the journal has no run
// within ten minutes of it. Its details say "journal" or systemd's source.
QList<HistoryEvent> fstrimEvents(const audit::FstrimStatus &status,
                                 const QList<audit::FstrimRun> &journal,
                                 const QStringList &mountPoints);
// Whether the journal may hold a run the history lacks: systemd names a run later than the last
// one recorded from the journal (`lastFromJournal`). The collector reads the journal only then,
// about once a week, not every day.
bool journalMayHaveNewRun(const audit::FstrimStatus &status,
                          const std::optional<QDateTime> &lastFromJournal);
// The latest fstrim run any drive's history took from the journal.
std::optional<QDateTime> lastJournalRun(const HistoryStore &store);

HistoryEvent trimReachEvent(const QMap<QString, bool> &reach, const QDateTime &at);
// The TRIM reach an event recorded.
QMap<QString, bool> trimReachFrom(const HistoryEvent &event);

// The state the alert rules compare against: the last day recorded before `today`, and the
// TRIM reach last recorded.
DriveState previousState(const HistoryStore &store, qint64 drive, QDate today);

// The drive `driveName` now, as the rules see it: its day, where TRIM reaches from its
// filesystems and the machine's fstrim, from what the metrics found.
DriveState currentState(const metrics::TrimMetrics &trim, const QString &driveName,
                        std::optional<HistoryDay> day, const QDateTime &now);

// The conditions as gauges: every rule by name, with how many of its conditions stand (0: none).
QMap<QString, double> alertGauges(const QList<Alert> &conditions);

// The same rules the collector notifies about, into each drive's alert gauges of `trim`: the day
// from its health (`health`, by kernel name), and from `history` where it knows the drive (by
// serial number) the last day recorded before today, which the rules about growth and lost TRIM
// reach compare against; without it those rules stay 0.
void addAlertGauges(metrics::TrimMetrics &trim, const QMap<QString, metrics::HealthReading> &health,
                    const HistoryStore *history, const AlertThresholds &thresholds);

} // namespace trimscope::history
