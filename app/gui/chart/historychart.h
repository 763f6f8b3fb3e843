#pragma once

#include "staticchart.h"

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QPointF>
#include <utility>

namespace trimscope::gui {

// One figure of a drive's days (host writes, the day's highest temperature, ...) drawn over
// time: x is the day (milliseconds since the epoch, the day's start), y the value. A day the
// history has no reading of breaks the line: each piece is a run of consecutive days, so a gap
// shows as a gap and nothing is drawn across it.
struct HistoryLine
{
    QString label;
    int color = 0; // seriesStyle's index
    Qt::PenStyle style = Qt::SolidLine;
    bool rightAxis = false;
    QList<QList<QPointF>> pieces;

    int pointCount() const;
};

// Events on the time axis (fstrim runs): markers along the top of the plot.
struct HistoryMarkers
{
    QString label;
    int color = 0;
    QList<double> at; // milliseconds since the epoch
};

struct HistoryChartData
{
    QString title;
    QString leftTitle;
    QString rightTitle; // empty: no right axis
    QList<HistoryLine> lines;
    QList<HistoryMarkers> markers;
};

// (day, value) points split into runs of consecutive days, `scale` dividing each value.
struct DayValue
{
    QDate day;
    double value = 0;
};
QList<QList<QPointF>> piecesOverDays(const QList<DayValue> &points, double scale = 1);
double dayToX(QDate day);

// A drive-history graph: lines on a date axis over the days shown (setDays), the vertical axes
// fitted to what falls in them. Static: rebuilt whole when its data or days change.
class HistoryChart : public StaticChart
{
    Q_OBJECT
public:
    explicit HistoryChart(QWidget *parent = nullptr);

    void setData(const HistoryChartData &data);
    const HistoryChartData &data() const { return m_data; }
    // The days shown, both included; rebuilt at once.
    void setDays(QDate first, QDate last);
    QDate firstDay() const { return m_first; }
    QDate lastDay() const { return m_last; }
    // The range the chart on screen shows on its date axis (what a test reads back).
    std::pair<QDateTime, QDateTime> shownRange() const;

    QString title() const override { return m_data.title; }
    QList<LegendEntry> legendEntries() const override;

protected:
    QChart *buildChart(const QPalette *palette) const override;

private:
    HistoryChartData m_data;
    QDate m_first;
    QDate m_last;
};

} // namespace trimscope::gui
