#include "deviceprobe.h"

#include "ataidentify.h"
#include "atainformationvpd.h"
#include "common/kernelfile.h"
#include "common/sysfsnames.h"
#include "deviceusers.h"
#include "procparsers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <sys/stat.h>
#include <sys/sysmacros.h>

namespace trimscope {

namespace {

QByteArray readFile(const QString &path)
{
    return readKernelFile(path).value_or(QByteArray());
}

// SCSI VPD page 0x80 (unit serial number): 4 header bytes, then the serial, space padded.
QString serialFromVpd80(const QByteArray &page)
{
    if (page.size() <= 4)
        return {};
    return QString::fromLatin1(page.mid(4)).trimmed().remove(QChar(0));
}

// sr keeps a made-up capacity when READ CAPACITY fails (no disc, or one it cannot read):
// 0x1fffff sectors, seen on Debian's 6.1 with an empty drive.
constexpr quint64 kSrPlaceholderSectors = 0x1fffff;
constexpr quint64 kScsiTypeRom = 5;

QString transportFromSysfsPath(const QString &canonical, const QString &name)
{
    if (name.startsWith(QLatin1String("loop")))
        return QStringLiteral("loop");
    if (canonical.contains(QLatin1String("/nvme")))
        return QStringLiteral("nvme");
    if (canonical.contains(QLatin1String("/usb")))
        return QStringLiteral("usb");
    if (canonical.contains(QLatin1String("/ata")))
        return QStringLiteral("sata");
    if (canonical.contains(QLatin1String("/mmc")))
        return QStringLiteral("mmc");
    if (canonical.contains(QLatin1String("/virtio")))
        return QStringLiteral("virtio");
    if (canonical.contains(QLatin1String("/host")))
        return QStringLiteral("scsi");
    return {};
}

} // namespace

DeviceProbe::DeviceProbe(QString sysRoot, QString procRoot, OpticalMediumQuery mediumQuery)
    : m_sysRoot(std::move(sysRoot)), m_procRoot(std::move(procRoot)),
      m_mediumQuery(std::move(mediumQuery))
{
}

DeviceProbe DeviceProbe::sysfsOnly()
{
    DeviceProbe probe(QStringLiteral("/sys"), QStringLiteral("/proc"), nullptr);
    probe.m_liveQueries = false;
    return probe;
}

QString DeviceProbe::classBlockDir(const QString &name) const
{
    return m_sysRoot + QStringLiteral("/class/block/") + name;
}

QString DeviceProbe::readAttribute(const QString &name, const QString &relativePath) const
{
    return QString::fromUtf8(readFile(classBlockDir(name) + QLatin1Char('/') + relativePath))
        .trimmed();
}

quint64 DeviceProbe::readNumber(const QString &name, const QString &relativePath) const
{
    return readAttribute(name, relativePath).toULongLong();
}

Expected<BlockDevice> DeviceProbe::probePath(const QString &path) const
{
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        const int err = errno;
        if (err == ENOENT || err == ENOTDIR)
            return makeError(ErrorCode::NoSuchDevice,
                             QStringLiteral("%1 does not exist").arg(path));
        return makeError(ErrorCode::NoSuchDevice,
                         QStringLiteral("cannot examine %1: %2")
                             .arg(path, QString::fromLocal8Bit(std::strerror(err))));
    }
    if (!S_ISBLK(st.st_mode))
        return makeError(ErrorCode::NotABlockDevice,
                         QStringLiteral("%1 is not a block device").arg(path));
    // The device number, not the path, names the device: symlinks and odd node names resolve
    // to the kernel's own name.
    Expected<BlockDevice> device = probeNumber(major(st.st_rdev), minor(st.st_rdev));
    if (!device && device.error().code == ErrorCode::NoSuchDevice)
        return makeError(ErrorCode::NoSuchDevice,
                         QStringLiteral("%1 is a block device the kernel does not list").arg(path));
    return device;
}

Expected<BlockDevice> DeviceProbe::probeNumber(quint32 major, quint32 minor) const
{
    const QString link = m_sysRoot + QStringLiteral("/dev/block/%1:%2").arg(major).arg(minor);
    const QString canonical = QFileInfo(link).canonicalFilePath();
    if (canonical.isEmpty())
        return makeError(
            ErrorCode::NoSuchDevice,
            QStringLiteral("the kernel lists no block device %1:%2").arg(major).arg(minor));
    return probeName(QFileInfo(canonical).fileName());
}

struct DeviceProbe::UsageTables
{
    struct Mount
    {
        MountInfoEntry entry;
        QString byNumber; // the device its number names
        QString bySource; // the device its /dev source names (btrfs' anonymous numbers)
    };
    QList<Mount> mounts;
    QHash<QString, QStringList> lowerOfRoot;    // lowerDevicesOf each name "/" may be mounted from
    QList<std::pair<SwapEntry, QString>> swaps; // each with the kernel's name of its node
};

