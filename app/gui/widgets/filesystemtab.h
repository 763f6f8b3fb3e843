#pragma once

#include "backends/backend.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace trimscope::gui {

class BarChart;

// The filesystem experiments (issue 6): the delete workload with and without online discard,
// and mkfs with and without its whole-device discard, as grouped bars (phase × discard on/off
// × filesystem) and a table. Results come from "Open result…" (the CLI's JSON); running them
// from here needs the helper's jobs.
class FilesystemTab : public QWidget
{
    Q_OBJECT
public:
    explicit FilesystemTab(QWidget *parent = nullptr);

    void setDrive(const DriveEntry &drive);
    Error openResult(const QString &path);
    BarChart *chart() const { return m_chart; }
    QTableWidget *table() const { return m_table; }
    QLabel *summary() const { return m_summary; }

signals:
    void exportChartRequested();
    void message(const QString &text);

private:
    void openClicked();

    QLabel *m_summary;
    BarChart *m_chart;
    QTableWidget *m_table;
    QPushButton *m_open;
    QPushButton *m_run;
    QPushButton *m_exportChart;
};

} // namespace trimscope::gui
