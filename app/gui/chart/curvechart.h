#pragma once

#include "staticchart.h"

#include <QList>
#include <QPointF>
#include <optional>

namespace trimscope::gui {

// One measured curve on linear axes, with an optional vertical marker (the fill curve's cache
// cliff).
struct CurveChartData
{
    QString title;
    QString xTitle;
    QString yTitle;
    QString label; // the legend entry of the curve
    QList<QPointF> points;
    double xMin = 0;
    double xMax = 100;
    std::optional<double> markerX;
    QString markerLabel;
};

class CurveChart : public StaticChart
{
    Q_OBJECT
public:
    explicit CurveChart(QWidget *parent = nullptr);

    void setData(const CurveChartData &data);
    const CurveChartData &data() const { return m_data; }
    QString title() const override { return m_data.title; }
    QList<LegendEntry> legendEntries() const override;

protected:
    QChart *buildChart(const QPalette *palette) const override;

private:
    CurveChartData m_data;
};

} // namespace trimscope::gui
