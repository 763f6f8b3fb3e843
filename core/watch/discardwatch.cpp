#include "discardwatch.h"

#include "attachment.h"
#include "audit/blockstack.h"
#include "audit/systemsnapshot.h"
#include "common/jsonchecks.h"
#include "device/procparsers.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSet>
#include <algorithm>

namespace trimscope::watch {

namespace {

struct WatchText
{
    Q_DECLARE_TR_FUNCTIONS(DiscardWatch)
};

QStringList mountPointsOf(const BlockDevice &disk, const QString &name)
{
    QStringList points;
    for (const DeviceMount &mount : disk.mounts) {
        if (mount.deviceName == name)
            points.append(mount.mountPoint);
    }
    return points;
}

QList<WatchedFilesystem> filesystemsOf(const BlockDevice &disk, const QString &name)
{
    QList<WatchedFilesystem> filesystems;
    for (const DeviceMount &mount : disk.mounts) {
        if (mount.deviceName == name)
            filesystems.append({mount.mountPoint, mount.fsType, mount.onlineDiscard,
                                mount.majorMinor, std::nullopt});
    }
    return filesystems;
}

const std::tuple kWatchedFilesystemFields{
    JsonField{"mount_point", &WatchedFilesystem::mountPoint},
    JsonField{"fs_type", &WatchedFilesystem::fsType},
    JsonField{"online_discard", &WatchedFilesystem::onlineDiscard},
    JsonField{"device_number", &WatchedFilesystem::majorMinor},
};

double grownSeconds(quint64 beforeMs, quint64 afterMs)
{
    return afterMs >= beforeMs ? double(afterMs - beforeMs) / 1000.0 : 0;
}

} // namespace

QJsonObject WatchedFilesystem::toJson() const
{
    QJsonObject json = fieldsToJson(*this, kWatchedFilesystemFields);
    if (btrfs)
        json.insert(QStringLiteral("btrfs_discard"), btrfs->toJson());
    return json;
}

WatchedFilesystem WatchedFilesystem::fromJson(const QJsonObject &json)
{
    WatchedFilesystem fs;
    fieldsFromJson(json, fs, kWatchedFilesystemFields);
    if (json.contains(QStringLiteral("btrfs_discard")))
        fs.btrfs = audit::BtrfsDiscardStats::fromJson(
            json.value(QStringLiteral("btrfs_discard")).toObject());
    return fs;
}

double DiscardUse::shareOfPeriod(double periodSeconds) const
{
    return periodSeconds > 0 ? discards.deviceSeconds / periodSeconds : 0;
}

bool DiscardUse::onlineDiscard() const
{
    return std::any_of(filesystems.cbegin(), filesystems.cend(),
                       [](const WatchedFilesystem &fs) { return fs.onlineDiscard; });
}

const DiscardUse *DiscardWatch::useOf(const QString &mountPoint) const
{
    for (const DiscardUse &use : uses) {
        if (use.mountPoints.contains(mountPoint))
            return &use;
    }
    return nullptr;
}

QJsonObject DiscardWatch::toJson() const
{
    QJsonArray devices;
    for (const DiscardUse &use : uses) {
        devices.append(QJsonObject{
            {QStringLiteral("name"), use.name},
            {QStringLiteral("mount_points"), QJsonArray::fromStringList(use.mountPoints)},
            {QStringLiteral("filesystems"), toJsonArray(use.filesystems)},
            {QStringLiteral("discards"), use.discards.toJson()},
            {QStringLiteral("busy_s"), use.busySeconds},
            {QStringLiteral("share_of_period"), use.shareOfPeriod(periodSeconds)},
        });
    }
    QJsonObject json{
        {QStringLiteral("kind"), QStringLiteral("watch")},
        {QStringLiteral("drive"), drive.toJson()},
        {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)},
        {QStringLiteral("period_s"), periodSeconds},
        {QStringLiteral("since_boot"), sinceBoot},
        {QStringLiteral("devices"), devices},
    };
    // Only where there is something to say (a loop device's counters since boot); readers take
    // the empty text earlier watches wrote as the absent key.
    if (!foreignCounters.isEmpty())
        json.insert(QStringLiteral("foreign_counters"), foreignCounters);
    if (!countedSince.isEmpty())
        json.insert(QStringLiteral("counted_since"), countedSince);
    return json;
}