DeviceProbe::UsageTables DeviceProbe::readUsageTables() const
{
    UsageTables tables;
    QHash<QString, QString> nameOfNumber;
    const QList<MountInfoEntry> mounts =
        parseMountInfo(QString::fromUtf8(readFile(m_procRoot + QStringLiteral("/self/mountinfo"))));
    for (const MountInfoEntry &mount : mounts) {
        UsageTables::Mount resolved{mount, {}, {}};
        auto known = nameOfNumber.constFind(mount.majorMinor);
        // An anonymous device (major 0), which /sys/dev/block never lists, is not asked (issue
        // 44, two system calls a mount).
        if (known == nameOfNumber.cend())
            known = nameOfNumber.insert(
                mount.majorMinor,
                isAnonymousDeviceNumber(mount.majorMinor)
                    ? QString()
                    : QFileInfo(resolveSysfsLink(m_sysRoot + QStringLiteral("/dev/block/") +
                                                 mount.majorMinor))
                          .fileName());
        resolved.byNumber = *known;
        if (mount.source.startsWith(QLatin1String("/dev/")))
            resolved.bySource = QFileInfo(QFileInfo(mount.source).canonicalFilePath()).fileName();
        if (mount.mountPoint == QLatin1String("/")) {
            for (const QString &name : {resolved.byNumber, resolved.bySource}) {
                if (!name.isEmpty() && !tables.lowerOfRoot.contains(name))
                    tables.lowerOfRoot.insert(name, lowerDevicesOf(name));
            }
        }
        tables.mounts.append(resolved);
    }
    const QString swaps = QString::fromUtf8(readFile(m_procRoot + QStringLiteral("/swaps")));
    for (const SwapEntry &swap : parseSwaps(swaps)) {
        // A node this system does not have (a recorded tree, a chroot without /dev) is named by
        // its own file name, as the kernel names swap partitions.
        const QString node = QFileInfo(swap.path).canonicalFilePath();
        tables.swaps.append({swap, QFileInfo(node.isEmpty() ? swap.path : node).fileName()});
    }
    return tables;
}

Expected<BlockDevice> DeviceProbe::probeName(const QString &name) const
{
    return probeName(name, readUsageTables());
}

Expected<BlockDevice> DeviceProbe::probeName(const QString &name, const UsageTables &tables) const
{
    const QString dir = classBlockDir(name);
    if (name.isEmpty() || name == QLatin1String(".") || name == QLatin1String("..") ||
        name.contains(QLatin1Char('/')) || !QFileInfo::exists(dir))
        return makeError(ErrorCode::NoSuchDevice,
                         QStringLiteral("there is no block device named '%1'").arg(name));

    BlockDevice device;
    device.name = name;
    device.path = QStringLiteral("/dev/") + name;
    const QStringList majorMinor =
        readAttribute(name, QStringLiteral("dev")).split(QLatin1Char(':'));
    if (majorMinor.size() == 2) {
        device.major = majorMinor.at(0).toUInt();
        device.minor = majorMinor.at(1).toUInt();
    }
    device.isPartition = QFileInfo::exists(dir + QStringLiteral("/partition"));
    const QString canonical = resolveSysfsLink(dir);
    const QString diskName =
        device.isPartition ? QFileInfo(QFileInfo(canonical).path()).fileName() : name;
    if (device.isPartition)
        device.parentName = diskName;

    // sysfs "size" is always in 512-byte units, whatever the logical block size.
    device.sizeBytes = readNumber(name, QStringLiteral("size")) * 512;
    // A partition has no diskseq of its own; its medium is its disk's.
    device.diskSeq = readNumber(diskName, QStringLiteral("diskseq"));
    // Queue limits live on the whole disk; a partition shares them.
    const auto queue = [&](const char *attribute) {
        return readNumber(diskName, QStringLiteral("queue/") + QLatin1String(attribute));
    };
    device.logicalBlockSize = quint32(queue("logical_block_size"));
    device.physicalBlockSize = quint32(queue("physical_block_size"));
    device.discardGranularity = queue("discard_granularity");
    device.discardMaxBytes = queue("discard_max_bytes");
    device.discardMaxHwBytes = queue("discard_max_hw_bytes");
    device.rotational = queue("rotational") != 0;
    device.readOnly = readNumber(name, QStringLiteral("ro")) != 0;
    device.removable = readNumber(diskName, QStringLiteral("removable")) != 0;
    if (device.logicalBlockSize == 0)
        device.logicalBlockSize = 512;
    if (device.physicalBlockSize == 0)
        device.physicalBlockSize = device.logicalBlockSize;

    device.transport = transportFromSysfsPath(canonical, diskName);
    readIdentity(device, diskName);
    readMedium(device, diskName);
    if (!device.isPartition) {
        // Every entry, files too: a file has no "partition" below it.
        for (const QString &entry : listKernelDirectory(dir)) {
            if (QFileInfo::exists(dir + QLatin1Char('/') + entry + QStringLiteral("/partition")))
                device.partitions.append(entry);
        }
    }
    readUsage(device, tables);
    return device;
}

