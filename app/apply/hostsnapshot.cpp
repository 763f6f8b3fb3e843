#include "hostsnapshot.h"

#include "audit/fstrimstatus.h"
#include "common/flatpaksandbox.h"
#include "device/procparsers.h"
#include "udisksinterfaces.h"

#include <QDBusMessage>
#include <QDBusObjectPath>
#include <QDBusVariant>
#include <QFile>
#include <QSet>
#include <sys/sysmacros.h>

namespace trimscope::apply {

namespace {

constexpr int kHostSystemdTimeoutMs = 5000;

// What the sandbox showed of itself, not of the host: its /etc and /var (the runtime's), its
// mount table, swaps, /dev, fill levels of its own mounts, process 1 (bwrap) and commands run in
// it. sysfs (/sys) is the host's and stays.
bool isSandboxOwn(const QString &key)
{
    static const QStringList prefixes = {
        QStringLiteral("/etc/"),   QStringLiteral("/var/"),    QStringLiteral("/proc/"),
        QStringLiteral("/dev/"),   QStringLiteral("statvfs:"), QStringLiteral("mtime:"),
        QStringLiteral("exists:"), QStringLiteral("cmd:"),
    };
    return std::any_of(prefixes.cbegin(), prefixes.cend(),
                       [&](const QString &prefix) { return key.startsWith(prefix); });
}

QString kernelNameOf(const QString &device)
{
    return device.section(QLatin1Char('/'), -1);
}

// The options the fstab line mounting `mountPoint` gives, as the kernel would list them: "rw",
// and relatime where the line chooses no access-time mode (the kernel's default since 2.6.30).
QString fstabOptionsFor(const HostBlock &block, const QString &mountPoint)
{
    QStringList options{QStringLiteral("rw")};
    for (const FstabItem &item : block.configuration.fstab) {
        if (item.dir == mountPoint) {
            for (const QString &option : item.opts.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                if (option != QLatin1String("defaults") && !options.contains(option))
                    options.append(option);
            }
            break;
        }
    }
    static const QStringList accessTimeModes = {
        QStringLiteral("noatime"), QStringLiteral("relatime"), QStringLiteral("strictatime")};
    if (std::none_of(accessTimeModes.cbegin(), accessTimeModes.cend(),
                     [&](const QString &mode) { return options.contains(mode); }))
        options.append(QStringLiteral("relatime"));
    return options.join(QLatin1Char(','));
}

// Ids of the mounts udisks2 shows, apart from the kernel's ids of the sandbox's own.
constexpr int kFirstHostMountId = 1000000;

// Where Flatpak mounts its own things: the runtime (/usr, /etc), the app (/app), the app's data
// (/var), its private /tmp, the host's bits it passes in (/run/host). Those paths are not the
// host's.
bool isSandboxMountPoint(const QString &mountPoint)
{
    static const QStringList own = {QStringLiteral("/usr"),          QStringLiteral("/app"),
                                    QStringLiteral("/etc"),          QStringLiteral("/var"),
                                    QStringLiteral("/tmp"),          QStringLiteral("/run"),
                                    QStringLiteral("/.flatpak-info")};
    return std::any_of(own.cbegin(), own.cend(), [&](const QString &path) {
        return mountPoint == path || mountPoint.startsWith(path + QLatin1Char('/'));
    });
}

// The sandbox's mount lines of block devices udisks2 does not show at all (it hides some, and a
// disk udev never probed): the host's device with its live superblock options, at the path the
// sandbox binds it to, which for a granted host folder is the host's path. Better than nothing
// for what lies on such a device (a loop device's backing file). Flatpak's own mount points are
// left out: /usr there is the runtime, not the host's /usr.
QStringList mountsUdisksDoesNotShow(const audit::SystemSnapshot &sandbox,
                                    const QList<HostBlock> &blocks)
{
    QSet<QString> shown;
    for (const HostBlock &block : blocks)
        shown.insert(QStringLiteral("%1:%2").arg(block.major).arg(block.minor));
    QStringList lines;
    const QString table = sandbox.valueOr(QStringLiteral("/proc/self/mountinfo"));
    for (const QString &line : table.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QList<MountInfoEntry> parsed = parseMountInfo(line);
        if (parsed.size() == 1 && parsed.first().source.startsWith(QLatin1String("/dev/")) &&
            !shown.contains(parsed.first().majorMinor) &&
            !isSandboxMountPoint(parsed.first().mountPoint))
            lines.append(line);
    }
    return lines;
}

template <class Item, class Line>
QString tableOf(const QList<HostBlock> &blocks, QList<Item> BlockConfiguration::*items, Line line,
                const QString &file)
{
    QStringList lines{
        QStringLiteral("# %1 as udisks2 gives it: its lines for devices it knows").arg(file)};
    for (const HostBlock &block : blocks) {
        for (const Item &item : block.configuration.*items) {
            const QString text = line(item);
            if (!lines.contains(text))
                lines.append(text);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QDBusMessage systemdCall(const QDBusConnection &bus, const QString &path, const QString &interface,
                         const QString &method, const QVariantList &arguments)
{
    QDBusMessage call = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.systemd1"),
                                                       path, interface, method);
    call.setArguments(arguments);
    return bus.call(call, QDBus::Block, kHostSystemdTimeoutMs);
}

// A Timer property in systemctl show's --timestamp=unix form ("@1700000000"), empty for never.
QString timerTimestamp(const QDBusConnection &bus, const QString &property)
{
    const QDBusMessage reply =
        systemdCall(bus, QStringLiteral("/org/freedesktop/systemd1/unit/fstrim_2etimer"),
                    QStringLiteral("org.freedesktop.DBus.Properties"), QStringLiteral("Get"),
                    {QStringLiteral("org.freedesktop.systemd1.Timer"), property});
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty())
        return {};
    const quint64 usec =
        reply.arguments().constFirst().value<QDBusVariant>().variant().toULongLong();
    return usec > 0 ? QStringLiteral("@%1").arg(usec / 1000000) : QString();
}

// systemd's word on fstrim.timer through its D-Bus API, as `systemctl show` would give it
// (audit::systemctlShowArguments); nothing where systemd does not answer.
std::optional<QString> fstrimTimerShow(const QDBusConnection &bus)
{
    const QDBusMessage reply =
        systemdCall(bus, QStringLiteral("/org/freedesktop/systemd1"),
                    QStringLiteral("org.freedesktop.systemd1.Manager"),
                    QStringLiteral("GetUnitFileState"), {QStringLiteral("fstrim.timer")});
    // A unit file systemd does not have: it answers, and the timer is not installed.
    if (reply.errorName() == QLatin1String("org.freedesktop.systemd1.NoSuchUnit") ||
        reply.errorName() == QLatin1String("org.freedesktop.DBus.Error.FileNotFound"))
        return QStringLiteral("LoadState=not-found");
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty())
        return std::nullopt;
    return QStringLiteral("LoadState=loaded\nUnitFileState=%1\nLastTriggerUSec=%2\n"
                          "NextElapseUSecRealtime=%3")
        .arg(reply.arguments().constFirst().toString(),
             timerTimestamp(bus, QStringLiteral("LastTriggerUSec")),
             timerTimestamp(bus, QStringLiteral("NextElapseUSecRealtime")));
}

} // namespace

bool seesHostThroughUdisks()
{
    return insideFlatpakSandbox() || qgetenv("TRIMSCOPE_HOST_VIEW") == "udisks";
}

QList<HostBlock> hostBlocksFrom(const UdisksObjects &objects)
{
    QList<HostBlock> blocks;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        if (!it.value().contains(udisks::kBlock))
            continue;
        const QVariantMap &block = it.value().value(udisks::kBlock);
        HostBlock host;
        host.device = udisksPathFrom(block.value(QStringLiteral("Device")).toByteArray());
        // DeviceNumber is a dev_t.
        const auto number = dev_t(block.value(QStringLiteral("DeviceNumber")).toULongLong());
        host.major = major(number);
        host.minor = minor(number);
        host.idType = block.value(QStringLiteral("IdType")).toString();
        host.idUuid = block.value(QStringLiteral("IdUUID")).toString();
        host.idLabel = block.value(QStringLiteral("IdLabel")).toString();
        host.partitionUuid =
            it.value().value(udisks::kPartition).value(QStringLiteral("UUID")).toString();
        host.mountPoints = udisksPathsFrom(
            it.value().value(udisks::kFilesystem).value(QStringLiteral("MountPoints")));
        host.swapActive =
            it.value().value(udisks::kSwapspace).value(QStringLiteral("Active")).toBool();
        host.configuration = blockConfigurationFrom(block.value(QStringLiteral("Configuration")));
        blocks.append(host);
    }
    return blocks;
}

