#include "common/units.h"
#include "reports.h"

namespace trimscope::cli {

QString formatSweepReport(const SweepResult &result)
{
    QString text;
    const DriveInfo &drive = result.drive;
    if (drive.simulated)
        text += QStringLiteral("*** SIMULATED DRIVE: no real device was touched ***\n");
    text += QStringLiteral("Drive: %1, %2, %3\n")
                .arg(drive.displayName(), drive.path, formatBytes(drive.sizeBytes));
    const SweepPlan &plan = result.plan.plan;
    text += QStringLiteral("Plan:  %1 .. %2, %3, order %4%5\n")
                .arg(formatBytes(plan.maxBytes), formatBytes(plan.minBytes),
                     plan.adaptive ? QStringLiteral("adaptive (median ±%1 %)")
                                         .arg(plan.adaptiveTargetRelativeHalfWidth * 100)
                                   : QStringLiteral("%1 repeats").arg(plan.repeats),
                     sweepOrderName(plan.order),
                     plan.prewrite ? QStringLiteral(", pre-written") : QString());
    for (const QString &note : result.plan.notes)
        text += QStringLiteral("Note:  %1\n").arg(note);
    text += QLatin1Char('\n');
    text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                .arg(QStringLiteral("SIZE"), 10)
                .arg(QStringLiteral("N"), 4)
                .arg(QStringLiteral("MEDIAN"), 11)
                .arg(QStringLiteral("95% CI of median"), 23)
                .arg(QStringLiteral("MIN"), 11)
                .arg(QStringLiteral("MAX"), 11)
                .arg(QStringLiteral("THROUGHPUT"), 13);
    for (const SizePoint &point : result.points) {
        const SampleStatistics &st = point.stats;
        text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                    .arg(formatBytes(point.bytes), 10)
                    .arg(st.count, 4)
                    .arg(formatSeconds(st.median), 11)
                    .arg(formatSeconds(st.medianCiLow) + QStringLiteral(" – ") +
                             formatSeconds(st.medianCiHigh),
                         23)
                    .arg(formatSeconds(st.min), 11)
                    .arg(formatSeconds(st.max), 11)
                    .arg(formatRate(point.throughput()), 13);
    }
    text += QLatin1Char('\n');
    switch (result.stopReason) {
    case StopReason::Completed:
        text += QStringLiteral("Complete: %1 discards in %2.\n")
                    .arg(result.samples.size())
                    .arg(formatSeconds(result.elapsedSeconds));
        break;
    case StopReason::Cancelled:
        text +=
            QStringLiteral("INCOMPLETE: cancelled after %1 discards.\n").arg(result.samples.size());
        break;
    case StopReason::TimeBudget:
        text += QStringLiteral("INCOMPLETE: the time budget ran out after %1 discards.\n")
                    .arg(result.samples.size());
        break;
    case StopReason::Failed:
        text += QStringLiteral("INCOMPLETE: failed after %1 discards: %2\n")
                    .arg(result.samples.size())
                    .arg(result.error.message);
        break;
    }
    return text;
}

} // namespace trimscope::cli
