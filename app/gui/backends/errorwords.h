#pragma once

#include "common/error.h"

#include <QString>

namespace trimscope::gui {

// An error in words for the window: what happened first, then the details the backend gave.
QString errorInWords(const Error &error);

} // namespace trimscope::gui