namespace {

// What no watch writes, the field named: negative counts and times, a period of 0, a device
// list that is not one or is empty, a line break in a name or mount point (issue 48).
Error checkDevice(const QJsonValue &value, const QString &path)
{
    if (!value.isObject())
        return fieldError(path, WatchText::tr("not an object"));
    const QJsonObject device = value.toObject();
    const QString name = device.value(QStringLiteral("name")).toString();
    if (const QString why = textProblem(device.value(QStringLiteral("name"))); !why.isEmpty())
        return fieldError(fieldPath(path, "name"), why);
    if (name.isEmpty() || name.contains(QLatin1Char('/')))
        return fieldError(fieldPath(path, "name"), WatchText::tr("not a device name"));
    if (const QString why = textsProblem(device.value(QStringLiteral("mount_points")));
        device.contains(QStringLiteral("mount_points")) && !why.isEmpty())
        return fieldError(fieldPath(path, "mount_points"), why);
    if (Error error = checkObjectField(device, "discards", path); error.isError())
        return error;
    if (Error error = fsbench::DiscardDelta::checkJson(
            device.value(QStringLiteral("discards")).toObject(), fieldPath(path, "discards"));
        error.isError())
        return error;
    if (const QString why = quantityProblem(device.value(QStringLiteral("busy_s")));
        device.contains(QStringLiteral("busy_s")) && !why.isEmpty())
        return fieldError(fieldPath(path, "busy_s"), why);
    if (device.contains(QStringLiteral("filesystems"))) {
        if (Error error = checkArrayField(device, "filesystems", path, false); error.isError())
            return error;
        const QJsonArray filesystems = device.value(QStringLiteral("filesystems")).toArray();
        for (qsizetype i = 0; i < filesystems.size(); ++i) {
            const QString where = fieldPath(fieldPath(path, "filesystems"), i);
            if (!filesystems.at(i).isObject())
                return fieldError(where, WatchText::tr("not an object"));
            if (Error error =
                    checkFields(filesystems.at(i).toObject(), kWatchedFilesystemFields, where);
                error.isError())
                return error;
        }
    }
    return {};
}

Error checkWatch(const QJsonObject &json)
{
    if (Error error = checkObjectField(json, "drive", QString()); error.isError())
        return error;
    if (Error error = checkArrayField(json, "devices", QString(), /*nonEmpty=*/true);
        error.isError())
        return error;
    // Every share of the period divides by it.
    const QJsonValue period = json.value(QStringLiteral("period_s"));
    if (QString why = quantityProblem(period); !why.isEmpty() || !(period.toDouble() > 0))
        return fieldError(QStringLiteral("period_s"),
                          why.isEmpty() ? WatchText::tr("not more than 0") : why);
    if (const QString why = textProblem(json.value(QStringLiteral("started")));
        json.contains(QStringLiteral("started")) && !why.isEmpty())
        return fieldError(QStringLiteral("started"), why);
    if (const QString why = textProblem(json.value(QStringLiteral("counted_since")));
        json.contains(QStringLiteral("counted_since")) && !why.isEmpty())
        return fieldError(QStringLiteral("counted_since"), why);
    if (const QString why = flagProblem(json.value(QStringLiteral("since_boot")));
        json.contains(QStringLiteral("since_boot")) && !why.isEmpty())
        return fieldError(QStringLiteral("since_boot"), why);
    const QJsonArray devices = json.value(QStringLiteral("devices")).toArray();
    for (qsizetype i = 0; i < devices.size(); ++i) {
        if (Error error = checkDevice(devices.at(i), fieldPath(QStringLiteral("devices"), i));
            error.isError())
            return error;
    }
    return {};
}

} // namespace

Expected<DiscardWatch> DiscardWatch::fromJson(const QJsonObject &json)
{
    const JsonFields f(json);
    if (!f.has("devices") || !f.has("drive"))
        return makeError(ErrorCode::InvalidArgument,
                         WatchText::tr("it names no drive or no devices"));
    if (Error error = checkWatch(json); error.isError())
        return error;
    DiscardWatch watch;
    watch.drive = DriveInfo::fromJson(f.object("drive"));
    watch.started = QDateTime::fromString(f.text("started"), Qt::ISODateWithMs);
    watch.periodSeconds = f.number("period_s");
    watch.sinceBoot = f.flag("since_boot");
    watch.foreignCounters = f.text("foreign_counters"); // absent before issue 46
    watch.countedSince = f.text("counted_since");
    for (const QJsonValue &value : f.array("devices")) {
        const JsonFields d(value.toObject());
        DiscardUse use;
        use.name = d.text("name");
        use.mountPoints = d.texts("mount_points");
        for (const QJsonValue &fs : d.array("filesystems"))
            use.filesystems.append(WatchedFilesystem::fromJson(fs.toObject()));
        use.discards = fsbench::DiscardDelta::fromJson(d.object("discards"));
        use.busySeconds = d.number("busy_s");
        watch.uses.append(use);
    }
    return watch;
}

QStringList watchedNames(const BlockDevice &disk)
{
    return QStringList{disk.name} + disk.partitions;
}

