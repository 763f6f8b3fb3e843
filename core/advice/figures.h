#pragma once

#include "advice.h"

#include <QList>

namespace trimscope::advice {

struct Evidence;

// The numbers behind the verdict, each with how it was computed: what the filesystem experiment
// measured, the kernel-tree delete estimates, a weekly fstrim, the background probe and the stall
// test, in that order.
QList<Figure> adviceFigures(const Evidence &evidence);

} // namespace trimscope::advice
