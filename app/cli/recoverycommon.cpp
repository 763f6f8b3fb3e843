#include "recoverycommon.h"

#include "clioutput.h"
#include "commands.h"
#include "common/units.h"
#include "device/admission.h"
#include "reports.h"

#include <QFileInfo>

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

std::optional<DriveInfo> drivePassingTheGate(const QString &device, bool requireDiscard)
{
    const Expected<BlockDevice> examined =
        examineForWriting(device, {requireDiscard, /*keepOpen=*/false});
    return examined ? std::optional<DriveInfo>(driveInfoFrom(*examined)) : std::nullopt;
}

QString formatEstimate(const recovery::RunEstimate &estimate)
{
    QString text =
        RecoveryText::tr("This writes %1 sequentially").arg(formatBytes(estimate.sequentialBytes));
    if (estimate.randomBytesAtMost)
        text += RecoveryText::tr(" and up to %1 at random")
                    .arg(formatBytes(estimate.randomBytesAtMost));
    text += RecoveryText::tr(" (%1 times the drive's capacity) and takes about %2 at %3")
                .arg(formatFixed(estimate.capacityMultiple, 1), formatDuration(estimate.seconds),
                     formatRate(recovery::kAssumedSequentialBytesPerSecond));
    // A fill curve has no random phases and no idle time: nothing to say about them.
    if (estimate.fixedSeconds > 0)
        text += RecoveryText::tr(" (%1 of it fixed: random-write phases and idle time)")
                    .arg(formatDuration(estimate.fixedSeconds));
    return text + QStringLiteral(".\n");
}

using namespace trimscope::recovery;

QString formatRecoveryReport(const RecoveryResult &result)
{
    QString text = RecoveryText::tr("Write recovery on %1\n").arg(result.drive.displayName());
    text += QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                .arg(RecoveryText::tr("Phase"), -18)
                .arg(RecoveryText::tr("IOPS"), 10)
                .arg(RecoveryText::tr("of FOB"), 7)
                .arg(RecoveryText::tr("throughput"), 12)
                .arg(RecoveryText::tr("p50"), 9)
                .arg(RecoveryText::tr("p99"), 9);
    for (const PhaseMeasurement &m : result.measurements) {
        text += QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                    .arg(recoveryPhaseTitle(m.phase), -18)
                    .arg(m.figures.iops, 10, 'f', 0)
                    .arg(QStringLiteral("%1 %").arg(m.percentOfFob, 0, 'f', 0), 7)
                    .arg(formatRate(m.figures.bytesPerSecond), 12)
                    .arg(formatSeconds(m.figures.latencyP50Seconds), 9)
                    .arg(formatSeconds(m.figures.latencyP99Seconds), 9);
    }
    for (qsizetype i = 0; i < result.fills.size(); ++i)
        text += RecoveryText::tr("Fill %1: %2 at %3\n")
                    .arg(i + 1)
                    .arg(formatBytes(result.fills[i].ioBytes),
                         formatRate(result.fills[i].bytesPerSecond));
    text += RecoveryText::tr("Idle %1; whole-drive TRIM took %2; %3 written in %4\n")
                .arg(formatSeconds(result.idleSeconds), formatSeconds(result.trimDiscardSeconds),
                     formatBytes(result.bytesWritten), formatSeconds(result.elapsedSeconds));
    return text;
}

QString formatFillReport(const FillCurveResult &result)
{
    QString text = RecoveryText::tr("Sequential fill of %1 (%2 per sample)\n")
                       .arg(result.drive.displayName(), formatBytes(result.sampleBytes));
    text += QStringLiteral("%1 %2\n")
                .arg(RecoveryText::tr("written"), 8)
                .arg(RecoveryText::tr("throughput"), 12);
    for (const FillSample &s : result.samples) {
        const double percent = result.drive.sizeBytes ? 100.0 * double(s.offset + s.bytes) /
                                                            double(result.drive.sizeBytes)
                                                      : 0;
        text += QStringLiteral("%1 %2\n")
                    .arg(QStringLiteral("%1 %").arg(percent, 0, 'f', 1), 8)
                    .arg(formatRate(s.bytesPerSecond), 12);
    }
    text += RecoveryText::tr("Mean %1 over %2\n")
                .arg(formatRate(result.meanBytesPerSecond), formatBytes(result.bytesWritten));
    if (result.cliff.found)
        text += RecoveryText::tr("Cliff at %1 % of capacity (%2): %3 before, %4 after (-%5 %)\n")
                    .arg(100 * result.cliff.fractionOfCapacity, 0, 'f', 1)
                    .arg(formatBytes(result.cliff.offset),
                         formatRate(result.cliff.bytesPerSecondBefore),
                         formatRate(result.cliff.bytesPerSecondAfter))
                    .arg(100 * result.cliff.drop, 0, 'f', 0);
    else
        text += RecoveryText::tr("No cliff: the speed never stayed %1 % below what came before\n")
                    .arg(100 * result.plan.cliffDropFraction, 0, 'f', 0);
    return text;
}

} // namespace trimscope::cli
