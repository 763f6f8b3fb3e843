#include "trimaudit.h"

#include "auditrules.h"
#include "fstrimstatus.h"
#include "systemsnapshot.h"

#include <QHash>
#include <QSet>
#include <algorithm>
#include <tuple>

namespace trimscope::audit {

namespace {

// fstab and crypttab name devices by UUID=, LABEL=, PARTUUID= or path; resolves to "sda3".
QString blockNameForSpec(const SystemSnapshot &snapshot, const QString &spec)
{
    static const QList<std::pair<QString, QString>> tags = {
        {QStringLiteral("UUID="), QStringLiteral("/dev/disk/by-uuid/")},
        {QStringLiteral("LABEL="), QStringLiteral("/dev/disk/by-label/")},
        {QStringLiteral("PARTUUID="), QStringLiteral("/dev/disk/by-partuuid/")},
    };
    QString path = spec;
    for (const auto &[tag, dir] : tags) {
        if (spec.startsWith(tag))
            path = dir + spec.mid(tag.size());
    }
    if (path.startsWith(QLatin1String("/dev/disk/"))) {
        const auto target = snapshot.value(path);
        return target ? target->section(QLatin1Char('/'), -1) : QString();
    }
    return blockNameForDevPath(snapshot, path);
}

std::optional<double> usedFraction(const SystemSnapshot &snapshot, const QString &mountPoint)
{
    const QStringList fields =
        snapshot.valueOr(QStringLiteral("statvfs:") + mountPoint).split(QLatin1Char(' '));
    if (fields.size() != 4)
        return std::nullopt;
    const double blocks = fields.at(1).toDouble();
    const double free = fields.at(2).toDouble();
    const double available = fields.at(3).toDouble();
    // As df: reserved blocks count as neither used nor available.
    const double used = blocks - free;
    if (blocks <= 0 || used + available <= 0)
        return std::nullopt;
    return used / (used + available);
}

const MountEntry *mountHolding(const QList<MountEntry> &mounts, const QString &path)
{
    const MountEntry *best = nullptr;
    for (const MountEntry &mount : mounts) {
        const QString prefix = mount.mountPoint.endsWith(QLatin1Char('/'))
                                   ? mount.mountPoint
                                   : mount.mountPoint + QLatin1Char('/');
        if (path.startsWith(prefix) && (!best || mount.mountPoint.size() > best->mountPoint.size()))
            best = &mount;
    }
    return best;
}

QString blockNameOfMount(const SystemSnapshot &snapshot, const MountEntry &mount)
{
    const QString name = blockNameForDevNumber(snapshot, mount.majorMinor);
    return name.isEmpty() ? blockNameForDevPath(snapshot, mount.source) : name;
}

void attachFstab(const AuditContext &context, AuditTarget &target, const QString &blockName)
{
    for (const FstabEntry &entry : context.fstab) {
        const bool matches =
            target.kind == AuditTarget::Kind::Filesystem
                ? entry.file == target.subject
                : entry.type == QLatin1String("swap") &&
                      (entry.spec == target.subject ||
                       blockNameForSpec(context.snapshot, entry.spec) == blockName);
        if (matches) {
            target.fstabLine = entry.line;
            target.fstabOptions = entry.options;
            return;
        }
    }
}

// One mount per block device: bind mounts and btrfs subvolumes would repeat every finding of
// their filesystem. The one that stands for the filesystem is the mount of its root ("/" in the
// root field) where there is one; in a container or chroot there may be none (the machine's "/"
// shows as "42 27 254:0 /srv/root / ..."), and then the mount at "/", else the shortest mount
// point, so the audit speaks of "/" rather than of a bind-mounted file like /etc/hosts.
QList<const MountEntry *> filesystemMounts(const SystemSnapshot &snapshot,
                                           const QList<MountEntry> &mounts)
{
    const auto rank = [](const MountEntry &m) {
        return std::tuple(m.root != QLatin1String("/"), m.mountPoint != QLatin1String("/"),
                          m.mountPoint.size());
    };
    QList<QString> order;
    QHash<QString, const MountEntry *> best;
    for (const MountEntry &mount : mounts) {
        const QString name = blockNameOfMount(snapshot, mount);
        if (name.isEmpty())
            continue;
        const MountEntry *&chosen = best[name];
        if (!chosen)
            order.append(name);
        if (!chosen || rank(mount) < rank(*chosen))
            chosen = &mount;
    }
    QList<const MountEntry *> result;
    for (const QString &name : std::as_const(order))
        result.append(best.value(name));
    return result;
}

QList<AuditTarget> collectTargets(const AuditContext &context)
{
    const SystemSnapshot &snapshot = context.snapshot;
    const auto mounts = parseMountInfo(snapshot.valueOr(QStringLiteral("/proc/self/mountinfo")));
    QList<AuditTarget> targets;
    QSet<QString> seen;
    auto accept = [&](AuditTarget target, const QString &blockName) {
        // zram is RAM; its "discards" free memory, not flash.
        if (blockName.isEmpty() || blockName.startsWith(QLatin1String("zram")))
            return;
        target.stack = walkStack(snapshot, blockName);
        if (!target.stack.onSolidState())
            return;
        attachFstab(context, target, blockName);
        targets.append(target);
    };
    for (const MountEntry *representative : filesystemMounts(snapshot, mounts)) {
        const MountEntry &mount = *representative;
        const QString name = blockNameOfMount(snapshot, mount);
        AuditTarget target;
        target.subject = mount.mountPoint;
        target.fsType = mount.fsType;
        target.source = mount.source;
        target.mountOptions = mount.options();
        target.usedFraction = usedFraction(snapshot, mount.mountPoint);
        accept(target, name);
    }
    for (const SwapEntry &swap : parseSwaps(snapshot.valueOr(QStringLiteral("/proc/swaps")))) {
        AuditTarget target;
        target.kind = AuditTarget::Kind::Swap;
        target.subject = swap.path;
        target.fsType = swap.type;
        target.source = swap.path;
        QString name = blockNameForDevPath(snapshot, swap.path);
        if (swap.type == QLatin1String("file")) {
            const MountEntry *mount = mountHolding(mounts, swap.path);
            name = mount ? blockNameOfMount(snapshot, *mount) : QString();
        }
        accept(target, name);
    }
    return targets;
}

} // namespace

AuditReport runAudit(const SystemSnapshot &snapshot)
{
    AuditContext context{snapshot,
                         {},
                         parseFstab(snapshot.valueOr(QStringLiteral("/etc/fstab"))),
                         parseCrypttab(snapshot.valueOr(QStringLiteral("/etc/crypttab")))};
    context.targets = collectTargets(context);

    AuditReport report;
    report.capturedAt = snapshot.capturedAt();
    report.targets = context.targets;
    report.systemdRunning = fstrimStatus(snapshot).systemdRunning;
    report.pid1 = snapshot.valueOr(QStringLiteral("/proc/1/comm")).trimmed();
    QSet<QString> reported;
    auto add = [&](const char *id, const QList<Finding> &findings) {
        for (Finding finding : findings) {
            finding.id = QLatin1String(id);
            // A disk under several filesystems is one finding, not one per filesystem.
            if (!reported.contains(finding.id + QLatin1Char('\n') + finding.subject)) {
                reported.insert(finding.id + QLatin1Char('\n') + finding.subject);
                report.findings.append(finding);
            }
        }
    };
    for (const Rule &rule : auditRules()) {
        if (rule.onSystem)
            add(rule.id, rule.onSystem(context));
        if (rule.onTarget) {
            for (const AuditTarget &target : context.targets)
                add(rule.id, rule.onTarget(context, target));
        }
    }
    std::stable_sort(report.findings.begin(), report.findings.end(),
                     [](const Finding &a, const Finding &b) { return a.severity > b.severity; });
    return report;
}

QList<Finding> AuditReport::findingsFor(const QString &subject) const
{
    QList<Finding> result;
    for (const Finding &finding : findings) {
        if (finding.subject == subject)
            result.append(finding);
    }
    return result;
}

int AuditReport::count(Severity atLeast) const
{
    return int(std::count_if(findings.cbegin(), findings.cend(),
                             [&](const Finding &f) { return f.severity >= atLeast; }));
}

} // namespace trimscope::audit
