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

// Requirements for running destructive work on a device. `requireDiscard` is false for work
// that only writes (a fill test) and true for anything that discards.
// A pure function over the snapshot: the helper, CLI and GUI all ask the same question.
SafetyVerdict evaluateSafety(const BlockDevice &device, bool requireDiscard = true);

QString refusalReasonName(RefusalReason reason);

} // namespace trimscope