Expected<CounterSnapshot> readCounters(const QStringList &names, const QString &sysRoot)
{
    CounterSnapshot snapshot;
    snapshot.at = QDateTime::currentDateTimeUtc();
    snapshot.diskseq = names.isEmpty() ? 0 : readDiskseq(names.constFirst(), sysRoot);
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
    if (before.diskseq != 0 && after.diskseq != 0 && before.diskseq != after.diskseq)
        watch.foreignCounters =
            WatchText::tr("the medium of %1 changed during the period (a loop device attached "
                          "again, a disc or card swapped), so some of these discards went to the "
                          "one before; watch it again")
                .arg(disk.name);
    for (const QString &name : watchedNames(disk)) {
        if (!before.devices.contains(name) || !after.devices.contains(name))
            continue; // a partition that came or went during the period
        const fsbench::DiskStats &was = before.devices.value(name);
        const fsbench::DiskStats &is = after.devices.value(name);
        DiscardUse use;
        use.name = name;
        use.mountPoints = mountPointsOf(disk, name);
        use.filesystems = filesystemsOf(disk, name);
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

void addFilesystemCounters(DiscardWatch &watch, const QString &sysRoot)
{
    for (DiscardUse &use : watch.uses) {
        for (WatchedFilesystem &fs : use.filesystems) {
            if (fs.fsType != QLatin1String("btrfs"))
                continue;
            const Expected<audit::BtrfsDiscardStats> stats =
                audit::readBtrfsDiscard(use.name, sysRoot);
            fs.btrfs = stats ? std::optional(*stats) : std::nullopt;
        }
    }
}

Expected<DiscardWatch> readSinceBoot(const BlockDevice &disk, const QString &sysRoot,
                                     const QString &procRoot, const QString &ledgerPath,
                                     const QString &udevRoot)
{
    const Expected<CounterSnapshot> now = readCounters(watchedNames(disk), sysRoot);
    if (!now)
        return now.error();
    const Expected<double> uptime = readUptimeSeconds(procRoot);
    if (!uptime)
        return uptime.error();
    DiscardWatch watch = sinceBoot(disk, *now, *uptime);
    if (!mediumCanChange(disk.name, sysRoot))
        countFromAppearance(watch, udevInitializedSeconds(disk.name, sysRoot, udevRoot));
    else
        watch = countFromAttachment(
            watch, disk, *now,
            noteSighting(disk.name, *now, sysRoot, procRoot,
                         ledgerPath.isEmpty() ? AttachmentLedger::defaultPath() : ledgerPath));
    addFilesystemCounters(watch, sysRoot);
    return watch;
}

QString watchedDriveName(const audit::SystemSnapshot &snapshot, const QString &deviceName)
{
    const audit::StorageStack stack = audit::walkStack(snapshot, deviceName);
    const QList<const audit::StackLayer *> bottoms = stack.bottoms();
    if (!bottoms.isEmpty())
        return bottoms.constFirst()->name;
    // A stack that ends at no disk this computer sees (a loop device over a file on a network
    // filesystem): the device itself, or a partition's disk.
    for (const audit::StackLayer &layer : stack.layers) {
        if (layer.name == deviceName && layer.kind == audit::LayerKind::Partition &&
            !layer.lower.isEmpty())
            return layer.lower.constFirst();
    }
    return deviceName;
}

void placeFilesystems(DiscardWatch &watch, const audit::SystemSnapshot &snapshot)
{
    QSet<QString> watched;
    for (const DiscardUse &use : std::as_const(watch.uses))
        watched.insert(use.name);
    QMap<QString, QList<WatchedFilesystem>> placed;
    const QList<MountInfoEntry> mounts =
        parseMountInfo(snapshot.valueOr(QStringLiteral("/proc/self/mountinfo")));
    for (const MountInfoEntry &mount : mounts) {
        // By number; by source where the number is anonymous (btrfs).
        QString name = audit::blockNameForDevNumber(snapshot, mount.majorMinor);
        if (name.isEmpty())
            name = audit::blockNameForDevPath(snapshot, mount.source);
        if (name.isEmpty())
            continue; // proc, tmpfs, FUSE: on no block device
        // Breadth-first: the first watched layer is the shallowest.
        for (const audit::StackLayer &layer : audit::walkStack(snapshot, name).layers) {
            if (!watched.contains(layer.name))
                continue;
            placed[layer.name].append({mount.mountPoint, mount.fsType,
                                       mount.hasOption(QStringLiteral("discard")), mount.majorMinor,
                                       std::nullopt});
            break;
        }
    }
    // What a filesystem counted of itself (btrfs) stays with its mount point.
    QMap<QString, audit::BtrfsDiscardStats> ownCounters;
    for (const DiscardUse &use : std::as_const(watch.uses)) {
        for (const WatchedFilesystem &fs : use.filesystems) {
            if (fs.btrfs)
                ownCounters.insert(fs.mountPoint, *fs.btrfs);
        }
    }
    for (DiscardUse &use : watch.uses) {
        use.filesystems = placed.value(use.name);
        for (WatchedFilesystem &fs : use.filesystems) {
            if (ownCounters.contains(fs.mountPoint))
                fs.btrfs = ownCounters.value(fs.mountPoint);
        }
        use.mountPoints.clear();
        for (const WatchedFilesystem &fs : std::as_const(use.filesystems))
            use.mountPoints.append(fs.mountPoint);
    }
}

Expected<double> readUptimeSeconds(const QString &procRoot)
{
    QFile file(procRoot + QStringLiteral("/uptime"));
    if (!file.open(QIODevice::ReadOnly))
        return makeError(
            ErrorCode::IoError,
            QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
    bool ok = false;
    const double seconds = file.readAll().simplified().split(' ').value(0).toDouble(&ok);
    if (!ok || seconds < 0)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1 holds no uptime").arg(file.fileName()));
    return seconds;
}

} // namespace trimscope::watch