void DeviceProbe::readIdentity(BlockDevice &device, const QString &diskName) const
{
    const auto attr = [&](const char *relative) {
        return readAttribute(diskName, QLatin1String(relative));
    };
    device.vendor = attr("device/vendor");
    device.model = attr("device/model");
    device.serial = attr("device/serial");
    if (device.serial.isEmpty())
        device.serial =
            serialFromVpd80(readFile(classBlockDir(diskName) + QStringLiteral("/device/vpd_pg80")));
    device.firmware = attr("device/firmware_rev");
    if (device.firmware.isEmpty())
        device.firmware = attr("device/rev");
    // An ATA drive behind a SCSI translation (libata, a SAT bridge): INQUIRY cut its strings
    // short, its IDENTIFY data hold them whole. The INQUIRY vendor is then the placeholder
    // "ATA", which names no vendor.
    if (const auto identify = identifyDataFromAtaInformationVpd(
            readFile(classBlockDir(diskName) + QStringLiteral("/device/vpd_pg89")))) {
        const auto ata = parseAtaIdentify(*identify);
        if (ata && !ata->model.isEmpty()) {
            device.model = ata->model;
            if (!ata->serial.isEmpty())
                device.serial = ata->serial;
            if (!ata->firmware.isEmpty())
                device.firmware = ata->firmware;
            if (device.vendor == QLatin1String("ATA"))
                device.vendor.clear();
        }
    }
    device.loopBackingFile = attr("loop/backing_file");
    if (device.transport == QLatin1String("loop") && device.model.isEmpty())
        device.model = QStringLiteral("Loop device");
    // A virtio disk has no model, and its "vendor" is the PCI vendor id ("0x1af4"), which names
    // no one a person knows: "0x1af4 (vda)" was the system disk's name.
    if (device.transport == QLatin1String("virtio")) {
        if (device.vendor.startsWith(QLatin1String("0x")))
            device.vendor.clear();
        if (device.model.isEmpty())
            device.model = QStringLiteral("Virtio disk");
    }
}

void DeviceProbe::readMedium(BlockDevice &device, const QString &diskName) const
{
    if (readNumber(diskName, QStringLiteral("device/type")) != kScsiTypeRom)
        return;
    device.opticalDrive = true;
    MediumState medium =
        m_mediumQuery ? m_mediumQuery(QStringLiteral("/dev/") + diskName) : MediumState::Unknown;
    // Without an answer (no permission to open the drive), sr's placeholder capacity still says
    // that no medium could be read.
    if (medium == MediumState::Unknown &&
        readNumber(diskName, QStringLiteral("size")) == kSrPlaceholderSectors)
        medium = MediumState::Absent;
    if (medium == MediumState::Absent) {
        device.noMedium = true;
        device.sizeBytes = 0;
    }
}

QStringList DeviceProbe::lowerDevicesOf(const QString &name) const
{
    // Everything "name" is built on, transitively: dm-0 -> sda2 -> (sda).
    QStringList result;
    QStringList pending{name};
    QSet<QString> seen;
    while (!pending.isEmpty()) {
        const QString current = pending.takeFirst();
        if (seen.contains(current))
            continue;
        seen.insert(current);
        result.append(current);
        pending.append(listKernelDirectory(classBlockDir(current) + QStringLiteral("/slaves")));
        if (QFileInfo::exists(classBlockDir(current) + QStringLiteral("/partition"))) {
            const QString canonical = resolveSysfsLink(classBlockDir(current));
            pending.append(QFileInfo(QFileInfo(canonical).path()).fileName());
        }
    }
    return result;
}

