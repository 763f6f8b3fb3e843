// Rules about the block layers under a filesystem: where discards stop, and why.
#include "auditrules.h"
#include "systemsnapshot.h"
#include "common/shellquote.h"

#include <QRegularExpression>

namespace trimscope::audit {

namespace {

// A layer is the cause of a block only if it blocks while everything below it passes;
// otherwise the real cause is further down and is reported there.
bool blocksItself(const StorageStack &stack, const StackLayer &layer)
{
    const bool blocked = !layer.discardPasses || layer.cryptAllowsDiscards == false;
    if (!blocked || layer.lower.isEmpty())
        return false;
    for (const QString &name : layer.lower) {
        const StackLayer *lower = stack.find(name);
        if (!lower || !lower->discardPasses)
            return false;
    }
    return true;
}

QString cryptFix(const AuditContext &context, const StackLayer &layer)
{
    const QString refresh = shellCommand(
        {QStringLiteral("sudo"), QStringLiteral("cryptsetup"), QStringLiteral("refresh"),
         QStringLiteral("--allow-discards"), QStringLiteral("--persistent")},
        {layer.label});
    for (const CrypttabEntry &entry : context.crypttab) {
        if (entry.name != layer.label)
            continue;
        const QString line = replaceColumn(
            entry.line, 3,
            withOption(entry.options, QStringLiteral("discard")).join(QLatin1Char(',')));
        return AuditText::tr("In /etc/crypttab:\n  %1\nthen: sudo update-initramfs -u\n"
                             "(LUKS2, effective at once: %2)")
            .arg(line, refresh);
    }
    return AuditText::tr("%1\n(or add \"discard\" to the options of %2 in /etc/crypttab)")
        .arg(refresh, shellQuoted(layer.label));
}

// The drives under `layer`, as /dev paths, in the stack's order.
QStringList memberDrives(const StorageStack &stack, const StackLayer &layer)
{
    QStringList drives;
    for (const QString &name : layer.lower) {
        const StackLayer *lower = stack.find(name);
        if (!lower)
            continue;
        const QStringList below = lower->kind == LayerKind::Disk
                                      ? QStringList{lower->devicePath()}
                                      : memberDrives(stack, *lower);
        for (const QString &drive : below) {
            if (!drives.contains(drive))
                drives.append(drive);
        }
    }
    return drives;
}

// raid456's devices_handle_discard_safely keeps parity as if every member read back zeroes from
// trimmed blocks (drivers/md/raid5.c); the audit reads no drive's IDENTIFY, so the condition and
// how to check it come first, as a comment, and the line only after it.
QString raidFix(const StorageStack &stack, const StackLayer &layer)
{
    QStringList checks;
    for (const QString &drive : memberDrives(stack, layer))
        checks.append(QStringLiteral("trimscope-cli health %1").arg(drive));
    return AuditText::tr("# Only if every drive of %1 returns zeroes after TRIM: check \"After "
                         "TRIM\" in %2\n"
                         "echo 'options raid456 devices_handle_discard_safely=Y' | sudo tee "
                         "/etc/modprobe.d/raid456-discard.conf && sudo update-initramfs -u")
        .arg(layer.name, checks.isEmpty() ? QStringLiteral("trimscope-cli health")
                                          : checks.join(QStringLiteral(", ")));
}

QString layerExplanation(const AuditTarget &target, const StackLayer &layer)
{
    const QString blocked =
        AuditText::tr("The devices below %1 accept discards but %1 itself does not, so TRIM "
                      "from %2 stops here.")
            .arg(layer.name, target.subject);
    if (layer.kind != LayerKind::Raid)
        return blocked;
    return blocked + QLatin1Char(' ') +
           AuditText::tr("md's RAID 4/5/6 passes discards only with raid456's "
                         "devices_handle_discard_safely, which is safe only if every drive of "
                         "the array returns zeroes after TRIM (ATA: \"Deterministic read ZEROs "
                         "after TRIM\"; NVMe: Deallocate reads zeroes). Otherwise a stripe's "
                         "parity stops matching its data after a TRIM, and rebuilding a failed "
                         "drive returns wrong data.");
}

QString layerFix(const StorageStack &stack, const StackLayer &layer)
{
    switch (layer.kind) {
    case LayerKind::Raid:
        return raidFix(stack, layer);
    case LayerKind::Lvm:
        return AuditText::tr("For a thin volume: sudo lvchange --discards passdown VG/THINPOOL");
    case LayerKind::Loop:
        return AuditText::tr(
                   "Move %1 to a filesystem that supports hole punching (ext4, xfs, btrfs)")
            .arg(layer.label);
    default:
        return AuditText::tr("%1   # check the target's discard options")
            .arg(shellCommand({QStringLiteral("sudo"), QStringLiteral("dmsetup"),
                               QStringLiteral("table")},
                              {layer.label.isEmpty() ? layer.name : layer.label}));
    }
}

bool isIdeController(const StackLayer &disk)
{
    return disk.controllerDriver == QLatin1String("ata_piix") ||
           disk.controllerDriver == QLatin1String("ata_generic") ||
           disk.controllerDriver.startsWith(QLatin1String("pata_")) ||
           disk.controllerClass.startsWith(QLatin1String("0x0101"));
}

} // namespace

QList<Finding> ruleCryptDiscardsBlocked(const AuditContext &context, const AuditTarget &target)
{
    QList<Finding> found;
    for (const StackLayer &layer : target.stack.layers) {
        if (layer.kind != LayerKind::Crypt || !blocksItself(target.stack, layer))
            continue;
        found.append(makeFinding(
            Severity::Problem, layer.devicePath(),
            AuditText::tr("dm-crypt device %1 does not pass discards").arg(layer.label),
            AuditText::tr("%1 was opened without allow_discards, so no TRIM from %2 ever reaches "
                          "the SSD, which slowly loses write speed. Allowing discards reveals "
                          "which blocks are free, which most threat models accept.")
                .arg(layer.label, target.subject),
            cryptFix(context, layer)));
    }
    return found;
}

QList<Finding> ruleLayerDiscardsBlocked(const AuditContext &, const AuditTarget &target)
{
    QList<Finding> found;
    for (const StackLayer &layer : target.stack.layers) {
        if (layer.kind == LayerKind::Crypt || !blocksItself(target.stack, layer))
            continue;
        found.append(makeFinding(
            Severity::Problem, layer.devicePath(),
            AuditText::tr("%1 (%2) does not pass discards")
                .arg(layer.name, layerKindName(layer.kind)),
            layerExplanation(target, layer), layerFix(target.stack, layer)));
    }
    return found;
}

QList<Finding> ruleDiskNoDiscard(const AuditContext &context, const AuditTarget &target)
{
    QList<Finding> found;
    for (const StackLayer *disk : target.stack.disks()) {
        if (disk->discardPasses || disk->rotational != false)
            continue;
        const bool usb = context.snapshot.valueOr(QStringLiteral("/sys/class/block/") + disk->name)
                             .contains(QLatin1String("/usb"));
        found.append(makeFinding(
            Severity::Warning, disk->devicePath(),
            AuditText::tr("%1 does not accept discards").arg(disk->devicePath()),
            usb ? AuditText::tr("The SSD sits behind a USB bridge that does not advertise UNMAP; "
                                "many bridges support it when told to.")
                : AuditText::tr("The drive or its controller does not accept TRIM, so nothing "
                                "above it can trim."),
            usb ? AuditText::tr("echo unmap | sudo tee /sys/block/%1/device/scsi_disk/*/"
                                "provisioning_mode   # test, then make it a udev rule")
                      .arg(shellQuoted(disk->name))
                : QString()));
    }
    return found;
}

QList<Finding> ruleRotationalDiscardCapable(const AuditContext &, const AuditTarget &target)
{
    QList<Finding> found;
    for (const StackLayer *disk : target.stack.disks()) {
        if (disk->rotational == true && disk->discardPasses)
            found.append(makeFinding(
                Severity::Info, disk->devicePath(),
                AuditText::tr("%1 reports itself rotational but accepts discards")
                    .arg(disk->devicePath()),
                AuditText::tr("Typical of virtual and thin-provisioned disks (and SMR drives): "
                              "TRIM hands freed space back to the storage below, so it is "
                              "audited like an SSD.")));
    }
    return found;
}

QList<Finding> ruleControllerIdeMode(const AuditContext &, const AuditTarget &target)
{
    QList<Finding> found;
    for (const StackLayer *disk : target.stack.disks()) {
        if (!isIdeController(*disk))
            continue;
        found.append(makeFinding(
            Severity::Warning, disk->devicePath(),
            AuditText::tr("%1 is attached in IDE compatibility mode (%2)")
                .arg(disk->devicePath(), disk->controllerDriver),
            AuditText::tr("The SATA controller runs in legacy IDE mode instead of AHCI: no NCQ, "
                          "lower speed, and queued TRIM is unavailable; some controllers pass "
                          "no TRIM at all in this mode."),
            AuditText::tr(
                "echo ahci | sudo tee -a /etc/initramfs-tools/modules && sudo "
                "update-initramfs -u, then set SATA mode to AHCI in the firmware setup")));
    }
    return found;
}

QList<Finding> ruleLvmIssueDiscards(const AuditContext &context, const AuditTarget &target)
{
    const bool onLvm = std::any_of(target.stack.layers.cbegin(), target.stack.layers.cend(),
                                   [](const StackLayer &l) { return l.kind == LayerKind::Lvm; });
    if (!onLvm)
        return {};
    static const QRegularExpression enabled(QStringLiteral("^\\s*issue_discards\\s*=\\s*1"),
                                            QRegularExpression::MultilineOption);
    if (enabled.match(context.snapshot.valueOr(QStringLiteral("/etc/lvm/lvm.conf"))).hasMatch())
        return {};
    return {makeFinding(
        Severity::Info, QStringLiteral("/etc/lvm/lvm.conf"),
        AuditText::tr("LVM does not discard space freed by lvremove/lvreduce"),
        AuditText::tr("issue_discards only concerns space LVM itself gives up; TRIM from the "
                      "filesystems passes through LVM regardless."),
        AuditText::tr("In /etc/lvm/lvm.conf, section devices:\n  issue_discards = 1"))};
}

} // namespace trimscope::audit
