#include "historygraphs.h"

#include "common/units.h"
#include "history/historylifespan.h"

#include <QCoreApplication>
#include <algorithm>

namespace trimscope::gui {

using history::EventKind;
using history::HistoryDay;
using history::Metric;

namespace {
struct HistoryGraphText
{
    Q_DECLARE_TR_FUNCTIONS(HistoryGraphs)
};

QList<DayValue> valuesOf(const QList<HistoryDay> &days, Metric metric)
{
    QList<DayValue> out;
    for (const HistoryDay &d : days) {
        if (const auto v = d.value(metric))
            out.append({d.day, *v});
    }
    return out;
}

HistoryLine lineOf(const QString &label, int color, const QList<DayValue> &values, double scale = 1)
{
    HistoryLine line;
    line.label = label;
    line.color = color;
    line.pieces = piecesOverDays(values, scale);
    return line;
}

// The binary unit the largest value reads in (1 TiB for 6 × 10^12 bytes), so the axis counts
// in it, named as the one formatter names it.
std::pair<double, QString> bytesUnit(const QList<DayValue> &values)
{
    double top = 0;
    for (const DayValue &v : values)
        top = std::max(top, v.value);
    return byteUnitAtMost(top);
}

HistoryChartData writesAndWear(const QList<HistoryDay> &days)
{
    const QList<DayValue> writes = valuesOf(days, Metric::HostWritesBytes);
    const auto [unit, unitName] = bytesUnit(writes);
    HistoryChartData data;
    data.title = HistoryGraphText::tr("Host writes and wear");
    data.leftTitle = HistoryGraphText::tr("Written (%1)").arg(unitName);
    data.rightTitle = HistoryGraphText::tr("Wear (% used)");
    data.lines.append(lineOf(HistoryGraphText::tr("Host writes since new"), 0, writes, unit));
    HistoryLine wear = lineOf(HistoryGraphText::tr("Wear: percentage used (right axis)"), 1,
                              valuesOf(days, Metric::PercentUsed));
    wear.rightAxis = true;
    data.lines.append(wear);
    return data;
}

// The lifespan each recorded day would have been given: core's estimates over the days up to
// it, so a change of write rate shows as the recent lines leaving the one since new.
HistoryChartData lifespan(const DriveHistory &recorded)
{
    QList<DayValue> sinceNew, last30, last90;
    const double capacity = recorded.drive.capacityBytes;
    for (qsizetype i = 0; i < recorded.days.size(); ++i) {
        const QList<HistoryDay> upTo = recorded.days.mid(0, i + 1);
        const QDate day = recorded.days.at(i).day;
        const HistoryLifespans l = lifespansOf(upTo, capacity);
        if (l.sinceNew.years)
            sinceNew.append({day, *l.sinceNew.years});
        if (l.windows.at(0).estimate.years)
            last30.append({day, *l.windows.at(0).estimate.years});
        if (l.windows.at(1).estimate.years)
            last90.append({day, *l.windows.at(1).estimate.years});
    }
    HistoryChartData data;
    data.title = HistoryGraphText::tr("Lifespan estimate");
    data.leftTitle = HistoryGraphText::tr("Life (years)");
    data.lines.append(lineOf(HistoryGraphText::tr("From the average since new"), 0, sinceNew));
    HistoryLine l90 = lineOf(HistoryGraphText::tr("From the last 90 days"), 2, last90);
    l90.style = Qt::DashLine;
    data.lines.append(l90);
    data.lines.append(lineOf(HistoryGraphText::tr("From the last 30 days"), 1, last30));
    return data;
}

HistoryChartData temperature(const QList<HistoryDay> &days)
{
    HistoryChartData data;
    data.title = HistoryGraphText::tr("Temperature");
    data.leftTitle = HistoryGraphText::tr("Temperature (°C)");
    data.lines.append(lineOf(HistoryGraphText::tr("Highest of the day"), 1,
                             valuesOf(days, Metric::TemperatureMaxCelsius)));
    data.lines.append(lineOf(HistoryGraphText::tr("Lowest of the day"), 5,
                             valuesOf(days, Metric::TemperatureMinCelsius)));
    return data;
}

HistoryChartData errors(const QList<HistoryDay> &days)
{
    HistoryChartData data;
    data.title = HistoryGraphText::tr("Errors");
    data.leftTitle = HistoryGraphText::tr("Count since new");
    data.lines.append(
        lineOf(HistoryGraphText::tr("Media errors"), 1, valuesOf(days, Metric::MediaErrors)));
    data.lines.append(
        lineOf(HistoryGraphText::tr("CRC errors"), 4, valuesOf(days, Metric::CrcErrors)));
    data.lines.append(lineOf(HistoryGraphText::tr("Reallocated sectors"), 0,
                             valuesOf(days, Metric::ReallocatedSectors)));
    data.lines.append(
        lineOf(HistoryGraphText::tr("Pending sectors"), 3, valuesOf(days, Metric::PendingSectors)));
    return data;
}

HistoryChartData discards(const DriveHistory &recorded)
{
    HistoryChartData data;
    data.title = HistoryGraphText::tr("Discards served and fstrim runs");
    data.leftTitle = HistoryGraphText::tr("Discards per day");
    data.lines.append(lineOf(HistoryGraphText::tr("Discards the drive served"), 0,
                             valuesOf(recorded.days, Metric::DiscardCount)));
    HistoryMarkers ran{HistoryGraphText::tr("fstrim run"), 2, {}};
    HistoryMarkers failed{HistoryGraphText::tr("fstrim run that failed"), 1, {}};
    HistoryMarkers reach{HistoryGraphText::tr("TRIM reach changed"), 4, {}};
    for (const history::HistoryEvent &e : recorded.events) {
        const double at = double(e.at.toMSecsSinceEpoch());
        if (e.kind == EventKind::TrimReach)
            reach.at.append(at);
        else if (e.details.value(QStringLiteral("succeeded")).toBool(true))
            ran.at.append(at);
        else
            failed.at.append(at);
    }
    data.markers = {ran, failed, reach};
    return data;
}
} // namespace

HistoryLifespans lifespansOf(const QList<HistoryDay> &days, double capacityBytes)
{
    HistoryLifespans out;
    out.sinceNew = history::lifespanSinceNew(days, capacityBytes, {});
    out.windows = {history::lifespanOverWindow(days, 30, capacityBytes, {}),
                   history::lifespanOverWindow(days, 90, capacityBytes, {})};
    return out;
}

HistoryChartData historyGraph(HistoryGraph graph, const DriveHistory &recorded)
{
    switch (graph) {
    case HistoryGraph::WritesAndWear:
        return writesAndWear(recorded.days);
    case HistoryGraph::Lifespan:
        return lifespan(recorded);
    case HistoryGraph::Temperature:
        return temperature(recorded.days);
    case HistoryGraph::Errors:
        return errors(recorded.days);
    case HistoryGraph::Discards:
        return discards(recorded);
    }
    return {};
}

QString historyGraphFileName(HistoryGraph graph)
{
    static const char *const names[] = {"history-writes-and-wear", "history-lifespan",
                                        "history-temperature", "history-errors",
                                        "history-discards"};
    return QString::fromLatin1(names[int(graph)]);
}

} // namespace trimscope::gui
