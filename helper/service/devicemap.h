#pragma once

#include "device/blockdevice.h"
#include "health/drivehealth.h"

#include <QVariantMap>

namespace trimscope::helper {

// ListDevices' entry for one disk: what the probe found, and whether a benchmark may run on it
// (with the refusals when not). The keys are documented in io.github.trimscope.Helper1.xml.
QVariantMap deviceToMap(const BlockDevice &device);

// ReadHealth's answer: the document the CLI prints with --json, under "json" alone. The summary
// figures it holds are not repeated beside it (issue 45: the bus said health twice, and no client
// read the second form).
QVariantMap healthToMap(const health::DriveHealth &health);

} // namespace trimscope::helper
