#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope::audit {

class SystemSnapshot;

// What the machine records about periodic TRIM: fstrim.timer, the last fstrim.service run and
// any cron job. Read from a snapshot (pure), so recorded machines reproduce it exactly.
struct FstrimStatus
{
    bool timerEnabled = false; // timers.target wants fstrim.timer and it is not masked
    bool timerMasked = false;
    bool systemdRunning = true; // PID 1 is systemd (unknown counts as running)
    // False where the snapshot could not see the timer's state (the sandbox's bus lacked
    // systemd's answer): timerEnabled false then means unknown, not off.
    bool timerKnown = true;
    QStringList cronFiles; // cron tables that run fstrim

    // The last run: fstrim.service's start in this boot, else the timer's last trigger (which
    // systemd keeps across reboots in its stamp file), else that stamp file's time.
    std::optional<QDateTime> lastRun;
    QString lastRunSource; // "fstrim.service", "fstrim.timer", "stamp-file"
    // Only systemd's record of the service knows how a run ended (this boot only).
    std::optional<bool> lastRunSucceeded;
    QString lastResult; // systemd's Result: "success", "exit-code", "signal", ...
    std::optional<int> lastExitStatus;
    std::optional<QDateTime> nextRun;

    bool cronConfigured() const { return !cronFiles.isEmpty(); }
    QJsonObject toJson() const;
};

FstrimStatus fstrimStatus(const SystemSnapshot &snapshot);

// A weekly fstrim where systemd does not run (its timers never fire there): the line for cron and
// the file it goes in. Every mounted filesystem that supports it, Sundays at 03:30.
QString fstrimCronFile(); // "/etc/cron.d/fstrim"
QString fstrimCronLine(); // "30 3 * * 0 root /sbin/fstrim --all"

// `systemctl show UNIT --timestamp=unix -p ...` as SystemSnapshot::capture() records it: the
// program, its arguments and the snapshot key its output is stored under.
QStringList systemctlShowArguments(const QString &unit);
QString systemctlShowKey(const QString &unit);

// Parses `systemctl show` output ("Key=value" lines). Pure.
QMap<QString, QString> parseSystemctlShow(const QString &text);
// "@1795407236" (--timestamp=unix) or "Mon 2026-11-23 04:13:56 UTC" (systemd 252 prints timer
// properties so whatever --timestamp says) → that time; empty, "n/a" or anything else → nothing.
std::optional<QDateTime> parseSystemdTimestamp(const QString &value);

} // namespace trimscope::audit
