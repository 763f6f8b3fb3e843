#pragma once

#include <QString>
#include <functional>

namespace trimscope {

enum class MediumState { Present, Absent, Unknown };

// Asks an optical drive whether a disc is in it (CDROM_DRIVE_STATUS). The node is opened
// read-only with O_NONBLOCK, which the cdrom layer offers for exactly this: no tray is closed,
// no disc is read. Unknown when the node cannot be opened (an unprivileged user outside the
// "cdrom" group) or the drive does not say.
MediumState queryOpticalMedium(const QString &devicePath);

// What the probe asks with; tests hand it a recorded answer instead of a drive.
using OpticalMediumQuery = std::function<MediumState(const QString &devicePath)>;

} // namespace trimscope
