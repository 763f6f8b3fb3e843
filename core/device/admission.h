#pragma once

#include "deviceidentity.h"
#include "deviceprobe.h"
#include "driveinfo.h"
#include "exclusiveopen.h"

namespace trimscope {

// What destructive work asks of a device before it touches it.
struct AdmissionRules
{
    bool requireDiscard = true; // false for work that only writes (a fill without TRIM)
    // Hold the device O_RDWR | O_EXCL for the whole run, so nothing mounts or claims it meanwhile.
    // false: open it only to hear the kernel's answer and close it again, for work whose tools
    // (mkfs, mount) need the device exclusively themselves.
    bool keepOpen = true;
    // A partition beside partitions in use on its disk (SafetyOptions::allowSiblingsOfSystemDisk):
    // only when root asked for it in so many words; the helper never sets it.
    bool allowSiblingsOfSystemDisk = false;
    // A device a process holds open for writing (SafetyOptions::allowOpenWriters): only when
    // root asked for it in so many words; the helper never sets it.
    bool allowOpenWriters = false;
    // The medium someone approved (the helper's prompt named it): the probed device and the
    // opened fd must still be it, or NoSuchDevice. Unset: no approval to hold to.
    DeviceIdentity approved = {};
};

// A device admitted for destructive work: what the probe said about it, and the open device when
// the rules asked to keep it.
struct AdmittedDevice
{
    BlockDevice device;
    UniqueFd fd; // valid when rules.keepOpen
    AdmissionRules rules;

    DriveInfo drive() const { return driveInfoFrom(device); }
};

// The one gate for every destructive run (sweep, filesystem experiments, write recovery, the
// background probe), whoever asks (CLI, helper, GUI): an untrusted path is resolved
// (resolveDevicePath), the node probed, the safety policy applied, and the device opened
// O_RDWR | O_EXCL, which the kernel refuses while anything mounts or holds it; the opened node is
// checked to be the probed device (device number, size). Nothing is written. Each refusal is a
// named error.
Expected<AdmittedDevice> admitForWriting(const QString &path, const AdmissionRules &rules,
                                         const DeviceProbe &probe = DeviceProbe());

// The same gate for a device someone else opened (udisks' Block.OpenDevice): the fd is checked
// to be the probed device instead of being opened here; it is kept.
Expected<AdmittedDevice> admitOpenedForWriting(UniqueFd fd, const QString &path,
                                               const AdmissionRules &rules,
                                               const DeviceProbe &probe = DeviceProbe());

// The gate's questions without opening the device: for a path (what a run would be refused for,
// asked before showing what it would cost), and for a device the probe knows by its kernel name,
// pure over what sysfs and /proc say, so tests ask them of recorded trees.
Expected<BlockDevice> examineForWriting(const QString &path, const AdmissionRules &rules,
                                        const DeviceProbe &probe = DeviceProbe());
Expected<BlockDevice> examineNameForWriting(const QString &name, const AdmissionRules &rules,
                                            const DeviceProbe &probe = DeviceProbe());

// Before each later step of a long run (every mkfs, every fio job): the same questions again,
// and the device must still be the one admitted: the fd still held on it, or when not held, the
// node still the same medium (device number, disk sequence, size, model, serial; NoSuchDevice
// otherwise).
Error readmit(const AdmittedDevice &admitted, const DeviceProbe &probe = DeviceProbe());

} // namespace trimscope
