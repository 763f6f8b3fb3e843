#pragma once

#include "staticchart.h"

#include <QList>
#include <QStringList>
#include <optional>

namespace trimscope::gui {

struct BarSetData
{
    QString label;
    QList<double> values; // one per category; missing values are 0
};

// Grouped bars: one group per category, one bar per set in each group.
struct BarChartData
{
    QString title;
    QStringList categories;
    QList<BarSetData> sets;
    QString valueTitle;                           // the value axis' title, with its unit
    QString valueFormat; // printf format of the value axis labels; empty: decimals by range
    std::optional<double> referenceLine;          // a dashed line across, e.g. 100 % of FOB
    QString referenceLabel;
};

// Results of the filesystem and write-recovery experiments as grouped bars. Static data: the
// chart is rebuilt when the data changes (these results arrive whole, never point by point).
class BarChart : public StaticChart
{
    Q_OBJECT
public:
    explicit BarChart(QWidget *parent = nullptr);

    void setData(const BarChartData &data);
    const BarChartData &data() const { return m_data; }
    QString title() const override { return m_data.title; }
    QStringList setLabels() const;
    QList<LegendEntry> legendEntries() const override;

protected:
    QChart *buildChart(const QPalette *palette) const override;

private:
    BarChartData m_data;
};

} // namespace trimscope::gui
