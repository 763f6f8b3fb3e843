#pragma once

#include "common/error.h"

#include <QString>

namespace trimscope::gui {

// An error in words for the window: what happened first, then the details the backend gave.
QString errorInWords(const Error &error);

// Why the file at `path` did not open, in a sentence a person can act on, chosen by what the
// reader met (error.file: readInputFile, readAnyResult); the file is not read again. The reader's
// own words follow only when they add something.
QString fileErrorInWords(const QString &path, const Error &error);
// `what` is the kind the file holds ("filesystem"), `wanted` what the place takes.
QString wrongKindInWords(const QString &path, const QString &what, const QString &wanted);

} // namespace trimscope::gui
