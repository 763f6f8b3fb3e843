#include "driveentry.h"

#include <QCoreApplication>

namespace trimscope::gui {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("DriveEntry", text);
}
} // namespace

QString usageOf(const BlockDevice &device)
{
    QStringList uses;
    for (const DeviceMount &mount : device.mounts)
        uses.append(tr("%1 mounted at %2").arg(mount.deviceName, mount.mountPoint));
    for (const QString &swap : device.swaps)
        uses.append(tr("swap on %1").arg(swap));
    for (const QString &holder : device.holders)
        uses.append(tr("held by %1").arg(holder));
    if (device.holdsRoot && uses.isEmpty())
        uses.append(tr("holds the root file system"));
    return uses.isEmpty() ? tr("no") : uses.join(QStringLiteral("; "));
}

DriveEntry driveEntryFrom(const QString &backendId, const BlockDevice &device)
{
    DriveEntry entry;
    entry.backendId = backendId;
    entry.id = backendId + QLatin1Char(':') + device.path;
    entry.info = driveInfoFrom(device);
    entry.supportsDiscard = device.supportsDiscard();
    entry.usage = usageOf(device);
    entry.safety = evaluateSafety(device);
    return entry;
}

} // namespace trimscope::gui
