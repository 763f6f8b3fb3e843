#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "device/deviceprobe.h"
#include "device/driveinfo.h"
#include "device/safetypolicy.h"
#include "hostsnapshot.h"
#include "udisksdevices.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QJsonArray>
#include <QJsonDocument>

namespace trimscope::cli {

namespace {

// A named context lupdate and the runtime agree on.
struct CliList
{
    Q_DECLARE_TR_FUNCTIONS(CliList)
};

QJsonObject deviceToJson(const BlockDevice &device)
{
    QJsonObject json = driveInfoFrom(device).toJson();
    const SafetyVerdict verdict = evaluateSafety(device);
    QJsonArray refusals;
    for (const Refusal &refusal : verdict.refusals)
        refusals.append(QJsonObject{{QStringLiteral("reason"), refusalReasonName(refusal.reason)},
                                    {QStringLiteral("error"), errorCodeName(refusal.code)},
                                    {QStringLiteral("message"), refusal.message}});
    QJsonArray mounts;
    for (const DeviceMount &mount : device.mounts)
        mounts.append(QJsonObject{{QStringLiteral("device"), mount.deviceName},
                                  {QStringLiteral("mount_point"), mount.mountPoint},
                                  {QStringLiteral("fs_type"), mount.fsType}});
    json.insert(QStringLiteral("partitions"), QJsonArray::fromStringList(device.partitions));
    json.insert(QStringLiteral("holders"), QJsonArray::fromStringList(device.holders));
    json.insert(QStringLiteral("mounts"), mounts);
    json.insert(QStringLiteral("swaps"), QJsonArray::fromStringList(device.swaps));
    json.insert(QStringLiteral("holds_root"), device.holdsRoot);
    json.insert(QStringLiteral("loop_backing_file"), device.loopBackingFile);
    json.insert(QStringLiteral("optical_drive"), device.opticalDrive);
    json.insert(QStringLiteral("no_medium"), device.noMedium);
    json.insert(QStringLiteral("safe_for_destructive_run"), verdict.allowed());
    json.insert(QStringLiteral("refusals"), refusals);
    return json;
}

QString trimColumn(const BlockDevice &device)
{
    if (!device.supportsDiscard())
        return QStringLiteral("no");
    return QStringLiteral("%1/%2").arg(formatBytes(device.discardGranularity),
                                       formatBytes(device.discardMaxBytes));
}

} // namespace

// The disks with the mounts and swap that keep a destructive run off them. Inside the Flatpak
// this process's mount table is the sandbox's (the host's mounts are not in it): there the
// host's udisks2 says what is mounted, as it does for the GUI's udisks tier.
QList<BlockDevice> disksToList()
{
    QList<BlockDevice> disks = DeviceProbe().listDisks();
    if (!apply::seesHostThroughUdisks())
        return disks;
    registerUdisksTypes();
    const Expected<UdisksObjects> objects = fetchUdisksObjects(QDBusConnection::systemBus());
    if (!objects) {
        printError(CliList::tr("In the Flatpak sandbox only udisks2 knows what the host has "
                               "mounted, and it did not answer (%1): a mounted drive may be "
                               "listed as allowed.")
                       .arg(objects.error().message));
        return disks;
    }
    for (BlockDevice &disk : disks) {
        if (const std::optional<UdisksDisk> known = findUdisksDisk(*objects, disk.path))
            disk = blockDeviceOf(*known);
    }
    return disks;
}

int runList(const QStringList &args)
{
    const bool json = args.contains(QLatin1String("--json"));
    if (args.size() > (json ? 1 : 0)) {
        printError(QStringLiteral("list takes no arguments but --json"));
        return ExitRefused;
    }
    const QList<BlockDevice> disks = disksToList();
    if (json) {
        QJsonArray list;
        for (const BlockDevice &disk : disks)
            list.append(deviceToJson(disk));
        printOut(QString::fromUtf8(QJsonDocument(list).toJson()));
        return ExitOk;
    }
    printOut(QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                 .arg(QStringLiteral("DEVICE"), -14)
                 .arg(QStringLiteral("SIZE"), -10)
                 .arg(QStringLiteral("BUS"), -8)
                 .arg(QStringLiteral("TRIM gran/max"), -20)
                 .arg(QStringLiteral("MODEL"), -28)
                 .arg(QStringLiteral("DESTRUCTIVE RUN")));
    for (const BlockDevice &disk : disks) {
        const SafetyVerdict verdict = evaluateSafety(disk);
        // A loop device is best named by what it is backed by.
        const QString model = disk.loopBackingFile.isEmpty() ? disk.model : disk.loopBackingFile;
        printOut(
            QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                .arg(disk.path, -14)
                .arg(disk.noMedium ? CliList::tr("no medium") : formatBytes(disk.sizeBytes), -10)
                .arg(disk.transport.isEmpty() ? QStringLiteral("-") : disk.transport, -8)
                .arg(trimColumn(disk), -20)
                .arg(model.left(28), -28)
                .arg(verdict.allowed()
                         ? QStringLiteral("allowed")
                         : QStringLiteral("refused: ") + verdict.refusals.first().message));
    }
    return ExitOk;
}

} // namespace trimscope::cli
