#include "historycollect.h"

#include <QJsonObject>

namespace trimscope::history {

QString driveKey(const QString &wwid, const QString &model, const QString &serial)
{
    if (!wwid.trimmed().isEmpty())
        return QStringLiteral("wwn:") + wwid.trimmed();
    if (!serial.trimmed().isEmpty())
        return QStringLiteral("serial:%1:%2").arg(model.trimmed(), serial.trimmed());
    return {};
}

DriveReading readingOf(const FoundDrive &found, QDate day)
{
    DriveReading r;
    const health::DriveHealth *h = found.health ? &*found.health : nullptr;
    QString serial = found.disk.serial;
    if (serial.isEmpty() && h && h->ata)
        serial = h->ata->identify.serial;
    if (serial.isEmpty() && h && h->nvmeIdentify)
        serial = h->nvmeIdentify->serial;
    r.model = found.disk.model.isEmpty() && h ? h->model : found.disk.model;
    r.serial = serial;
    r.key = driveKey(found.wwid, r.model, serial);
    r.capacityBytes = double(found.disk.sizeBytes);
    r.name = found.disk.name;
    r.day = h ? dayFromHealth(*h, day) : HistoryDay{};
    r.day.day = day;
    r.discards = found.discards;
    return r;
}

QMap<QString, bool> trimReachOf(const QList<metrics::FilesystemMetrics> &filesystems,
                                const QString &driveName)
{
    QMap<QString, bool> reach;
    for (const metrics::FilesystemMetrics &f : filesystems) {
        if (f.drives.contains(driveName))
            reach.insert(f.mountpoint, f.discardReachesDrive);
    }
    return reach;
}

bool onlineDiscardOnly(const QList<metrics::FilesystemMetrics> &filesystems,
                       const QString &driveName)
{
    bool any = false;
    for (const metrics::FilesystemMetrics &f : filesystems) {
        if (!f.drives.contains(driveName))
            continue;
        if (!f.onlineDiscard && f.periodicTrimWanted)
            return false;
        any = true;
    }
    return any;
}

FstrimState fstrimStateOf(const audit::FstrimStatus &status)
{
    FstrimState s;
    s.known = status.timerKnown && status.systemdRunning;
    s.timerEnabled = status.timerEnabled;
    s.cronConfigured = status.cronConfigured();
    s.lastRun = status.lastRun;
    s.lastRunSucceeded = status.lastRunSucceeded;
    return s;
}

std::optional<HistoryEvent> fstrimEventOf(const audit::FstrimStatus &status)
{
    if (!status.lastRun)
        return std::nullopt;
    QJsonObject details{{QStringLiteral("source"), status.lastRunSource}};
    if (status.lastRunSucceeded)
        details.insert(QStringLiteral("succeeded"), *status.lastRunSucceeded);
    if (!status.lastResult.isEmpty())
        details.insert(QStringLiteral("result"), status.lastResult);
    return HistoryEvent{*status.lastRun, EventKind::FstrimRun, details};
}

HistoryEvent trimReachEvent(const QMap<QString, bool> &reach, const QDateTime &at)
{
    QJsonObject filesystems;
    for (auto it = reach.cbegin(); it != reach.cend(); ++it)
        filesystems.insert(it.key(), it.value());
    return {at, EventKind::TrimReach, {{QStringLiteral("filesystems"), filesystems}}};
}

QMap<QString, bool> trimReachFrom(const HistoryEvent &event)
{
    QMap<QString, bool> reach;
    const QJsonObject filesystems = event.details.value(QStringLiteral("filesystems")).toObject();
    for (auto it = filesystems.begin(); it != filesystems.end(); ++it)
        reach.insert(it.key(), it.value().toBool());
    return reach;
}

DriveState previousState(const HistoryStore &store, qint64 drive, QDate today)
{
    DriveState s;
    const QList<HistoryDay> before = store.days(drive, {}, today.addDays(-1));
    if (!before.isEmpty())
        s.day = before.constLast();
    const QList<HistoryEvent> reach = store.events(drive, EventKind::TrimReach);
    if (!reach.isEmpty())
        s.trimReach = trimReachFrom(reach.constLast());
    return s;
}

} // namespace trimscope::history