void DeviceProbe::readUsage(BlockDevice &device, const UsageTables &tables) const
{
    QStringList own{device.name};
    own.append(device.partitions);
    // The other partitions of a partition's disk: how they are used is asked the same way.
    QStringList siblings;
    if (device.isPartition) {
        const QString diskDir = classBlockDir(device.parentName);
        for (const QString &entry : listKernelDirectory(diskDir)) {
            if (entry != device.name && QFileInfo::exists(diskDir + QLatin1Char('/') + entry +
                                                          QStringLiteral("/partition")))
                siblings.append(entry);
        }
    }
    const auto addSiblingUse = [&](const QString &name, SiblingUse::Kind kind,
                                   const QString &detail) {
        for (const SiblingUse &use : std::as_const(device.siblingsInUse)) {
            if (use.name == name && use.kind == kind && use.detail == detail)
                return;
        }
        device.siblingsInUse.append({name, kind, detail});
    };

    for (const QString &member : std::as_const(own) + siblings) {
        for (const QString &holder :
             listKernelDirectory(classBlockDir(member) + QStringLiteral("/holders"))) {
            if (siblings.contains(member))
                addSiblingUse(member, SiblingUse::Kind::Held, holder);
            else
                device.holders.append(member == device.name
                                          ? holder
                                          : QStringLiteral("%1 (on %2)").arg(holder, member));
        }
    }

    QStringList underRoot;
    for (const UsageTables::Mount &resolved : tables.mounts) {
        const MountInfoEntry &mount = resolved.entry;
        QString mountedName = resolved.byNumber;
        // btrfs and others report an anonymous device number; their source names the device.
        if (!own.contains(mountedName) && !siblings.contains(mountedName) &&
            mount.source.startsWith(QLatin1String("/dev/")))
            mountedName = resolved.bySource;
        if (own.contains(mountedName))
            device.mounts.append({mountedName, mount.mountPoint, mount.fsType, mount.source,
                                  mount.hasOption(QStringLiteral("discard")), mount.majorMinor});
        if (mount.mountPoint == QLatin1String("/") && !mountedName.isEmpty())
            underRoot += tables.lowerOfRoot.value(mountedName);
        else if (siblings.contains(mountedName))
            addSiblingUse(mountedName, SiblingUse::Kind::Mounted, mount.mountPoint);
    }
    for (const QString &member : std::as_const(own)) {
        if (underRoot.contains(member))
            device.holdsRoot = true;
    }
    for (const QString &sibling : std::as_const(siblings)) {
        if (underRoot.contains(sibling))
            device.siblingsInUse.prepend({sibling, SiblingUse::Kind::HoldsRoot, {}});
    }

    if (m_liveQueries && m_sysRoot == QLatin1String("/sys") && m_procRoot == QLatin1String("/proc"))
        readLiveUsage(device, siblings);

    for (const auto &[swap, swapName] : tables.swaps) {
        if (swap.type == QLatin1String("partition") && own.contains(swapName))
            device.swaps.append(swap.path);
        else if (swap.type == QLatin1String("partition") && siblings.contains(swapName))
            addSiblingUse(swapName, SiblingUse::Kind::Swap, swap.path);
    }
}

void DeviceProbe::readLiveUsage(BlockDevice &device, const QStringList &siblings) const
{
    const auto numberOf = [&](const QString &name) -> std::optional<std::pair<quint32, quint32>> {
        const QStringList parts = readAttribute(name, QStringLiteral("dev")).split(u':');
        if (parts.size() != 2)
            return std::nullopt;
        return std::pair{parts.at(0).toUInt(), parts.at(1).toUInt()};
    };
    // A sibling mounted in another mount namespace is in no mountinfo of ours; the kernel
    // refuses an exclusive open of it all the same, as it does for the whole disk.
    for (const QString &sibling : siblings) {
        const bool known = std::any_of(device.siblingsInUse.cbegin(), device.siblingsInUse.cend(),
                                       [&](const SiblingUse &use) { return use.name == sibling; });
        const auto number = numberOf(sibling);
        if (!known && number &&
            isClaimedExclusively(QStringLiteral("/dev/") + sibling, number->first, number->second))
            device.siblingsInUse.append({sibling, SiblingUse::Kind::Claimed, {}});
    }
    // Writers of the device, of its partitions and, for a partition, of its whole disk.
    QMap<quint64, QString> watched;
    QStringList names{device.name};
    names += device.partitions;
    if (device.isPartition)
        names.append(device.parentName);
    for (const QString &name : std::as_const(names)) {
        if (const auto number = numberOf(name))
            watched.insert(quint64(makedev(number->first, number->second)), name);
    }
    for (const OpenWriter &writer : findOpenWriters(watched, m_procRoot))
        device.openForWriting.append({writer.pid, writer.command, writer.deviceName});
}

QList<BlockDevice> DeviceProbe::listDisks() const
{
    QList<BlockDevice> result;
    const UsageTables tables = readUsageTables();
    for (const QString &name : listKernelDirectory(m_sysRoot + QStringLiteral("/block"))) {
        if (name.startsWith(QLatin1String("ram")) || name.startsWith(QLatin1String("zram")))
            continue;
        // An unused loop device (size 0, and no optical bay whose emptiness is listed) is left
        // out below anyway: not probed whole, for the two files that say so.
        if (readNumber(name, QStringLiteral("size")) == 0 &&
            readNumber(name, QStringLiteral("device/type")) != kScsiTypeRom)
            continue;
        auto device = probeName(name, tables);
        if (device && (device->sizeBytes > 0 || device->noMedium))
            result.append(*device);
    }
    return result;
}

} // namespace trimscope
