#pragma once

#include "advice.h"

#include <QList>

namespace trimscope::advice {

struct Evidence;

// What to do for this verdict, most important first: exact lines for this computer's filesystems
// on the measured drive (or a drive of its model), else guidance for the drive wherever it is
// used; the fstrim timer where fstrim is the answer; the audit's own fixes where the stack blocks
// TRIM. Nothing for an unknown verdict.
QList<Fix> fixesFor(const Evidence &evidence, Verdict verdict);

} // namespace trimscope::advice
