#include "discardwatch.h"

#include <QFile>
#include <QJsonArray>

namespace trimscope::watch {

namespace {

QStringList mountPointsOf(const BlockDevice &disk, const QString &name)
{
    QStringList points;
    for (const DeviceMount &mount : disk.mounts) {
        if (mount.deviceName == name)
            points.append(mount.mountPoint);
    }
    return points;
}

double grownSeconds(quint64 beforeMs, quint64 afterMs)
{
    return afterMs >= beforeMs ? double(afterMs - beforeMs) / 1000.0 : 0;
}

} // namespace

double DiscardUse::shareOfPeriod(double periodSeconds) const
{
    return periodSeconds > 0 ? discards.deviceSeconds / periodSeconds : 0;
}

QJsonObject DiscardWatch::toJson() const
{
    QJsonArray devices;
    for (const DiscardUse &use : uses) {
        devices.append(QJsonObject{
            {QStringLiteral("name"), use.name},
            {QStringLiteral("mount_points"), QJsonArray::fromStringList(use.mountPoints)},
            {QStringLiteral("discards"), use.discards.toJson()},
            {QStringLiteral("busy_s"), use.busySeconds},
            {QStringLiteral("share_of_period"), use.shareOfPeriod(periodSeconds)},
        });
    }
    return {
        {QStringLiteral("kind"), QStringLiteral("watch")},
        {QStringLiteral("drive"), drive.toJson()},
        {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)},
        {QStringLiteral("period_s"), periodSeconds},
        {QStringLiteral("since_boot"), sinceBoot},
        {QStringLiteral("devices"), devices},
    };
}

QStringList watchedNames(const BlockDevice &disk)
{
    return QStringList{disk.name} + disk.partitions;
}

Expected<CounterSnapshot> readCounters(const QStringList &names, const QString &sysRoot)
{
    CounterSnapshot snapshot;
    snapshot.at = QDateTime::currentDateTimeUtc();
    for (const QString &name : names) {
        Expected<fsbench::DiskStats> stats = fsbench::readDiskStats(name, sysRoot);
        if (!stats)
            return stats.error();
        snapshot.devices.insert(name, *stats);
    }
    return snapshot;
}

DiscardWatch compareSnapshots(const BlockDevice &disk, const CounterSnapshot &before,
                              const CounterSnapshot &after)
{
    DiscardWatch watch;
    watch.drive = driveInfoFrom(disk);
    watch.started = before.at;
    watch.periodSeconds = double(before.at.msecsTo(after.at)) / 1000.0;
    for (const QString &name : watchedNames(disk)) {
        if (!before.devices.contains(name) || !after.devices.contains(name))
            continue; // a partition that came or went during the period
        const fsbench::DiskStats &was = before.devices.value(name);
        const fsbench::DiskStats &is = after.devices.value(name);
        DiscardUse use;
        use.name = name;
        use.mountPoints = mountPointsOf(disk, name);
        use.discards = fsbench::discardDelta(was, is);
        use.busySeconds = grownSeconds(was.ioTicksMilliseconds, is.ioTicksMilliseconds);
        watch.uses.append(use);
    }
    return watch;
}

DiscardWatch sinceBoot(const BlockDevice &disk, const CounterSnapshot &now, double uptimeSeconds)
{
    CounterSnapshot boot;
    boot.at = now.at.addMSecs(-qint64(uptimeSeconds * 1000));
    for (auto it = now.devices.cbegin(); it != now.devices.cend(); ++it)
        boot.devices.insert(it.key(), fsbench::DiskStats());
    DiscardWatch watch = compareSnapshots(disk, boot, now);
    watch.sinceBoot = true;
    return watch;
}

Expected<double> readUptimeSeconds(const QString &procRoot)
{
    QFile file(procRoot + QStringLiteral("/uptime"));
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::IoError, QStringLiteral("cannot read %1: %2")
                                                 .arg(file.fileName(), file.errorString()));
    bool ok = false;
    const double seconds = file.readAll().simplified().split(' ').value(0).toDouble(&ok);
    if (!ok || seconds < 0)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1 holds no uptime").arg(file.fileName()));
    return seconds;
}

} // namespace trimscope::watch
