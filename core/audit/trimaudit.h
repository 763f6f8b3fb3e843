#pragma once

#include "blockstack.h"
#include "common/expected.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace trimscope::audit {

class SystemSnapshot;

// Ordered: a report is sorted most severe first, and thresholds compare with >=.
enum class Severity { Info, Advice, Warning, Problem };

QString severityName(Severity severity);        // "info", "advice", "warning", "problem"
QString severityDisplayName(Severity severity); // translated
std::optional<Severity> severityFromName(const QString &name);

struct Finding
{
    QString id; // stable rule id, e.g. "discards-blocked-crypt"
    Severity severity = Severity::Info;
    QString subject; // mount point, swap path, device or "system"
    QString title;
    QString explanation;
    QString fix; // the exact command or file line; empty when nothing needs doing

    QJsonObject toJson() const;
    static std::optional<Finding> fromJson(const QJsonObject &json);
};

// A mounted filesystem or an active swap area on a solid-state (or discard-capable) device.
struct AuditTarget
{
    enum class Kind { Filesystem, Swap };
    Kind kind = Kind::Filesystem;
    QString subject;          // "/", "/home", "/dev/sda3", "/swapfile"
    QString fsType;           // "ext4", "xfs", "swap"
    QString source;           // as mounted: "/dev/mapper/root"
    QStringList mountOptions; // per-mount and superblock options together
    QString fstabLine;        // the matching /etc/fstab line, if any
    QStringList fstabOptions;
    std::optional<double> usedFraction; // 0..1 as df computes it
    StorageStack stack;

    QJsonObject toJson() const;
    static std::optional<AuditTarget> fromJson(const QJsonObject &json);
};

struct AuditReport
{
    QDateTime capturedAt;
    QList<AuditTarget> targets;
    QList<Finding> findings; // most severe first
    // Whether systemd is PID 1: where it is not, its timers never fire and a weekly fstrim is
    // cron's to run. Unknown (a file from before it was recorded) counts as running.
    bool systemdRunning = true;
    QString pid1; // PID 1's name ("systemd", "init", "bash"); empty when unknown

    QList<Finding> findingsFor(const QString &subject) const;
    int count(Severity atLeast) const;
    // The body of the audit report (io.github.trimscope.audit; report/ adds the envelope).
    QJsonObject toJson() const;
    // InvalidArgument for a finding, target or layer of an unknown kind.
    static Expected<AuditReport> fromJson(const QJsonObject &json);
};

// Mounted with `discard` (or `discard=async`; swap: its fstab entry).
bool usesOnlineDiscard(const AuditTarget &target);
// Only a periodic fstrim trims it: discards reach the disk, no online discard, and fstrim.timer
// does not skip it (X-fstrim.notrim).
bool periodicTrimWanted(const AuditTarget &target);

// The whole audit: pure, so a saved snapshot reproduces a report exactly.
AuditReport runAudit(const SystemSnapshot &snapshot);

// The stack drawn on one line: "ext4 / → dm-0 (crypt, discards blocked) → sda2 → sda".
QString describeStack(const AuditTarget &target);

} // namespace trimscope::audit
