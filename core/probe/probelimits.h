#pragma once

#include "common/error.h"

#include <QString>

// What the probe's files share: the alignment and limits of its writes, and how they refuse.

namespace trimscope::probe {

constexpr quint64 kAlign = 4096;
constexpr quint64 kMaxWriteBytes = quint64(1) << 20;
constexpr double kMaxProbeSeconds = 120;
// The whole probe's bound (BackgroundProbePlan::maxWaitSeconds): its default, and the range a
// caller may choose from. The lower end leaves room for one pair of short trials.
constexpr double kDefaultProbeWaitSeconds = 90;
constexpr double kMinProbeWaitSeconds = 10;
constexpr double kMaxProbeWaitSeconds = 3600;

inline Error invalid(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, message);
}

// The range [offset, offset + length) is non-empty and lies on a device of `deviceBytes`.
inline bool inside(quint64 offset, quint64 length, quint64 deviceBytes)
{
    return length > 0 && offset <= deviceBytes && length <= deviceBytes - offset;
}

} // namespace trimscope::probe
