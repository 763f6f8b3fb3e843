#pragma once

#include "staticchart.h"

#include <QList>
#include <QPointF>

namespace trimscope::gui {

// Latency over time on a log scale (the longest I/O completing in each bucket, as points), with the time each discard ran shaded per phase and the
// pass/fail limit drawn across: the stall test's view.
struct StallChartData
{
    QString title;
    QString xTitle;
    QString yTitle;
    QString yShortTitle; // where yTitle does not fit: still says the unit ("Latency (ms)")
    QString lineLabel;
    QList<QPointF> latency; // x seconds, y milliseconds (> 0)
    struct Band
    {
        QString label;            // "Small discards (64 KiB)"
        QList<QPointF> intervals; // x = start, y = end, seconds
    };
    QList<Band> discards;
    double limitMs = 0; // 0: none
    QString limitLabel;
    double xMax = 1;
};

class StallChart : public StaticChart
{
    Q_OBJECT
public:
    explicit StallChart(QWidget *parent = nullptr);

    void setData(const StallChartData &data);
    const StallChartData &data() const { return m_data; }
    QString title() const override { return m_data.title; }
    QList<LegendEntry> legendEntries() const override;

protected:
    QChart *buildChart(const QPalette *palette) const override;

private:
    StallChartData m_data;
};

} // namespace trimscope::gui
