#pragma once

#include <QString>

namespace trimscope {

// Loads the catalogue for the user's UI languages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), plus Qt's
// own (qtbase) catalogue, and installs them on the running application. Looks in
// $TRIMSCOPE_TRANSLATIONS_DIR, next to the program (../share/trimscope/translations), the installed
// prefix, then the build tree. English (and a language without a catalogue) loads
// trimscope_en, which holds the English plural forms. Returns the file loaded, empty when none
// was found.
QString installTranslations();
// Whether installTranslations() loaded a catalogue of another language than English: the words
// are the reader's, so what sits among them (a number, a drive's value) should be too.
bool wordsTranslated();

} // namespace trimscope
