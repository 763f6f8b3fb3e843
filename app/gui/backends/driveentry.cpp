#include "driveentry.h"

#include <QCoreApplication>

namespace trimscope::gui {

namespace {
// A named context lupdate and the runtime agree on (a free tr() wrapper in a namespace gets the
// namespace's name from lupdate, so its strings never matched).
struct DriveUsage
{
    Q_DECLARE_TR_FUNCTIONS(DriveUsage)
};
} // namespace

QString usageOf(const BlockDevice &device)
{
    QStringList uses;
    for (const DeviceMount &mount : device.mounts)
        uses.append(DriveUsage::tr("%1 mounted at %2").arg(mount.deviceName, mount.mountPoint));
    for (const QString &swap : device.swaps)
        uses.append(DriveUsage::tr("swap on %1").arg(swap));
    for (const QString &holder : device.holders)
        uses.append(DriveUsage::tr("held by %1").arg(holder));
    if (device.holdsRoot && uses.isEmpty())
        uses.append(DriveUsage::tr("holds the root file system"));
    return uses.isEmpty() ? DriveUsage::tr("no") : uses.join(QStringLiteral("; "));
}

DriveEntry driveEntryFrom(const QString &backendId, const BlockDevice &device)
{
    DriveEntry entry;
    entry.backendId = backendId;
    entry.id = backendId + QLatin1Char(':') + device.path;
    entry.info = driveInfoFrom(device);
    entry.supportsDiscard = device.supportsDiscard();
    entry.noMedium = device.noMedium;
    entry.usage = usageOf(device);
    entry.safety = evaluateSafety(device);
    return entry;
}

} // namespace trimscope::gui
