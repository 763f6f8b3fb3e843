#pragma once

#include "chart/historychart.h"
#include "history/historylifespan.h"
#include "history/historystore.h"

#include <QList>

// The History view's graphs from a drive's recorded days and events: which figures each graph
// draws, their words and units. Pure: the tab reads the store, this turns what it read into
// chart data, a test checks it without a window.
namespace trimscope::gui {

enum class HistoryGraph { WritesAndWear, Lifespan, Temperature, Errors, Discards };
inline constexpr int kHistoryGraphCount = int(HistoryGraph::Discards) + 1;

struct DriveHistory
{
    history::DriveRecord drive;
    QList<history::HistoryDay> days; // sorted by day; a missing day is a gap
    QList<history::HistoryEvent> events;
};

// The lifespan as the CLI's `history` prints it: core's estimates from the average since new
// and from the last 30 and 90 days' write rate, as of the last recorded day.
struct HistoryLifespans
{
    health::LifespanEstimate sinceNew;
    QList<history::WindowLifespan> windows; // 30, 90
};
HistoryLifespans lifespansOf(const QList<history::HistoryDay> &days, double capacityBytes);

HistoryChartData historyGraph(HistoryGraph graph, const DriveHistory &recorded);
// The name an export of the graph suggests ("history-temperature").
QString historyGraphFileName(HistoryGraph graph);

} // namespace trimscope::gui
