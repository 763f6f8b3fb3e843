#include "blockstack.h"

#include "common/sysfsnames.h"
#include "systemsnapshot.h"
#include "tabparsers.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>

namespace trimscope::audit {

namespace {

const QString kClassBlockPrefix = QStringLiteral("/sys/class/block/");

QString attribute(const SystemSnapshot &snapshot, const QString &name, const char *file)
{
    return snapshot.valueOr(kClassBlockPrefix + name + QLatin1Char('/') + QLatin1String(file))
        .trimmed();
}

quint64 numberAttribute(const SystemSnapshot &snapshot, const QString &name, const char *file)
{
    return attribute(snapshot, name, file).toULongLong();
}

// Where the /sys/class/block/<name> link points, made absolute: "/sys/devices/.../block/sda/sda2".
QString devicePathOf(const SystemSnapshot &snapshot, const QString &name)
{
    const QString target = snapshot.valueOr(kClassBlockPrefix + name);
    return target.isEmpty() ? QString() : QDir::cleanPath(kClassBlockPrefix + target);
}

QString partitionParent(const SystemSnapshot &snapshot, const QString &name)
{
    const QStringList parts = devicePathOf(snapshot, name).split(QLatin1Char('/'));
    if (parts.size() >= 2 && parts.constLast() == name)
        return parts.at(parts.size() - 2);
    // No link recorded: sda2 -> sda, nvme0n1p2 -> nvme0n1, mmcblk0p1 -> mmcblk0.
    static const QRegularExpression suffix(QStringLiteral("(?<=\\d)p\\d+$|(?<=\\D)\\d+$"));
    return QString(name).remove(suffix);
}

void fillController(const SystemSnapshot &snapshot, StackLayer &layer)
{
    QString dir = devicePathOf(snapshot, layer.name);
    while (dir.startsWith(QLatin1String("/sys/devices/"))) {
        const QString base = dir.section(QLatin1Char('/'), -1);
        const auto driver = snapshot.value(dir + QStringLiteral("/driver"));
        if (driver && isPciAddress(base)) {
            layer.controllerDriver = driver->section(QLatin1Char('/'), -1);
            layer.controllerClass = snapshot.valueOr(dir + QStringLiteral("/class"));
            return;
        }
        dir = dir.section(QLatin1Char('/'), 0, -2);
    }
}

// The block device holding a loop device's backing file: the mount with the longest prefix.
QString loopBackingDevice(const SystemSnapshot &snapshot, const QString &backingFile)
{
    const auto mounts = parseMountInfo(snapshot.valueOr(QStringLiteral("/proc/self/mountinfo")));
    qsizetype best = -1;
    QString device;
    for (const MountEntry &mount : mounts) {
        const QString prefix = mount.mountPoint.endsWith(QLatin1Char('/'))
                                   ? mount.mountPoint
                                   : mount.mountPoint + QLatin1Char('/');
        if (backingFile.startsWith(prefix) && prefix.size() > best) {
            const QString name = blockNameForDevNumber(snapshot, mount.majorMinor);
            best = prefix.size();
            device = name.isEmpty() ? blockNameForDevPath(snapshot, mount.source) : name;
        }
    }
    return device;
}

StackLayer describe(const SystemSnapshot &snapshot, const QMap<QString, QStringList> &dmTables,
                    const QString &name)
{
    StackLayer layer;
    layer.name = name;
    layer.discardMaxBytes = numberAttribute(snapshot, name, "queue/discard_max_bytes");
    layer.discardGranularity = numberAttribute(snapshot, name, "queue/discard_granularity");
    layer.discardPasses = layer.discardMaxBytes > 0;
    const QStringList slaves =
        snapshot.children(kClassBlockPrefix + name + QStringLiteral("/slaves"));

    if (name.startsWith(QLatin1String("dm-"))) {
        const QString uuid = attribute(snapshot, name, "dm/uuid");
        layer.label = attribute(snapshot, name, "dm/name");
        layer.kind = uuid.startsWith(QLatin1String("CRYPT-")) ? LayerKind::Crypt
                     : uuid.startsWith(QLatin1String("LVM-")) ? LayerKind::Lvm
                                                              : LayerKind::DeviceMapper;
        if (layer.kind == LayerKind::Crypt && dmTables.contains(layer.label)) {
            const QStringList targets = dmTables.value(layer.label);
            layer.cryptAllowsDiscards =
                std::any_of(targets.cbegin(), targets.cend(), [](const QString &t) {
                    return t.split(QLatin1Char(' ')).contains(QStringLiteral("allow_discards"));
                });
        }
        layer.lower = slaves;
    } else if (snapshot.contains(kClassBlockPrefix + name + QStringLiteral("/md/level"))) {
        layer.kind = LayerKind::Raid;
        layer.label = attribute(snapshot, name, "md/level");
        layer.lower = slaves;
    } else if (name.startsWith(QLatin1String("loop")) &&
               !snapshot.contains(kClassBlockPrefix + name + QStringLiteral("/partition"))) {
        // A partition of a loop device (loop0p2) is a partition like any other, below it the
        // loop device with the backing file.
        layer.kind = LayerKind::Loop;
        layer.label = attribute(snapshot, name, "loop/backing_file");
        const QString backing = loopBackingDevice(snapshot, layer.label);
        if (!backing.isEmpty())
            layer.lower = {backing};
        else if (const auto rotational =
                     snapshot.value(kClassBlockPrefix + name + QStringLiteral("/queue/rotational")))
            layer.rotational = rotational->trimmed() == QLatin1String("1"); // it is the bottom
    } else if (snapshot.contains(kClassBlockPrefix + name + QStringLiteral("/partition"))) {
        layer.kind = LayerKind::Partition;
        if (const auto start = snapshot.value(kClassBlockPrefix + name + QStringLiteral("/start")))
            layer.startSector = start->trimmed().toULongLong();
        layer.lower = {partitionParent(snapshot, name)};
    } else {
        layer.kind = LayerKind::Disk;
        if (const auto rotational =
                snapshot.value(kClassBlockPrefix + name + QStringLiteral("/queue/rotational")))
            layer.rotational = rotational->trimmed() == QLatin1String("1");
        layer.model = snapshot.valueOr(kClassBlockPrefix + name + QStringLiteral("/device/model"))
                          .simplified();
        fillController(snapshot, layer);
    }
    return layer;
}

} // namespace

QString layerKindName(LayerKind kind)
{
    switch (kind) {
    case LayerKind::Crypt:
        return QStringLiteral("crypt");
    case LayerKind::Lvm:
        return QStringLiteral("lvm");
    case LayerKind::DeviceMapper:
        return QStringLiteral("dm");
    case LayerKind::Raid:
        return QStringLiteral("raid");
    case LayerKind::Loop:
        return QStringLiteral("loop");
    case LayerKind::Partition:
        return QStringLiteral("partition");
    case LayerKind::Disk:
        return QStringLiteral("disk");
    }
    return {};
}

std::optional<LayerKind> layerKindFromName(const QString &name)
{
    for (LayerKind kind : {LayerKind::Crypt, LayerKind::Lvm, LayerKind::DeviceMapper,
                           LayerKind::Raid, LayerKind::Loop, LayerKind::Partition, LayerKind::Disk})
        if (layerKindName(kind) == name)
            return kind;
    return std::nullopt;
}

QString StackLayer::devicePath() const
{
    if ((kind == LayerKind::Crypt || kind == LayerKind::Lvm || kind == LayerKind::DeviceMapper) &&
        !label.isEmpty())
        return QStringLiteral("/dev/mapper/") + label;
    return QStringLiteral("/dev/") + name;
}

const StackLayer *StorageStack::find(const QString &name) const
{
    for (const StackLayer &layer : layers) {
        if (layer.name == name)
            return &layer;
    }
    return nullptr;
}

QList<const StackLayer *> StorageStack::disks() const
{
    QList<const StackLayer *> result;
    for (const StackLayer &layer : layers) {
        if (layer.kind == LayerKind::Disk)
            result.append(&layer);
    }
    return result;
}

QList<const StackLayer *> StorageStack::bottoms() const
{
    QList<const StackLayer *> result;
    for (const StackLayer &layer : layers) {
        if (layer.kind == LayerKind::Disk ||
            (layer.kind == LayerKind::Loop && layer.lower.isEmpty()))
            result.append(&layer);
    }
    return result;
}

bool StorageStack::onSolidState() const
{
    const auto all = bottoms();
    return std::any_of(all.cbegin(), all.cend(), [](const StackLayer *disk) {
        return disk->rotational == false || disk->discardPasses;
    });
}

bool StorageStack::discardsReachDisk() const
{
    return !layers.isEmpty() && std::all_of(layers.cbegin(), layers.cend(),
                                            [](const StackLayer &l) { return l.discardPasses; });
}

QString blockNameForDevNumber(const SystemSnapshot &snapshot, const QString &majorMinor)
{
    // No walk through every device for an anonymous device (~45,000 instructions a mount,
    // issue 44).
    if (isAnonymousDeviceNumber(majorMinor))
        return {};
    for (const QString &name : snapshot.children(QStringLiteral("/sys/class/block"))) {
        if (snapshot.valueOr(kClassBlockPrefix + name + QStringLiteral("/dev")).trimmed() ==
            majorMinor)
            return name;
    }
    return {};
}

QString blockNameForDevPath(const SystemSnapshot &snapshot, const QString &path)
{
    if (path.startsWith(QLatin1String("/dev/mapper/"))) {
        const QString dmName = path.mid(12);
        for (const QString &name : snapshot.children(QStringLiteral("/sys/class/block"))) {
            if (attribute(snapshot, name, "dm/name") == dmName)
                return name;
        }
        return {};
    }
    if (!path.startsWith(QLatin1String("/dev/")))
        return {};
    const QString name = path.mid(5);
    return snapshot.contains(kClassBlockPrefix + name + QStringLiteral("/dev")) ? name : QString();
}

StorageStack walkStack(const SystemSnapshot &snapshot, const QString &topName)
{
    const auto dmTables = parseDmTable(snapshot.valueOr(QStringLiteral("cmd:dmsetup table")));
    StorageStack stack;
    QSet<QString> seen;
    QList<QString> level{topName};
    // Breadth-first, one depth at a time; `seen` stops a loop device backed by its own stack.
    for (int depth = 0; !level.isEmpty() && depth < 16; ++depth) {
        QList<QString> next;
        for (const QString &name : level) {
            if (name.isEmpty() || seen.contains(name))
                continue;
            seen.insert(name);
            StackLayer layer = describe(snapshot, dmTables, name);
            layer.depth = depth;
            next += layer.lower;
            stack.layers.append(layer);
        }
        level = next;
    }
    // Partitions have no queue/ directory in sysfs: they discard exactly as their disk does.
    for (StackLayer &layer : stack.layers) {
        if (layer.kind != LayerKind::Partition || layer.lower.isEmpty() ||
            snapshot.contains(kClassBlockPrefix + layer.name +
                              QStringLiteral("/queue/discard_max_bytes")))
            continue;
        if (const StackLayer *disk = stack.find(layer.lower.constFirst())) {
            layer.discardMaxBytes = disk->discardMaxBytes;
            layer.discardGranularity = disk->discardGranularity;
            layer.discardPasses = disk->discardPasses;
        }
    }
    return stack;
}

} // namespace trimscope::audit
