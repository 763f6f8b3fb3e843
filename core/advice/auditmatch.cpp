#include "auditmatch.h"

#include "trimcurve.h"

#include <QSet>
#include <algorithm>

namespace trimscope::advice {

namespace {

const QSet<QString> &stackBlockerIds()
{
    static const QSet<QString> ids = {QStringLiteral("discards-blocked-crypt"),
                                      QStringLiteral("discards-blocked-layer"),
                                      QStringLiteral("controller-ide-mode")};
    return ids;
}

bool findingConcerns(const audit::Finding &finding, const audit::AuditTarget &target)
{
    if (finding.subject == target.subject)
        return true;
    return std::any_of(
        target.stack.layers.cbegin(), target.stack.layers.cend(),
        [&](const audit::StackLayer &l) { return l.devicePath() == finding.subject; });
}

// sysfs holds the first 16 characters of an ATA model ("Samsung SSD 870 "), the drive's own
// identity the whole one: one is a prefix of the other.
bool sameModel(const QString &diskModel, const QString &driveModel)
{
    const QString a = diskModel.simplified().toLower();
    const QString b = driveModel.simplified().toLower();
    if (a.size() < 4 || b.size() < 4)
        return false;
    return a.startsWith(b) || b.startsWith(a);
}

// No measured drive: the advice is about this computer alone.
AuditMatch wholeComputer(const audit::AuditReport &report)
{
    AuditMatch match;
    match.targets = report.targets;
    match.findings = report.findings;
    for (const audit::Finding &finding : report.findings) {
        if (stackBlockerIds().contains(finding.id))
            match.blockers.append(finding);
    }
    return match;
}

} // namespace

QStringList AuditMatch::filesystemsInUse() const
{
    QStringList types;
    if (!driveInAudit)
        return types;
    for (const audit::AuditTarget &target : targets) {
        if (target.kind == audit::AuditTarget::Kind::Filesystem && !types.contains(target.fsType))
            types.append(target.fsType);
    }
    return types;
}

bool AuditMatch::hasFinding(const QString &id) const
{
    return std::any_of(findings.cbegin(), findings.cend(),
                       [&](const audit::Finding &f) { return f.id == id; });
}

AuditMatch matchAudit(const std::optional<audit::AuditReport> &audit,
                      const std::optional<DriveInfo> &drive, const TrimCurve &curve)
{
    if (!audit)
        return {};
    const audit::AuditReport &report = *audit;
    if (!drive)
        return wholeComputer(report);
    AuditMatch match;
    for (const audit::AuditTarget &target : report.targets) {
        if (drive->simulated)
            break;
        // The drives its discards end on: disks, or a loop device over a file on no block device.
        const auto disks = target.stack.bottoms();
        // A loop device measured as the drive holds what is mounted from it, though its stack
        // goes on down to the disk under its backing file.
        const bool sameDisk =
            std::any_of(disks.cbegin(), disks.cend(),
                        [&](const auto *disk) { return disk->name == drive->name; }) ||
            std::any_of(target.stack.layers.cbegin(), target.stack.layers.cend(),
                        [&](const audit::StackLayer &layer) {
                            return layer.kind == audit::LayerKind::Loop &&
                                   layer.name == drive->name;
                        });
        const bool model = std::any_of(disks.cbegin(), disks.cend(), [&](const auto *disk) {
            return sameModel(disk->model, drive->model);
        });
        if (sameDisk || model) {
            match.targets.append(target);
            match.matchedByModel = match.matchedByModel || (model && !sameDisk);
        }
    }
    match.driveInAudit = !match.targets.isEmpty();
    for (const audit::Finding &finding : report.findings) {
        // "system", "fstrim.timer", "cron": not a mount point or device, so about every drive
        // this computer trims, the measured one among them once it is in it.
        const bool system = !finding.subject.startsWith(QLatin1Char('/'));
        const bool concerns =
            match.driveInAudit &&
            (system || std::any_of(match.targets.cbegin(), match.targets.cend(),
                                   [&](const auto &t) { return findingConcerns(finding, t); }));
        if (!concerns) {
            match.computerFindings.append(finding);
            continue;
        }
        match.findings.append(finding);
        const bool diskNoDiscardButTrims =
            finding.id == QLatin1String("disk-no-discard") && !curve.isEmpty();
        if (stackBlockerIds().contains(finding.id) || diskNoDiscardButTrims)
            match.blockers.append(finding);
    }
    return match;
}

} // namespace trimscope::advice
