#pragma once

#include "common/expected.h"
#include "health/drivehealth.h"

#include <QByteArray>

namespace trimscope::gui {

// DriveHealth back from the JSON the helper's ReadHealth and "trimscope-cli health --json"
// write (schema io.github.trimscope.health): the unified figures and, for ATA drives, the
// attribute table. The lifespan is recomputed from the figures under `assumptions`, as for a
// loaded blob; NVMe's raw log is not read back (its figures are).
Expected<health::DriveHealth> driveHealthFromJson(const QByteArray &json,
                                                  const health::LifespanAssumptions &assumptions);

} // namespace trimscope::gui
