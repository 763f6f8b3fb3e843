#pragma once

#include "common/expected.h"

namespace trimscope {

// Untrusted device paths (from D-Bus or the command line) become the kernel's own node path:
// absolute, under /dev, no "." or ".." components; a symlink is accepted only under
// /dev/disk/by-*, is resolved, and its target must again be a plain node directly in /dev.
// InvalidArgument, NoSuchDevice or NotABlockDevice otherwise, with a message that names the path.
Expected<QString> resolveDevicePath(const QString &path);

} // namespace trimscope
