#include "stallview.h"

#include "common/units.h"

#include <QCoreApplication>

namespace trimscope::gui {

using namespace trimscope::stall;

namespace {
struct StallView
{
    Q_DECLARE_TR_FUNCTIONS(StallView)
};
} // namespace

StallChartData stallChartData(const StallResult &result)
{
    StallChartData data;
    data.title = StallView::tr("I/O latency while discards run");
    data.xTitle = StallView::tr("Time (s)");
    data.yTitle = StallView::tr("Longest I/O latency (ms, log scale)");
    data.yShortTitle = StallView::tr("Latency (ms)");
    data.lineLabel = result.plan.writes ? StallView::tr("QD1 4 KiB reads and writes")
                                        : StallView::tr("QD1 4 KiB reads");
    const StallTimeline &t = result.timeline;
    for (qsizetype i = 0; i < t.maxLatencySeconds.size(); ++i) {
        // Empty buckets (nothing completed: a stall) have no latency of their own; the bucket
        // where the stalled I/O completes shows it.
        if (t.maxLatencySeconds[i] > 0)
            data.latency.append(
                {(double(i) + 0.5) * t.bucketSeconds, t.maxLatencySeconds[i] * 1e3});
    }
    data.xMax = double(t.maxLatencySeconds.size()) * t.bucketSeconds;
    for (const StallPhase phase : stallDiscardPhases()) {
        StallChartData::Band band;
        for (const StallDiscard &d : result.discards) {
            if (d.phase != phase)
                continue;
            if (band.intervals.isEmpty())
                band.label = StallView::tr("%1 (%2)").arg(stallPhaseTitle(phase),
                                                          formatBytes(d.bytes));
            band.intervals.append({d.startSeconds, d.startSeconds + d.seconds});
        }
        if (!band.intervals.isEmpty())
            data.discards.append(band);
    }
    data.limitMs = result.plan.maxLatencySeconds * 1e3;
    data.limitLabel =
        StallView::tr("limit %1").arg(formatSeconds(result.plan.maxLatencySeconds));
    return data;
}

ResultTable stallTable(const StallResult &result)
{
    ResultTable table;
    table.header = {StallView::tr("Phase"),          StallView::tr("Discard size"),
                    StallView::tr("Discard takes"),  StallView::tr("I/Os"),
                    StallView::tr("Latency p50"),    StallView::tr("p99"),
                    StallView::tr("p99.9"),          StallView::tr("max"),
                    StallView::tr("Added per discard"), StallView::tr("Longest stall")};
    for (const StallPhaseFigures &p : result.phases) {
        const bool discards = p.phase != StallPhase::Baseline;
        const QString none = QStringLiteral("–");
        table.rows.append({stallPhaseTitle(p.phase),
                           discards ? formatBytes(p.discardBytes) : none,
                           discards ? formatSeconds(p.discardMedianSeconds) : none,
                           formatCount(p.ios), formatSeconds(p.p50Seconds),
                           formatSeconds(p.p99Seconds), formatSeconds(p.p999Seconds),
                           formatSeconds(p.maxSeconds),
                           discards ? formatSeconds(p.addedPerDiscardSeconds) : none,
                           discards ? formatSeconds(p.longestStallSeconds) : none});
    }
    return table;
}

QString stallSummary(const StallResult &result)
{
    QString text = StallView::tr("%1: %2").arg(result.drive.displayName(), result.summary());
    if (!result.complete())
        text += QLatin1Char(' ') +
                StallView::tr("The run did not complete: %1").arg(result.error.message);
    return text;
}

} // namespace trimscope::gui
