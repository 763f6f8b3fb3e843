#pragma once

#include "advice.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace trimscope::advice {

struct Decision;
struct Evidence;

// The verdict in one translated sentence, with the numbers it rests on (`figures`: the weekly
// fstrim's among them, when there is one).
QString verdictSentence(const Evidence &evidence, const Decision &decision,
                        const QList<Figure> &figures);

// What would change the verdict: the decision's own way out first, then what each measurement
// would have to show.
QStringList whatWouldChange(const Evidence &evidence, const Decision &decision);

struct Confidence
{
    QString level; // "high", "medium", "low"
    QStringList reasons;
};
// Stack and no-TRIM verdicts rest on the audit and the drive's own word; the others on how much
// of the timing is known, each doubt lowering it.
Confidence assessConfidence(const Evidence &evidence, Verdict verdict);

// Which of this computer's filesystems the verdict applies to, with a summary in words.
Configuration describeConfiguration(const Evidence &evidence);

} // namespace trimscope::advice