audit::SystemSnapshot withHostFacts(audit::SystemSnapshot snapshot, const QList<HostBlock> &blocks,
                                    const std::optional<QString> &fstrimTimerShow)
{
    audit::SystemSnapshot host;
    host.setCapturedAt(snapshot.capturedAt());
    for (auto it = snapshot.entries().cbegin(); it != snapshot.entries().cend(); ++it) {
        if (!isSandboxOwn(it.key()))
            host.insert(it.key(), it.value());
    }

    host.insert(
        QStringLiteral("/etc/fstab"),
        tableOf(blocks, &BlockConfiguration::fstab, udisksFstabLine, QStringLiteral("/etc/fstab")));
    host.insert(QStringLiteral("/etc/crypttab"),
                tableOf(blocks, &BlockConfiguration::crypttab, udisksCrypttabLine,
                        QStringLiteral("/etc/crypttab")));

    QStringList mounts = mountsUdisksDoesNotShow(snapshot, blocks);
    QStringList swaps{QStringLiteral("Filename\tType\tSize\tUsed\tPriority")};
    for (const HostBlock &block : blocks) {
        for (const QString &point : block.mountPoints)
            mounts.append(QStringLiteral("%1 1 %2:%3 / %4 %5 - %6 %7 rw")
                              .arg(kFirstHostMountId + mounts.size())
                              .arg(block.major)
                              .arg(block.minor)
                              .arg(escapeOctal(point), fstabOptionsFor(block, point), block.idType,
                                   escapeOctal(block.device)));
        if (block.swapActive)
            swaps.append(QStringLiteral("%1\tpartition\t0\t0\t-2").arg(block.device));
        // fstab and crypttab name devices by these; the audit resolves them through the links.
        const QString target = QStringLiteral("../../") + kernelNameOf(block.device);
        if (!block.idUuid.isEmpty())
            host.insert(QStringLiteral("/dev/disk/by-uuid/") + block.idUuid, target);
        if (!block.idLabel.isEmpty())
            host.insert(QStringLiteral("/dev/disk/by-label/") + block.idLabel, target);
        if (!block.partitionUuid.isEmpty())
            host.insert(QStringLiteral("/dev/disk/by-partuuid/") + block.partitionUuid, target);
    }
    host.insert(QStringLiteral("/proc/self/mountinfo"), mounts.join(QLatin1Char('\n')));
    host.insert(QStringLiteral("/proc/swaps"), swaps.join(QLatin1Char('\n')));

    QStringList view{audit::kHostViewFstabOptions};
    if (fstrimTimerShow) {
        // As the audit reads systemd on the host: process 1, what systemctl shows of the timer,
        // and the link that enabling it makes (or masking it).
        host.insert(QStringLiteral("/proc/1/comm"), QStringLiteral("systemd"));
        host.insert(audit::systemctlShowKey(QStringLiteral("fstrim.timer")), *fstrimTimerShow);
        const QString state =
            audit::parseSystemctlShow(*fstrimTimerShow).value(QStringLiteral("UnitFileState"));
        if (state.startsWith(QLatin1String("enabled")))
            host.insert(QStringLiteral("/etc/systemd/system/timers.target.wants/fstrim.timer"),
                        QStringLiteral("/usr/lib/systemd/system/fstrim.timer"));
        if (state.startsWith(QLatin1String("masked")))
            host.insert(QStringLiteral("/etc/systemd/system/fstrim.timer"),
                        QStringLiteral("/dev/null"));
    } else {
        view.append(audit::kHostViewNoSystemd);
    }
    host.insert(audit::kHostViewKey, view.join(QLatin1Char(' ')));
    return host;
}

audit::SystemSnapshot captureHostSnapshot(const QDBusConnection &bus)
{
    audit::SystemSnapshot snapshot = audit::SystemSnapshot::capture();
    if (!seesHostThroughUdisks())
        return snapshot;
    registerUdisksTypes();
    const Expected<UdisksObjects> objects = fetchUdisksObjects(bus);
    if (!objects) {
        snapshot.insert(audit::kHostViewKey,
                        audit::kHostViewNoUdisks + QLatin1Char(' ') + objects.error().message);
        return snapshot;
    }
    return withHostFacts(snapshot, hostBlocksFrom(*objects), fstrimTimerShow(bus));
}

} // namespace trimscope::apply
