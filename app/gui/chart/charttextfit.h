#pragma once

#include <QFont>
#include <QString>

class QChart;

namespace trimscope::gui {

// `text` broken at spaces into lines no wider than `room` pixels in `font`, at most `maxLines`
// of them, as rich text ("a<br>b", escaped); the text unchanged when it fits on one line; empty
// when it cannot fit (a word wider than the room, or more lines than allowed).
QString wrappedToWidth(const QString &text, const QFont &font, double room, int maxLines);

// QtCharts cuts a title wider than the chart, a horizontal axis title wider than the plot and a
// vertical one longer than the plot is high to "…" (issue 47: at 1024×768 "TRIM-Zeit je
// Discard-Gr…", "Discard-Größe (log…"). This breaks each at spaces instead, from the whole text
// it had when first fitted, for the chart's size now: call it whenever the plot area changes.
// A vertical axis title keeps verticalAxisTitle's one or two lines. An axis title that does not
// fit (in three lines, horizontal) is left out: its labels and the chart's title say what the axis
// plots. The chart's title is never left out.
// A vertical axis marked with keepsOwnTitle() is left to its owner (ChartCanvas, which has a
// short title of its own).
void fitChartTexts(QChart *chart);
// The whole title of `chart` (kept for fitChartTexts), after it was set or changed.
void setWholeTitle(QChart *chart, const QString &title);
inline constexpr char keepsOwnTitle[] = "trimscopeKeepsOwnTitle";
// A vertical axis whose labels carry no unit (the stall chart's "0.1", "10", "1,000") sets a
// short title in this property: where its whole title does not fit, the short one is shown,
// not none (at 1024×768 the stall chart's axis said neither "ms" nor "latency").
inline constexpr char shortAxisTitle[] = "trimscopeShortTitle";

} // namespace trimscope::gui
