#pragma once

#include "chartwidget.h"

#include <QList>
#include <QStringList>
#include <optional>

class QChartView;

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
    QString valueFormat = QStringLiteral("%.3g"); // printf format of the value axis labels
    std::optional<double> referenceLine;          // a dashed line across, e.g. 100 % of FOB
    QString referenceLabel;
};

// Results of the filesystem and write-recovery experiments as grouped bars. Static data: the
// chart is rebuilt when the data changes (these results arrive whole, never point by point).
class BarChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit BarChart(QWidget *parent = nullptr);

    void setData(const BarChartData &data);
    const BarChartData &data() const { return m_data; }
    QString title() const override { return m_data.title; }
    QStringList setLabels() const;

protected:
    void changeEvent(QEvent *event) override;
    void renderTo(QPainter &painter, QSize size) const override;

private:
    void rebuild();

    BarChartData m_data;
    QChartView *m_view;
};

} // namespace trimscope::gui
