#pragma once

#include <QCoreApplication>
#include <QString>

namespace trimscope::advice {

// The advice's translation context: every file of the advice words its sentences in it, so one
// catalogue section holds them whichever file builds them.
class AdviceText
{
    Q_DECLARE_TR_FUNCTIONS(TrimAdvice)
};

// "ext4", "XFS": a filesystem as the advice's sentences name it.
QString fsDisplay(const QString &fs);
// A byte count that may be fractional (an average discard), in the one byte format.
QString bytesDisplay(double bytes);
// A margin of 0.5 as "1.5x": the range runs from the estimate divided by it to times it.
QString factorDisplay(double margin);

} // namespace trimscope::advice
