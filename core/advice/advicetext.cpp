#include "advicetext.h"

#include "common/units.h"

#include <algorithm>
#include <cmath>

namespace trimscope::advice {

QString fsDisplay(const QString &fs)
{
    return fs == QLatin1String("xfs") ? QStringLiteral("XFS") : fs;
}

QString bytesDisplay(double bytes)
{
    return formatBytes(quint64(std::llround(std::max(bytes, 0.0))));
}

QString factorDisplay(double margin)
{
    return AdviceText::tr("%1x").arg(formatFixed(1 + margin, 1));
}

} // namespace trimscope::advice
