#pragma once

#include "blockdevice.h"
#include "common/error.h"

namespace trimscope {

// What tells one medium from another behind the same node. The device number alone does not:
// a USB stick unplugged and another plugged in, or a loop device detached and attached to
// another file, gets the same sdX and the same major:minor. The kernel's disk sequence number
// (diskseq, Linux 5.15 and later) is new for every medium and every attach; size, model and
// serial tell media apart where the kernel has none.
struct DeviceIdentity
{
    quint32 major = 0;
    quint32 minor = 0;
    quint64 diskSeq = 0; // 0: unknown (a kernel before 5.15)
    quint64 sizeBytes = 0;
    QString model;
    QString serial;

    // An identity was taken: a default one asks nothing.
    bool isSet() const { return major != 0 || minor != 0 || diskSeq != 0; }
};

DeviceIdentity identityOf(const BlockDevice &device);

// Empty when `now` is the medium `expected` names; NoSuchDevice, naming what differs, otherwise.
// The disk sequence decides where both have one; size, model and serial must match always.
Error checkSameMedium(const DeviceIdentity &expected, const DeviceIdentity &now,
                      const QString &path);

// The disk sequence of the medium an open fd reaches (BLKGETDISKSEQ), 0 where the kernel has
// none. A partition's fd answers its disk's.
quint64 diskSeqOfDescriptor(int fd);

} // namespace trimscope
