#include "common/units.h"
#include "reports.h"
#include "sweep/trimmeddata.h"

#include <QCoreApplication>
#include <cmath>

namespace trimscope::cli {

namespace {
struct SweepTableText
{
    Q_DECLARE_TR_FUNCTIONS(CliSweep)
};
} // namespace

QString formatSweepReport(const SweepResult &result)
{
    QString text;
    const DriveInfo &drive = result.drive;
    if (drive.simulated)
        text += QStringLiteral("*** SIMULATED DRIVE: no real device was touched ***\n");
    text += QStringLiteral("Drive: %1, %2, %3\n")
                .arg(drive.displayName(), drive.path, formatBytes(drive.sizeBytes));
    const SweepPlan &plan = result.plan.plan;
    text += QStringLiteral("Plan:  %1 .. %2, %3, order %4\n")
                .arg(formatBytes(plan.maxBytes), formatBytes(plan.minBytes),
                     plan.adaptive ? SweepTableText::tr("adaptive (median ±%1 %)%2")
                                         .arg(plan.adaptiveTargetRelativeHalfWidth * 100)
                                         .arg(plan.timeBudgetSeconds > 0
                                                  ? SweepTableText::tr(" within %1")
                                                        .arg(formatSeconds(plan.timeBudgetSeconds))
                                                  : QString())
                                   : QStringLiteral("%1 repeats").arg(plan.repeats),
                     sweepOrderName(plan.order));
    text += SweepTableText::tr("Data:  %1\n").arg(trimmedDataText(result));
    for (const QString &note : result.plan.notes)
        text += QStringLiteral("Note:  %1\n").arg(note);
    text += QLatin1Char('\n');
    // Adaptive sweeps mark each size short of the target with '!' and say why below the table.
    const bool adaptive = plan.adaptive;
    text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                .arg(QStringLiteral("SIZE"), 10)
                .arg(QStringLiteral("N"), 4)
                .arg(QStringLiteral("MEDIAN"), 11)
                .arg(QStringLiteral("95% CI of median"), 23)
                .arg(QStringLiteral("±"), 7)
                .arg(QStringLiteral("MIN"), 11)
                .arg(QStringLiteral("MAX"), 11)
                .arg(QStringLiteral("THROUGHPUT"), 13);
    QStringList shortOfTarget;
    for (const SizePoint &point : result.points) {
        const SampleStatistics &st = point.stats;
        const double halfWidth = st.medianCiRelativeHalfWidth();
        const bool isShort = result.shortfall(point) != TargetShortfall::None;
        if (isShort)
            shortOfTarget.append(QStringLiteral("  %1: %2")
                                     .arg(formatBytes(point.bytes), result.precisionText(point)));
        text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                    .arg(formatBytes(point.bytes), 10)
                    .arg(st.count, 4)
                    .arg(formatSeconds(st.median), 11)
                    .arg(formatSeconds(st.medianCiLow) + QStringLiteral(" – ") +
                             formatSeconds(st.medianCiHigh),
                         23)
                    .arg((std::isfinite(halfWidth)
                              ? QStringLiteral("%1%").arg(halfWidth * 100, 0, 'f', 1)
                              : QStringLiteral("?")) +
                             (isShort ? QStringLiteral("!") : QString()),
                         7)
                    .arg(formatSeconds(st.min), 11)
                    .arg(formatSeconds(st.max), 11)
                    .arg(formatRate(point.throughput()), 13);
    }
    text += QLatin1Char('\n');
    if (const QString empty = emptyTrimCheckText(result); !empty.isEmpty())
        text += SweepTableText::tr("Empty space: %1\n").arg(empty);
    if (adaptive) {
        if (shortOfTarget.isEmpty())
            text += SweepTableText::tr("Every size reached its target of ±%1 %.\n")
                        .arg(plan.adaptiveTargetRelativeHalfWidth * 100, 0, 'g', 3);
        else
            text += SweepTableText::tr("TARGET NOT REACHED for %1 of %2 sizes (marked !):\n")
                        .arg(shortOfTarget.size())
                        .arg(result.points.size()) +
                    shortOfTarget.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    // Every discard sent, the empty-space check's too: what the device's own counter shows.
    const qsizetype sent = result.discardsSent();
    switch (result.stopReason) {
    case StopReason::Completed:
        text += QStringLiteral("Complete: %1 discards in %2.\n")
                    .arg(sent)
                    .arg(formatSeconds(result.elapsedSeconds));
        break;
    case StopReason::Cancelled:
        text += QStringLiteral("INCOMPLETE: cancelled after %1 discards.\n").arg(sent);
        break;
    case StopReason::TimeBudget:
        text += adaptive
                    ? SweepTableText::tr("The time budget of %1 ran out after %2 discards.\n")
                          .arg(formatSeconds(plan.timeBudgetSeconds))
                          .arg(sent)
                    : QStringLiteral("INCOMPLETE: the time budget ran out after %1 discards.\n")
                          .arg(sent);
        break;
    case StopReason::Failed:
        text += QStringLiteral("INCOMPLETE: failed after %1 discards: %2\n")
                    .arg(sent)
                    .arg(result.error.message);
        break;
    }
    if (result.checkDiscards() > 0)
        text += SweepTableText::tr("Of them, %1 timed the sizes and %2 checked empty space.\n")
                    .arg(result.samples.size())
                    .arg(result.checkDiscards());
    return text;
}

} // namespace trimscope::cli
