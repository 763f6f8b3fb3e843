#pragma once

#include <QString>

namespace trimscope {

// Loads the catalogue for the user's UI languages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), plus Qt's
// own (qtbase) catalogue, and installs them on the running application. Looks in
// $TRIMSCOPE_TRANSLATIONS_DIR, next to the program (../share/trimscope/translations), the installed
// prefix, then the build tree. Returns the file loaded, empty when the UI stays in English.
QString installTranslations();

} // namespace trimscope
