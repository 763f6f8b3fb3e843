#pragma once

#include "backend.h"

namespace trimscope::gui {

// "no", "sda1 mounted at /home; swap on sda2": what uses a device, in words.
QString usageOf(const BlockDevice &device);
// The entry for a probed real device, with its safety verdict.
DriveEntry driveEntryFrom(const QString &backendId, const BlockDevice &device);

} // namespace trimscope::gui
