#pragma once

#include "backends/backend.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace trimscope::gui {

class BarChart;
class ChartWidget;
class CurveChart;

// The write-recovery test and the sequential fill (issue 9): bars per phase as % of fresh out
// of box, and MB/s against % written with the cache cliff marked. Results come from "Open
// result…"; before a run the time and bytes it costs are shown for the selected drive.
class RecoveryTab : public QWidget
{
    Q_OBJECT
public:
    explicit RecoveryTab(QWidget *parent = nullptr);

    void setDrive(const DriveEntry &drive);
    Error openResult(const QString &path);
    BarChart *recoveryChart() const { return m_bars; }
    CurveChart *fillChart() const { return m_curve; }
    ChartWidget *currentChart() const;
    QLabel *estimate() const { return m_estimate; }

signals:
    void exportChartRequested();
    void message(const QString &text);

private:
    void openClicked();
    void updateEstimate();

    DriveEntry m_drive;
    QComboBox *m_preset;
    QLabel *m_estimate;
    QLabel *m_summary;
    QTabWidget *m_views;
    BarChart *m_bars;
    CurveChart *m_curve;
    QTableWidget *m_table;
    QPushButton *m_open;
    QPushButton *m_run;
    QPushButton *m_exportChart;
};

} // namespace trimscope::gui
