#pragma once

#include <QString>

namespace trimscope::gui {

// The history's collector as a program of its own (app/cli/historyrecordmain.cpp): what the app
// runs once a day and what runs at login. `trimscope-cli history record` does the same but loads
// Qt Gui for the CLI's reports, which doubled a run's CPU time (issue 44).
inline const QString kCollectorName = QStringLiteral("trimscope-history-record");

// The collector beside this program (/usr/bin, the Flatpak's /app/bin), in a build tree's
// app/cli, else on PATH; empty when there is none.
QString findCollectorProgram();

} // namespace trimscope::gui
