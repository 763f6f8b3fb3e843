#pragma once

#include "audit/systemsnapshot.h"
#include "udisksconfig.h"
#include "udisksdevices.h"

#include <QDBusConnection>
#include <QList>
#include <QString>
#include <optional>

namespace trimscope::apply {

// This computer as the audit and the apply plans read it. Outside a sandbox that is
// SystemSnapshot::capture(): the machine's own files. Inside the Flatpak the sandbox's /etc,
// mount table, swaps and /dev are not the host's (sysfs is): there the host's udisks2 says what
// /etc/fstab and /etc/crypttab hold (Block.Configuration), what is mounted where and which swap
// is on, and systemd on the system bus whether fstrim.timer is enabled. The plans then change
// those lines through udisks2, as everywhere.

// In the Flatpak sandbox (/.flatpak-info), or told to look as it does (TRIMSCOPE_HOST_VIEW=udisks,
// for support and tests): the host is seen through udisks2.
bool seesHostThroughUdisks();

// One block device as udisks2 sees it on the host.
struct HostBlock
{
    QString device; // "/dev/sda2"
    quint32 major = 0;
    quint32 minor = 0;
    QString idType; // "ext4", "swap", "crypto_LUKS"
    QString idUuid;
    QString idLabel;
    QString partitionUuid;
    QStringList mountPoints;
    bool swapActive = false;
    BlockConfiguration configuration; // its /etc/fstab and /etc/crypttab lines
};

QList<HostBlock> hostBlocksFrom(const UdisksObjects &objects);

// `snapshot` (captured in the sandbox: its sysfs is the host's) with the host's facts in place of
// the sandbox's files: /etc/fstab and /etc/crypttab as udisks2's lines, the mounts (their options
// those the fstab line gives: the live ones are out of sight), active swap, /dev/disk links, and
// what systemd says of fstrim.timer, in `systemctl show`'s form ("LoadState=loaded\n
// UnitFileState=enabled\nLastTriggerUSec=@1700000000..."; nothing: systemd did not answer).
// Whatever the sandbox showed of its own /etc, mounts, fill levels and service manager is
// dropped, but for its mounts of block devices udisks2 does not show. Pure.
audit::SystemSnapshot withHostFacts(audit::SystemSnapshot snapshot, const QList<HostBlock> &blocks,
                                    const std::optional<QString> &fstrimTimerShow);

// The snapshot to audit: SystemSnapshot::capture(), with the host's facts through udisks2 and
// systemd on `bus` when seesHostThroughUdisks(). udisks2 not answering leaves the sandbox's view,
// and audit::kHostViewKey says so.
audit::SystemSnapshot captureHostSnapshot(const QDBusConnection &bus);

} // namespace trimscope::apply
