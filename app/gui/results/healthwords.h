#pragma once

#include "health/lifespan.h"
#include "health/skpretty.h"

#include <QString>

namespace trimscope::gui {

// Health figures in the reader's language and number format. Core keeps libatasmart's and the
// files' English ("GOOD", "1.9 days", "cell type TLC: …") so the CLI matches skdump and files stay
// stable; the window words them from the values themselves (an attribute's value:
// health::prettyValueText).

// The drive's overall verdict ("GOOD", "BAD_SECTOR", "CRITICAL_WARNING") in words.
QString overallText(const QString &overall);
// What the lifespan estimate assumed, one phrase each.
QStringList lifespanAssumptionTexts(const health::LifespanEstimate &estimate);
// Why the lifespan is unknown, when it is.
QString lifespanUnknownText(const health::LifespanEstimate &estimate);

} // namespace trimscope::gui
