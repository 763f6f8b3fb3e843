#pragma once

#include <QString>

namespace trimscope {

// Whether this process runs inside a Flatpak sandbox: Flatpak puts /.flatpak-info at the
// sandbox's root (flatpak-metadata(5)). One place asks, so that a test can point it at a file of
// its own instead of changing the real root.
bool insideFlatpakSandbox();
// The file that says so; "/.flatpak-info" unless a test set another.
QString flatpakInfoPath();
void setFlatpakInfoPathForTesting(const QString &path);

} // namespace trimscope
