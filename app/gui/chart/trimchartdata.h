#pragma once

#include <QList>
#include <QString>
#include <QtGlobal>

namespace trimscope::gui {

enum class ChartMetric {
    Latency,    // median seconds per discard; band from the spread
    Throughput, // bytes per second at the median
};

// One block size of one run: median and the spread band (p5–p95, or min–max for few samples).
struct ChartPoint
{
    quint64 bytes = 0;
    double median = 0;
    double low = 0;
    double high = 0;
};

struct ChartSeries
{
    QString label;
    QList<ChartPoint> points; // ascending bytes
    int style = -1;           // seriesStyle's index; -1: the series' position
};

} // namespace trimscope::gui
