#pragma once

#include <QString>
#include <QStringList>

namespace trimscope::test {

// The QEMU command line of the tests' guests, up to their drives (the caller appends those):
// TCG on one CPU, no network, the kernel and initramfs tests/realkernel/prepare-guest.sh made,
// the host's root read-only and `workDir` (the guest's script and results) over 9p; the guest's
// init finds its work in trimscope.workdir.
inline QStringList guestQemuArguments(const QString &machine, int memoryMiB, const QString &kernel,
                                      const QString &initramfs, const QString &workDir)
{
    return {QStringLiteral("-accel"), QStringLiteral("tcg"), QStringLiteral("-cpu"),
            QStringLiteral("max"), QStringLiteral("-machine"), machine, QStringLiteral("-m"),
            QString::number(memoryMiB), QStringLiteral("-smp"), QStringLiteral("1"),
            QStringLiteral("-nographic"), QStringLiteral("-no-reboot"), QStringLiteral("-nic"),
            QStringLiteral("none"), QStringLiteral("-kernel"), kernel, QStringLiteral("-initrd"),
            initramfs, QStringLiteral("-append"),
            // no_timer_check: on a loaded host TCG's timer can miss the kernel's IO-APIC check,
            // which then panics ("IO-APIC + timer doesn't work"), as seen under ctest -j2.
            QStringLiteral("console=ttyS0 panic=-1 quiet no_timer_check trimscope.workdir=%1")
                .arg(workDir),
            QStringLiteral("-virtfs"),
            QStringLiteral("local,path=/,mount_tag=hostroot,security_model=none,readonly=on,"
                           "multidevs=remap"),
            QStringLiteral("-virtfs"),
            QStringLiteral("local,path=%1,mount_tag=results,security_model=none").arg(workDir)};
}

} // namespace trimscope::test
