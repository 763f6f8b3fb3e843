#include "recoverycommon.h"

#include "clioutput.h"
#include "commands.h"
#include "common/units.h"

#include <QFileInfo>
#include <cmath>

namespace trimscope::cli {

Error parseIntOption(const QCommandLineParser &parser, const QString &name, int min, int max,
                     int &out)
{
    if (!parser.isSet(name))
        return {};
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value < min || value > max)
        return {ErrorCode::InvalidArgument,
                RecoveryText::tr("--%1 must be a whole number from %2 to %3, not '%4'")
                    .arg(name)
                    .arg(min)
                    .arg(max)
                    .arg(parser.value(name))};
    out = value;
    return {};
}

static QString formatDuration(double seconds)
{
    const auto total = qint64(std::ceil(seconds));
    if (total >= 3600)
        return RecoveryText::tr("%1 h %2 min").arg(total / 3600).arg((total / 60) % 60);
    if (total >= 60)
        return RecoveryText::tr("%1 min %2 s").arg(total / 60).arg(total % 60);
    return RecoveryText::tr("%1 s").arg(total);
}

QString formatEstimate(const recovery::RunEstimate &estimate)
{
    QString text =
        RecoveryText::tr("This writes %1 sequentially").arg(formatBytes(estimate.sequentialBytes));
    if (estimate.randomBytesAtMost)
        text += RecoveryText::tr(" and up to %1 at random")
                    .arg(formatBytes(estimate.randomBytesAtMost));
    text += RecoveryText::tr(" (%1 times the drive's capacity) and takes about %2 at %3 "
                             "(%4 of it fixed: random-write phases and idle time).\n")
                .arg(estimate.capacityMultiple, 0, 'f', 1)
                .arg(formatDuration(estimate.seconds))
                .arg(formatRate(recovery::kAssumedSequentialBytesPerSecond))
                .arg(formatDuration(estimate.fixedSeconds));
    return text;
}

QString progressDetail(const recovery::RecoveryProgress &progress)
{
    QString phase = recovery::recoveryPhaseTitle(progress.phase);
    if (progress.phase == recovery::RecoveryPhase::Fill && progress.fillPass > 0)
        phase += QStringLiteral(" %1").arg(progress.fillPass);
    return QStringLiteral("%1/%2 %3, %4 written")
        .arg(progress.phaseIndex + 1)
        .arg(progress.phaseCount)
        .arg(phase, formatBytes(progress.bytesWritten));
}

bool confirmDestroy(const QString &device, bool destroyData, const QString &what)
{
    if (destroyData)
        return true;
    printError(RecoveryText::tr("%1 overwrites all data on %2; add --destroy-data to confirm")
                   .arg(what, device));
    return false;
}

} // namespace trimscope::cli
