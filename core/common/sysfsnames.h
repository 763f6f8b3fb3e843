#pragma once

#include <QStringView>

namespace trimscope {

// The shapes of sysfs names that the audit and the health reader look for, told by hand: each
// was a QRegularExpression, and a pattern's first match compiles it (with the JIT on a user's
// run, ~170,000 instructions each), once per run of the history collector (issue 44: its CPU).
// Digits are ASCII digits, as \d was (no Unicode properties option).

// "0000:00:1f.2": a PCI function's directory, ^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]$.
bool isPciAddress(QStringView name);

// A directory holding NVMe namespaces: "nvme0" (one controller) or "nvme-subsys0" (native
// multipath), ^nvme(\d+|-subsys\d+)$.
bool isNvmeNamespaceContainer(QStringView name);

// An NVMe namespace: "nvme0n1", or a multipath controller's hidden path "nvme0c0n1";
// ^nvme\d+(c\d+)?n\d+$ (not a partition, not the generic node ng0n1).
bool isNvmeNamespace(QStringView name);

// A sysfs path through a virtio device: contains "/virtio" + digits + "/".
bool isUnderVirtioDevice(QStringView sysfsPath);

// "0:52": a device number of major 0, the kernel's anonymous devices (proc, tmpfs, btrfs, FUSE:
// most mounts), which are never block devices: nothing to look up under /sys/dev/block or
// /sys/class/block for them.
bool isAnonymousDeviceNumber(QStringView majorMinor);

} // namespace trimscope
