#pragma once

#include "advice.h"
#include "inuse.h"
#include "words.h"

#include <QList>
#include <QString>
#include <QStringList>

// What the drive-in-use verdict is built into once it is decided: its figures, its sentence,
// its doubts and what would change it. The verdict itself is inuse.h's, from numbers alone.
namespace trimscope::advice {

// Per filesystem: the discards' device time a day and per discard, a kernel-sized delete priced
// at them, the timed fstrim and its longest piece; each saying it was measured on the drive in
// use. Empty for empty figures.
QList<Figure> inUseFigureList(const InUseFigures &figures, const AdviceThresholds &thresholds);

// The verdict in one sentence, naming the drive's own measured figures and that they are the
// drive's real figures, not a spare drive's.
QString inUseSentence(const InUseFigures &figures, const AdviceThresholds &thresholds,
                      Verdict verdict, const QString &driveName);

// How sure: a short watch, few discards, a delete priced from another drive's record, a timed
// fstrim that trimmed nothing new, each lower it.
Confidence assessInUseConfidence(const InUseFigures &figures, const AdviceThresholds &thresholds,
                                 Verdict verdict);

// What would change it, and the measurement that would settle it.
QStringList inUseWouldChange(const InUseFigures &figures, const AdviceThresholds &thresholds,
                             Verdict verdict);

} // namespace trimscope::advice
