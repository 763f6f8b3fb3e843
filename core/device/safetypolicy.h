#pragma once

#include "blockdevice.h"
#include "common/error.h"

namespace trimscope {

// Why a destructive run (discard, mkfs, writes) is refused on a device.
enum class RefusalReason {
    NoMedium,
    EmptyDevice,
    ReadOnly,
    HoldsRoot,
    Mounted,
    PartitionMounted,
    Held,
    Swap,
    NoDiscard,
    SiblingInUse,   // another partition of the same disk holds /, is mounted, swap or held
    OpenForWriting, // a process writes to it without O_EXCL (a VM's disk, a raw database)
};

struct Refusal
{
    RefusalReason reason;
    ErrorCode code; // DeviceInUse, NoDiscardSupport, ...
    QString message;
};

struct SafetyVerdict
{
    QList<Refusal> refusals;

    bool allowed() const { return refusals.isEmpty(); }
    // The first refusal is the most serious one; callers report it.
    Error firstError() const;
    // "Safe for a destructive benchmark" or every refusal on its own line.
    QString summary() const;
};

// What the caller asks of the policy beyond its fixed rules.
struct SafetyOptions
{
    // False for work that only writes (a fill test), true for anything that discards.
    bool requireDiscard = true;
    // A partition of a disk whose other partitions hold /, /boot, /boot/efi, swap or anything
    // mounted or held is refused unless this is set. Only an explicit request sets it
    // (trimscope-cli --allow-siblings-of-system-disk, run as root); the helper never does, as no
    // polkit action of its own covers it yet.
    bool allowSiblingsOfSystemDisk = false;
    // A device a process holds open for writing is refused unless this is set: only an explicit
    // request (trimscope-cli --allow-open-writers, run as root); the helper never sets it.
    bool allowOpenWriters = false;
};

// Requirements for running destructive work on a device.
// A pure function over the snapshot: the helper, CLI and GUI all ask the same question.
SafetyVerdict evaluateSafety(const BlockDevice &device, const SafetyOptions &options);
SafetyVerdict evaluateSafety(const BlockDevice &device, bool requireDiscard = true);

QString refusalReasonName(RefusalReason reason);

} // namespace trimscope
