#pragma once

#include "historyday.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <optional>

// The alert rules: pure, no I/O. They compare a drive's previous state with its current one and
// say which conditions stand now; newAlerts() then keeps those not already delivered, so each
// alert goes out once per change and none when nothing changed. The collector delivers them
// (desktop notification, a command) and the same conditions can feed the metrics.
namespace trimscope::history {

enum class AlertRule {
    SmartFailing,    // the drive's own SMART status says failing
    CriticalWarning, // an NVMe critical-warning bit is set
    WearCrossed,     // percentage used crossed a step (80, 90, 100 by default)
    SpareLow,        // available spare under its threshold
    MediaErrorsGrew, // media / uncorrectable errors grew
    ReallocatedGrew, // reallocated or pending sectors grew
    TemperatureHigh, // the day's maximum over the warning temperature
    TrimReachLost,   // a filesystem TRIM reached before no longer reaches the drive
    FstrimTimerOff,  // no online discard and fstrim.timer not enabled (nor a cron job)
    FstrimFailed,    // the last fstrim run failed
    FstrimStale,     // no fstrim run for fstrimStaleDays
};
QString alertRuleName(AlertRule rule); // "wear_crossed", ...

struct AlertThresholds
{
    QList<double> wearSteps{80, 90, 100};
    std::optional<double> spareThresholdPercent; // nullopt: the drive's own threshold
    double temperatureWarningCelsius = 70;       // ATA reports none; NVMe warns by its own bit
    int fstrimStaleDays = 14;
};

// What fstrim did for the machine, as the audit read it.
struct FstrimState
{
    bool known = false; // systemd answered at all
    bool timerEnabled = false;
    bool cronConfigured = false;
    std::optional<QDateTime> lastRun;
    std::optional<bool> lastRunSucceeded;
};

// One drive at one moment: its day, where TRIM reaches, and the machine's fstrim.
struct DriveState
{
    std::optional<HistoryDay> day;
    QMap<QString, bool> trimReach; // mount point -> TRIM reaches the drive from it
    bool onlineDiscard = false;    // every filesystem on it discards online: fstrim not needed
    FstrimState fstrim;
    QDateTime now;
};

struct Alert
{
    AlertRule rule;
    // What the condition is about; a new state of the same rule is a new alert ("90" after
    // "80", a higher error count, another mount point).
    QString state;
    std::optional<double> value; // the figure that triggered it, when there is one
};

QList<Alert> evaluateAlerts(const DriveState &previous, const DriveState &current,
                            const AlertThresholds &thresholds = {});

// The conditions not delivered yet: `sent` is what was delivered (rule name -> state) and still
// stands. The caller stores standingAlerts(conditions) as the new `sent`.
QList<Alert> newAlerts(const QList<Alert> &conditions, const QMap<QString, QString> &sent);
QMap<QString, QString> standingAlerts(const QList<Alert> &conditions);

} // namespace trimscope::history
