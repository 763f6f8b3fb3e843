#pragma once

#include "audit/fstrimstatus.h"
#include "device/blockdevice.h"
#include "health/drivehealth.h"
#include "historyalerts.h"
#include "historystore.h"
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
HistoryEvent trimReachEvent(const QMap<QString, bool> &reach, const QDateTime &at);
// The TRIM reach an event recorded.
QMap<QString, bool> trimReachFrom(const HistoryEvent &event);

// The state the alert rules compare against: the last day recorded before `today`, and the
// TRIM reach last recorded.
DriveState previousState(const HistoryStore &store, qint64 drive, QDate today);

} // namespace trimscope::history
