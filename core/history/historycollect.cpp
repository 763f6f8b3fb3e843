#include "historycollect.h"

#include "watch/attachment.h"

#include <QJsonArray>
#include <QJsonObject>
#include <cstdlib>

namespace trimscope::history {

QString driveKey(const QString &wwid, const QString &model, const QString &serial)
{
    if (!wwid.trimmed().isEmpty())
        return QStringLiteral("wwn:") + wwid.trimmed();
    if (!serial.trimmed().isEmpty())
        return QStringLiteral("serial:%1:%2").arg(model.trimmed(), serial.trimmed());
    return {};
}

std::optional<DiscardCounterReading> readDiscardCounters(const BlockDevice &disk,
                                                         const QString &sysRoot,
                                                         const QString &procRoot,
                                                         const QString &ledgerPath)
{
    // The partitions too: a sighting the watch later counts from holds every device it shows.
    const Expected<watch::CounterSnapshot> now =
        watch::readCounters(watch::watchedNames(disk), sysRoot);
    if (!now || !now->devices.contains(disk.name))
        return std::nullopt;
    const fsbench::DiskStats stats = now->devices.value(disk.name);
    DiscardCounterReading reading;
    reading.bootId = watch::readBootId(procRoot);
    reading.ios = stats.discardIos;
    reading.sectors = stats.discardSectors;
    reading.milliseconds = stats.discardMilliseconds;
    reading.diskseq = now->diskseq;
    reading.mediumCanChange = watch::mediumCanChange(disk.name, sysRoot);
    if (!reading.mediumCanChange)
        return reading;
    const Expected<watch::AttachmentSightings> known = watch::noteSighting(
        disk.name, *now, sysRoot, procRoot,
        ledgerPath.isEmpty() ? watch::AttachmentLedger::defaultPath() : ledgerPath);
    if (known && known->first.diskseq == reading.diskseq && known->first.counters.at < now->at) {
        const fsbench::DiskStats first = known->first.counters.devices.value(disk.name);
        reading.attachmentFirst =
            DiscardCounts{first.discardIos, first.discardSectors, first.discardMilliseconds};
    }
    return reading;
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

namespace {
constexpr qint64 kSameRunSeconds = 10 * 60;
const QString kJournalSource = QStringLiteral("journal");

HistoryEvent journalEvent(const audit::FstrimRun &run, const QStringList &mountPoints)
{
    QJsonObject details{{QStringLiteral("source"), kJournalSource}};
    if (run.succeeded)
        details.insert(QStringLiteral("succeeded"), *run.succeeded);
    if (!run.result.isEmpty())
        details.insert(QStringLiteral("result"), run.result);
    if (run.seconds)
        details.insert(QStringLiteral("seconds"), *run.seconds);
    // Bytes only where fstrim reported this drive's filesystems: absent means unknown.
    if (const auto bytes = audit::trimmedOn(run, mountPoints))
        details.insert(QStringLiteral("bytes"), double(*bytes));
    if (!run.failures.isEmpty())
        details.insert(QStringLiteral("failures"), QJsonArray::fromStringList(run.failures));
    return {run.started, EventKind::FstrimRun, details};
}
} // namespace

QList<HistoryEvent> fstrimEvents(const audit::FstrimStatus &status,
                                 const QList<audit::FstrimRun> &journal,
                                 const QStringList &mountPoints)
{
    QList<HistoryEvent> events;
    bool lastInJournal = false;
    for (const audit::FstrimRun &run : journal) {
        events.append(journalEvent(run, mountPoints));
        if (status.lastRun && std::abs(run.started.secsTo(*status.lastRun)) <= kSameRunSeconds)
            lastInJournal = true;
    }
    if (!lastInJournal) {
        if (const auto last = fstrimEventOf(status))
            events.append(*last);
    }
    return events;
}

bool journalMayHaveNewRun(const audit::FstrimStatus &status,
                          const std::optional<QDateTime> &lastFromJournal)
{
    if (!status.lastRun)
        return false;
    return !lastFromJournal || lastFromJournal->secsTo(*status.lastRun) > kSameRunSeconds;
}

std::optional<QDateTime> lastJournalRun(const HistoryStore &store)
{
    std::optional<QDateTime> last;
    for (const DriveRecord &drive : store.drives()) {
        for (const HistoryEvent &e : store.events(drive.id, EventKind::FstrimRun)) {
            if (e.details.value(QStringLiteral("source")).toString() == kJournalSource &&
                (!last || e.at > *last))
                last = e.at;
        }
    }
    return last;
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

DriveState currentState(const metrics::TrimMetrics &trim, const QString &driveName,
                        std::optional<HistoryDay> day, const QDateTime &now)
{
    DriveState s;
    s.day = std::move(day);
    s.trimReach = trimReachOf(trim.filesystems, driveName);
    s.onlineDiscard = onlineDiscardOnly(trim.filesystems, driveName);
    s.fstrim = fstrimStateOf(trim.fstrim);
    s.now = now;
    return s;
}

QMap<QString, double> alertGauges(const QList<Alert> &conditions)
{
    QMap<QString, double> gauges;
    for (int rule = 0; rule <= int(AlertRule::FstrimStale); ++rule)
        gauges.insert(alertRuleName(AlertRule(rule)), 0);
    for (const Alert &a : conditions)
        gauges[alertRuleName(a.rule)] += 1;
    return gauges;
}

void addAlertGauges(metrics::TrimMetrics &trim, const QMap<QString, metrics::HealthReading> &health,
                    const HistoryStore *history, const AlertThresholds &thresholds)
{
    const QDateTime now =
        trim.generatedAt.isValid() ? trim.generatedAt : QDateTime::currentDateTimeUtc();
    const QDate today = now.toLocalTime().date();
    for (metrics::DriveMetrics &drive : trim.drives) {
        std::optional<HistoryDay> day;
        if (const auto it = health.constFind(drive.device); it != health.cend() && it->health)
            day = dayFromHealth(*it->health, today);
        DriveState previous;
        if (history && !drive.serial.isEmpty()) {
            if (const auto known = history->findDrive(drive.serial))
                previous = previousState(*history, known->id, today);
        }
        const DriveState current = currentState(trim, drive.device, day, now);
        drive.alerts = alertGauges(evaluateAlerts(previous, current, thresholds));
    }
}

} // namespace trimscope::history
