#include "recoveryview.h"

#include "common/units.h"

#include <QCoreApplication>
#include <cmath>

namespace trimscope::gui {

using namespace trimscope::recovery;

namespace {
// A named context lupdate and the runtime agree on (a free tr() wrapper in a namespace gets the
// namespace's name from lupdate, so its strings never matched).
struct RecoveryView
{
    Q_DECLARE_TR_FUNCTIONS(RecoveryView)
};

constexpr double kMiB = 1024.0 * 1024.0;
} // namespace

BarChartData recoveryChartData(const RecoveryResult &result)
{
    BarChartData data;
    data.title = RecoveryView::tr("Random 4 KiB writes per phase, as % of fresh out of box");
    data.valueTitle = RecoveryView::tr("IOPS, % of fresh out of box");
    data.valueFormat = QStringLiteral("%.0f %%");
    data.referenceLine = 100;
    data.referenceLabel = RecoveryView::tr("fresh out of box = 100 %");
    BarSetData set{result.drive.displayName(), {}};
    for (const PhaseMeasurement &m : result.measurements) {
        data.categories.append(recoveryPhaseTitle(m.phase));
        set.values.append(m.percentOfFob);
    }
    data.sets.append(set);
    return data;
}

ResultTable recoveryTable(const RecoveryResult &result)
{
    ResultTable table;
    table.header = {RecoveryView::tr("Phase"),       RecoveryView::tr("IOPS"),
                    RecoveryView::tr("% of FOB"),    RecoveryView::tr("Throughput"),
                    RecoveryView::tr("Latency p50"), RecoveryView::tr("Latency p99")};
    for (const PhaseMeasurement &m : result.measurements) {
        table.rows.append({recoveryPhaseTitle(m.phase), formatCount(std::llround(m.figures.iops)),
                           formatFixed(m.percentOfFob, 1), formatRate(m.figures.bytesPerSecond),
                           formatSeconds(m.figures.latencyP50Seconds),
                           formatSeconds(m.figures.latencyP99Seconds)});
    }
    return table;
}

QString recoverySummary(const RecoveryResult &result)
{
    QString text =
        RecoveryView::tr("%1: %2 random-write phases, %3 of idle time, %4 written in %5.")
            .arg(result.drive.displayName())
            .arg(result.measurements.size())
            .arg(formatSeconds(result.idleSeconds), formatBytes(result.bytesWritten),
                 formatSeconds(result.elapsedSeconds));
    if (!result.complete())
        text += QLatin1Char(' ') +
                RecoveryView::tr("The run did not complete: %1").arg(result.error.message);
    return text;
}

CurveChartData fillCurveChartData(const FillCurveResult &result)
{
    CurveChartData data;
    data.title = RecoveryView::tr("Sequential fill: write speed across the drive");
    data.xTitle = RecoveryView::tr("Capacity written (%)");
    data.yTitle = RecoveryView::tr("Write speed (MiB/s)");
    data.label = result.drive.displayName();
    const double capacity = double(std::max<quint64>(result.drive.sizeBytes, 1));
    for (const FillSample &sample : result.samples) {
        const double x = 100.0 * double(sample.offset + sample.bytes) / capacity;
        data.points.append({x, sample.bytesPerSecond / kMiB});
    }
    if (result.cliff.found) {
        data.markerX = 100.0 * result.cliff.fractionOfCapacity;
        data.markerLabel = RecoveryView::tr("cliff at %1 %: %2 → %3 MiB/s")
                               .arg(formatFixed(*data.markerX, 0),
                                    formatFixed(result.cliff.bytesPerSecondBefore / kMiB, 0),
                                    formatFixed(result.cliff.bytesPerSecondAfter / kMiB, 0));
    }
    return data;
}

QString fillCurveSummary(const FillCurveResult &result)
{
    QString text = RecoveryView::tr("%1: %2 written at %3 on average.")
                       .arg(result.drive.displayName(), formatBytes(result.bytesWritten),
                            formatRate(result.meanBytesPerSecond));
    text += QLatin1Char(' ');
    text += result.cliff.found
                ? RecoveryView::tr(
                      "The speed falls by %1 % after %2 % of the capacity (a write cache running "
                      "out).")
                      .arg(formatFixed(result.cliff.drop * 100, 0),
                           formatFixed(result.cliff.fractionOfCapacity * 100, 0))
                : RecoveryView::tr("No cliff: the speed holds across the drive.");
    return text;
}

QString estimateText(const RunEstimate &estimate)
{
    return RecoveryView::tr("about %1, writing about %2 (%3× the drive's capacity)")
        .arg(formatDuration(estimate.seconds), formatBytes(estimate.totalBytes()),
             formatFixed(estimate.capacityMultiple, 1));
}

QString estimateAssumption()
{
    return RecoveryView::tr("Times assume %1 sequential writes; the run measures the real speed.")
        .arg(formatRate(kAssumedSequentialBytesPerSecond));
}

} // namespace trimscope::gui
