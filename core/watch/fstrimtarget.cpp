#include "fstrimtarget.h"

#include "audit/systemsnapshot.h"
#include "device/deviceprobe.h"

#include <QCoreApplication>
#include <QFile>
#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace trimscope::watch {

namespace {

struct FstrimTargetText
{
    Q_DECLARE_TR_FUNCTIONS(FstrimTiming)
};

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

std::optional<int> mountIdOf(int fd)
{
    return parseFdInfoMountId(readText(QStringLiteral("/proc/self/fdinfo/%1").arg(fd)));
}

bool dropsDiscards(const audit::StackLayer &layer)
{
    return !layer.discardPasses || layer.cryptAllowsDiscards == false;
}

// The filesystem lives on the device: its own number (ext4, XFS), or the device is its source
// (btrfs and others with an anonymous number).
bool filesystemIsOn(const MountInfoEntry &mount, const BlockDevice &device)
{
    if (mount.majorMinor == QStringLiteral("%1:%2").arg(device.major).arg(device.minor))
        return true;
    struct stat source = {};
    return mount.source.startsWith(QLatin1String("/dev/")) &&
           ::stat(QFile::encodeName(mount.source).constData(), &source) == 0 &&
           S_ISBLK(source.st_mode) && major(source.st_rdev) == device.major &&
           minor(source.st_rdev) == device.minor;
}

// The mount point, opened without following a last symlink, and only if the descriptor reaches
// the mount we found (a mount stacked on it meanwhile, or a path swapped, leads elsewhere).
Expected<std::shared_ptr<UniqueFd>> openMountPoint(const MountInfoEntry &mount)
{
    const QByteArray path = QFile::encodeName(mount.mountPoint);
    UniqueFd fd(::open(path.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.isValid())
        return makeError(ErrorCode::IoError,
                         FstrimTargetText::tr("cannot open %1: %2")
                             .arg(mount.mountPoint, QString::fromLocal8Bit(strerror(errno))));
    const std::optional<int> mountId = mountIdOf(fd.get());
    if (!mountId || *mountId != mount.mountId)
        return makeError(ErrorCode::IoError,
                         FstrimTargetText::tr("%1 no longer leads to the filesystem %2: nothing "
                                              "was trimmed")
                             .arg(mount.mountPoint, mount.majorMinor));
    return std::make_shared<UniqueFd>(std::move(fd));
}

} // namespace

Expected<FilesystemRef> filesystemAt(const QString &directory)
{
    const UniqueFd fd(
        ::open(QFile::encodeName(directory).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!fd.isValid())
        return makeError(ErrorCode::NoSuchDevice,
                         FstrimTargetText::tr("%1 is not a directory that can be opened: %2")
                             .arg(directory, QString::fromLocal8Bit(strerror(errno))));
    const std::optional<int> id = mountIdOf(fd.get());
    const QList<MountInfoEntry> mounts =
        parseMountInfo(readText(QStringLiteral("/proc/self/mountinfo")));
    const auto mount = std::find_if(mounts.cbegin(), mounts.cend(), [&](const MountInfoEntry &m) {
        return id && m.mountId == *id;
    });
    const auto number =
        mount != mounts.cend() ? parseDeviceNumber(mount->majorMinor) : std::nullopt;
    if (!number)
        return makeError(
            ErrorCode::NoSuchDevice,
            FstrimTargetText::tr("cannot tell which filesystem %1 is on").arg(directory));
    const DeviceProbe probe;
    // btrfs and other filesystems with an anonymous number name their device as the source.
    Expected<BlockDevice> device = probe.probeNumber(number->first, number->second);
    if (!device && mount->source.startsWith(QLatin1String("/dev/")))
        device = probe.probePath(mount->source);
    if (!device)
        return makeError(ErrorCode::NoSuchDevice,
                         FstrimTargetText::tr("%1 (%2 from %3) is not on a block device")
                             .arg(directory, mount->fsType, mount->source));
    FilesystemRef ref;
    ref.major = number->first;
    ref.minor = number->second;
    ref.devicePath = device->path;
    ref.mountPoint = mount->mountPoint;
    ref.fsType = mount->fsType;
    ref.onlineDiscard = mount->hasOption(QStringLiteral("discard"));
    // The same directory the descriptor holds, reached by the mount's own path: mountinfo gives
    // mount points as this process sees them (its root, its namespace).
    struct stat given = {};
    struct stat atMountPoint = {};
    ref.isMountPoint =
        ::fstat(fd.get(), &given) == 0 &&
        ::stat(QFile::encodeName(mount->mountPoint).constData(), &atMountPoint) == 0 &&
        given.st_dev == atMountPoint.st_dev && given.st_ino == atMountPoint.st_ino;
    return ref;
}

std::optional<MountInfoEntry> mountOfFilesystem(const QList<MountInfoEntry> &mounts,
                                                const QString &majorMinor)
{
    std::optional<MountInfoEntry> found;
    for (const MountInfoEntry &mount : mounts) {
        if (mount.majorMinor != majorMinor)
            continue;
        if (mount.root == QLatin1String("/"))
            return mount;
        if (!found)
            found = mount;
    }
    return found;
}

Error checkStackPassesDiscards(const audit::StorageStack &stack, const QString &mountPoint)
{
    if (stack.isEmpty())
        return makeError(ErrorCode::Unsupported,
                         FstrimTargetText::tr("the devices under %1 are not known to the kernel's "
                                              "block layer: nothing was trimmed")
                             .arg(mountPoint));
    for (const audit::StackLayer &layer : stack.layers) {
        if (!dropsDiscards(layer))
            continue;
        const QString what =
            layer.label.isEmpty()
                ? QStringLiteral("%1 (%2)").arg(layer.name, audit::layerKindName(layer.kind))
                : QStringLiteral("%1 (%2 %3)")
                      .arg(layer.name, audit::layerKindName(layer.kind), layer.label);
        return makeError(ErrorCode::NoDiscardSupport,
                         FstrimTargetText::tr("%1 does not pass discards on to the drive, so "
                                              "fstrim on %2 would time nothing: nothing was "
                                              "trimmed (trimscope-cli audit says how to let "
                                              "discards through)")
                             .arg(what, mountPoint));
    }
    return {};
}

Expected<FstrimTarget> prepareFstrimTarget(const FstrimTimingPlan &plan, const QString &devicePath,
                                           const DeviceIdentity &approved)
{
    if (const Error error = validateFstrimTimingPlan(plan); error.isError())
        return error;
    const QString number = plan.filesystemNumber();
    const std::optional<MountInfoEntry> mount =
        mountOfFilesystem(parseMountInfo(readText(QStringLiteral("/proc/self/mountinfo"))), number);
    if (!mount)
        return makeError(
            ErrorCode::NoSuchDevice,
            FstrimTargetText::tr("no filesystem with device number %1 is mounted").arg(number));
    const DeviceProbe probe;
    const Expected<BlockDevice> device = probe.probePath(devicePath);
    if (!device)
        return device.error();
    if (approved.isSet()) {
        if (const Error changed = checkSameMedium(approved, identityOf(*device), device->path);
            changed.isError())
            return changed;
    }
    if (!filesystemIsOn(*mount, *device))
        return makeError(ErrorCode::InvalidArgument,
                         FstrimTargetText::tr("the filesystem %1 (%2) is not on %3")
                             .arg(number, mount->mountPoint, device->path));

    const audit::SystemSnapshot snapshot = audit::SystemSnapshot::capture();
    const audit::StorageStack stack = audit::walkStack(snapshot, device->name);
    if (const Error blocked = checkStackPassesDiscards(stack, mount->mountPoint); blocked.isError())
        return blocked;

    Expected<std::shared_ptr<UniqueFd>> directory = openMountPoint(*mount);
    if (!directory)
        return directory.error();
    struct statfs fs = {};
    if (::fstatfs((*directory)->get(), &fs) != 0)
        return makeError(ErrorCode::IoError,
                         FstrimTargetText::tr("cannot read the size of %1").arg(mount->mountPoint));

    // The drive as the audit and the advice see it (audit::StorageStack::bottoms).
    const QList<const audit::StackLayer *> disks = stack.bottoms();
    const QString diskName = !disks.isEmpty()      ? disks.constFirst()->name
                             : device->isPartition ? device->parentName
                                                   : device->name;
    const Expected<BlockDevice> disk =
        diskName == device->name ? Expected<BlockDevice>(*device) : probe.probeName(diskName);
    if (!disk)
        return disk.error();

    FstrimTarget target;
    target.directory = std::move(directory).value();
    target.drive = driveInfoFrom(*disk);
    TrimmedFilesystem &trimmed = target.filesystem;
    trimmed.mountPoint = mount->mountPoint;
    trimmed.fsType = mount->fsType;
    trimmed.device = device->path;
    trimmed.deviceName = device->name;
    trimmed.diskName = disk->name;
    trimmed.major = plan.filesystemMajor;
    trimmed.minor = plan.filesystemMinor;
    trimmed.sizeBytes = quint64(fs.f_blocks) * quint64(fs.f_bsize);
    trimmed.freeBytes = quint64(fs.f_bfree) * quint64(fs.f_bsize);
    trimmed.onlineDiscard = mount->hasOption(QStringLiteral("discard"));
    return target;
}

} // namespace trimscope::watch
