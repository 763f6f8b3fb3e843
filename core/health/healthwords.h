#pragma once

#include "lifespan.h"
#include "skpretty.h"

#include <QString>

namespace trimscope::health {

// Health figures in the reader's language and number format. The read-outs keep libatasmart's and
// the files' English ("GOOD", "1.9 days", "cell type TLC: …") so files stay stable; the window,
// the shared report and the CLI's text word them from the values themselves (an attribute's
// value: prettyValueText; the CLI's English table keeps skdump's, formatSkPretty).

// The drive's overall verdict ("GOOD", "BAD_SECTOR", "CRITICAL_WARNING") in words.
QString overallText(const QString &overall);
// What the lifespan estimate assumed, one phrase each.
QStringList lifespanAssumptionTexts(const LifespanEstimate &estimate);
// Why the lifespan is unknown, when it is.
QString lifespanUnknownText(const LifespanEstimate &estimate);
// Why the remaining life from the wear figure is unknown, when it is (the file keeps
// WearExtrapolation::unknownReason in English).
QString wearUnknownText(const WearExtrapolation &wear);

} // namespace trimscope::health
